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
  /// - Parameter namespaces: Namespace URIs by prefix (`""` for the default namespace), in
  ///   scope for the whole tree besides any `"@xmlns..."` members.
  /// - Throws: ``MappingError`` for shapes XML cannot hold (an array inside an array, an
  ///   object as an attribute value), with the path to them.
  public static func element(named name: String, from value: JSONValue, namespaces: [String: String] = [:]) throws -> XMLElementValue {
    var scope = namespaces
    return try ElementBuilder.element(named: name, from: value, scope: &scope)
  }

  /// Builds the root element from `convert`'s wrapped form, `{"root-name": value}`.
  ///
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

/// The recursive walk behind ``XMLJSONView/element(named:from:namespaces:)``.
private enum ElementBuilder {
  static func element(named name: String, from value: JSONValue, scope: inout [String: String]) throws -> XMLElementValue {
    let saved = scope
    defer { scope = saved }
    guard case .object(let object) = value else {
      var element = XMLElementValue(resolve(name, in: scope, isAttribute: false))
      if let text = try scalarText(value, at: name) { element.children = text.isEmpty ? [] : [.text(text)] }
      return element
    }
    // Declarations first, so the element's own name resolves against them.
    for (key, member) in object where key == "@xmlns" || key.hasPrefix("@xmlns:") {
      scope[key == "@xmlns" ? "" : String(key.dropFirst(7))] = try scalarText(member, at: key) ?? ""
    }
    var element = XMLElementValue(resolve(name, in: scope, isAttribute: false))
    let ordered = object["#content"]
    for (key, member) in object {
      do {
        if key.hasPrefix("@") {
          guard let text = try scalarText(member, at: key) else { continue }
          element.attributes.append(XMLAttributeValue(name: resolve(String(key.dropFirst()), in: scope, isAttribute: true), value: text))
        } else if ordered != nil {
          continue
        } else if key == "#text" {
          if let text = try scalarText(member, at: key), !text.isEmpty { element.children.append(.text(text)) }
        } else if case .array(let items) = member {
          for (index, item) in items.enumerated() {
            if case .array = item {
              throw MappingError(code: .typeMismatch, expected: "an element", found: "an array inside an array (XML has no form for it)").prepending(.index(index))
            }
            element.children.append(.element(try self.element(named: key, from: item, scope: &scope)))
          }
        } else {
          element.children.append(.element(try self.element(named: key, from: member, scope: &scope)))
        }
      } catch let error as MappingError {
        throw error.prepending(.key(key))
      }
    }
    if case .array(let content)? = ordered {
      for (index, item) in content.enumerated() {
        do {
          switch item {
          case .object(let wrapper) where wrapper.count == 1:
            if let (childName, child) = wrapper.first { element.children.append(.element(try self.element(named: childName, from: child, scope: &scope))) }
          default:
            if let text = try scalarText(item, at: "#content"), !text.isEmpty { element.children.append(.text(text)) }
          }
        } catch let error as MappingError {
          throw error.prepending(.index(index)).prepending(.key("#content"))
        }
      }
    }
    return element
  }

  /// The text of a scalar; `nil` for `null`; an error for containers.
  static func scalarText(_ value: JSONValue, at key: String) throws -> String? {
    switch value {
    case .null: return nil
    case .bool(let bool): return bool ? "true" : "false"
    case .number(let number): return number.text
    case .string(let string): return string
    case .array, .object:
      throw MappingError(code: .typeMismatch, expected: "text for \(key)", found: XMLJSONView.describe(value))
    }
  }

  /// The name with its namespace looked up by prefix (unprefixed attributes have none). A
  /// key path's `{namespace-uri}local` takes a prefix the scope binds to the URI, else the
  /// writer declares one.
  static func resolve(_ qualified: String, in scope: [String: String], isAttribute: Bool) -> XMLName {
    if qualified.hasPrefix("{"), let clark = XMLName(clark: qualified), let uri = clark.namespaceURI {
      let prefix = scope.filter { $0.value == uri && !(isAttribute && $0.key.isEmpty) }.map(\.key).min()
      return XMLName(prefix: prefix.flatMap { $0.isEmpty ? nil : $0 }, localName: clark.localName, namespaceURI: uri)
    }
    let name = XMLName(qualified)
    if let prefix = name.prefix {
      if prefix == "xml" { return XMLName(qualified, namespaceURI: XMLName.xmlNamespace) }
      if prefix == "xmlns" { return XMLName(qualified, namespaceURI: XMLName.xmlnsNamespace) }
      return XMLName(qualified, namespaceURI: scope[prefix])
    }
    if qualified == "xmlns" { return XMLName(qualified, namespaceURI: XMLName.xmlnsNamespace) }
    return XMLName(qualified, namespaceURI: isAttribute ? nil : scope[""].flatMap { $0.isEmpty ? nil : $0 })
  }
}

extension MappingError {
  func prepending(_ component: MappingPath.Component) -> MappingError {
    var copy = self
    copy.prepend(component)
    return copy
  }
}
