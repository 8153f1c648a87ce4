import FoundryJSON
import FoundryXML

extension XMLJSONView {
  /// Builds the element a JSON value stands for under the convention: the way back from
  /// ``document(of:options:)``.
  ///
  /// `"@name"` members become attributes, `"#text"` text, `"#content"` (when present) the
  /// ordered content, arrays repeated elements, and other members child elements. Numbers
  /// and Booleans become their JSON text; `null` an empty element.
  ///
  /// ```swift
  /// let json = try JSONDocument(string: #"{"@id": "7", "tag": [{"@k": "a"}, {"@k": "b"}]}"#).value
  /// let node = try XMLJSONView.element(named: "node", from: json)
  /// // <node id="7"><tag k="a"/><tag k="b"/></node>
  /// ```
  ///
  /// - Parameters:
  ///   - name: The root element's name.
  ///   - value: The element's content in the XML view's form.
  ///   - namespaces: Namespace URIs by prefix (`""` for the default namespace), in
  ///     scope for the whole tree besides any `"@xmlns..."` members.
  /// - Throws: ``MappingError`` for shapes XML cannot hold (an array inside an array, an
  ///   object as an attribute value, a prefix no `"@xmlns:prefix"` member or `namespaces`
  ///   entry declares), with the path to them.
  /// - Complexity: O(*n*) in the values of the tree, with an explicit stack: any depth builds.
  public static func element(named name: String, from value: JSONValue, namespaces: [String: String] = [:]) throws -> XMLElementValue {
    var builder = ElementBuilder(scope: namespaces)
    return try builder.element(named: name, from: value)
  }

  /// Builds the root element from `convert`'s wrapped form, `{"root-name": value}`.
  ///
  /// - Parameters:
  ///   - value: `{"root-name": value}`, as `foundry convert --to json` writes it.
  /// - Throws: ``MappingError`` unless `value` is an object with exactly one member.
  public static func element(fromWrapped value: JSONValue) throws -> XMLElementValue {
    guard case .object(let object) = value, object.count == 1, let (name, root) = object.first else {
      throw MappingError(code: .typeMismatch, expected: "an object with one member, the root element", found: describe(value))
    }
    return try element(named: name, from: root)
  }

  static func describe(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool: "a Boolean"
    case .number: "a number"
    case .string: "a string"
    case .array(let elements): "an array of \(elements.count)"
    case .object(let object): "an object of \(object.count) members"
    }
  }
}

extension MappingError {
  func prepending(_ component: MappingPath.Component) -> MappingError {
    var copy = self
    copy.prepend(component)
    return copy
  }
}
