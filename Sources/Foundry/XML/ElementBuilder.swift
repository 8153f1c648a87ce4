import FoundryJSON
import FoundryXML

/// The walk behind ``XMLJSONView/element(named:from:namespaces:)``: one frame per open element
/// on an explicit stack, so the nesting depth of the JSON never reaches the call stack.
struct ElementBuilder {
  /// Namespace URIs by prefix in force at the innermost open element.
  private var scope: [String: String]
  private var stack: [Frame] = []

  /// An element being built from a JSON object, and where the walk is in the object.
  private struct Frame {
    var element: XMLElementValue
    let members: JSONObject
    /// Whether the object has `"#content"`, which then gives the child elements and text
    /// (walked after the attributes), in order.
    let isOrdered: Bool
    let content: [JSONValue]?
    /// The next member, and the next item of the array member at `next - 1` being walked.
    var next = 0
    var items: [JSONValue] = []
    var nextItem = 0
    var nextContent = 0
    /// The scope of the parent, restored when the element is done.
    let parentScope: [String: String]
    /// Where the element sits in its parent's value, for error paths.
    let place: [MappingPath.Component]
  }

  /// A child element to build: its name, value and place in the parent's value.
  private typealias Child = (name: String, value: JSONValue, place: [MappingPath.Component])

  init(scope: [String: String]) { self.scope = scope }

  /// The element named `name` that `value` stands for.
  mutating func element(named name: String, from value: JSONValue) throws(MappingError) -> XMLElementValue {
    var pending: Child? = (name, value, [])
    while true {
      if let child = pending {
        pending = nil
        if let scalar = try open(child) {
          guard let top = stack.indices.last else { return scalar }
          stack[top].element.children.append(.element(scalar))
        }
      }
      guard let top = stack.indices.last else { preconditionFailure("the root element is either a scalar or a frame") }
      if let child = try nextChild(of: top) {
        pending = child
        continue
      }
      let done = stack.removeLast()
      scope = done.parentScope
      guard let parent = stack.indices.last else { return done.element }
      stack[parent].element.children.append(.element(done.element))
    }
  }

  // MARK: - Elements

  /// Opens the element for `child`: a finished element for a scalar, `nil` after pushing the
  /// frame of an object.
  private mutating func open(_ child: Child) throws(MappingError) -> XMLElementValue? {
    do throws(MappingError) {
      guard case .object(let object) = child.value else {
        var element = XMLElementValue(try resolve(child.name, isAttribute: false))
        if let text = try Self.scalarText(child.value, at: child.name) { element.children = text.isEmpty ? [] : [.text(text)] }
        return element
      }
      let parentScope = scope
      // Declarations first, so the element's own name resolves against them.
      for (key, member) in object where key == "@xmlns" || key.hasPrefix("@xmlns:") {
        scope[key == "@xmlns" ? "" : String(key.dropFirst(7))] = try Self.scalarText(member, at: key) ?? ""
      }
      let element: XMLElementValue
      do throws(MappingError) {
        element = XMLElementValue(try resolve(child.name, isAttribute: false))
      } catch {
        scope = parentScope
        throw error
      }
      let ordered = object["#content"]
      let content: [JSONValue]? = if case .array(let content)? = ordered { content } else { nil }
      stack.append(
        Frame(element: element, members: object, isOrdered: ordered != nil, content: content, parentScope: parentScope, place: child.place)
      )
      return nil
    } catch {
      throw located(error, at: child.place)
    }
  }

  /// Adds the attributes and text of the frame at `top` up to its next child element, and
  /// returns that child; `nil` when the element is complete.
  private mutating func nextChild(of top: Int) throws(MappingError) -> Child? {
    let members = stack[top].members
    while true {
      if stack[top].nextItem < stack[top].items.count {
        let index = stack[top].nextItem
        stack[top].nextItem += 1
        let key = members.keys[stack[top].next - 1]
        let place: [MappingPath.Component] = [.key(key), .index(index)]
        let item = stack[top].items[index]
        if case .array = item {
          throw located(MappingError(code: .typeMismatch, expected: "an element", found: "an array inside an array (XML has no form for it)"), at: place)
        }
        return (key, item, place)
      }
      guard stack[top].next < members.count else { break }
      let (key, member) = members[stack[top].next]
      stack[top].next += 1
      do throws(MappingError) {
        if key.hasPrefix("@") {
          guard let text = try Self.scalarText(member, at: key) else { continue }
          let name = try resolve(String(key.dropFirst()), isAttribute: true)
          stack[top].element.attributes.append(XMLAttributeValue(name: name, value: text))
        } else if stack[top].isOrdered {
          continue
        } else if key == "#text" {
          if let text = try Self.scalarText(member, at: key), !text.isEmpty { stack[top].element.children.append(.text(text)) }
        } else if case .array(let items) = member {
          stack[top].items = items
          stack[top].nextItem = 0
        } else {
          return (key, member, [.key(key)])
        }
      } catch {
        throw located(error, at: [.key(key)])
      }
    }
    stack[top].items = []
    guard let content = stack[top].content else { return nil }
    while stack[top].nextContent < content.count {
      let index = stack[top].nextContent
      stack[top].nextContent += 1
      let place: [MappingPath.Component] = [.key("#content"), .index(index)]
      switch content[index] {
      case .object(let wrapper) where wrapper.count == 1:
        if let (name, child) = wrapper.first { return (name, child, place) }
      case let item:
        do throws(MappingError) {
          if let text = try Self.scalarText(item, at: "#content"), !text.isEmpty { stack[top].element.children.append(.text(text)) }
        } catch {
          throw located(error, at: place)
        }
      }
    }
    return nil
  }

  /// `error`, met at `place` inside the innermost open element, with the whole path.
  private func located(_ error: MappingError, at place: [MappingPath.Component]) -> MappingError {
    var error = error
    for component in place.reversed() { error.prepend(component) }
    for frame in stack.reversed() {
      for component in frame.place.reversed() { error.prepend(component) }
    }
    return error
  }

  // MARK: - Values and names

  /// The text of a scalar; `nil` for `null`; an error for containers.
  private static func scalarText(_ value: JSONValue, at key: String) throws(MappingError) -> String? {
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
  ///
  /// - Throws: ``MappingError`` for a prefix the scope does not bind: written as is, it would
  ///   make XML that no namespace-aware reader accepts.
  private func resolve(_ qualified: String, isAttribute: Bool) throws(MappingError) -> XMLName {
    if qualified.hasPrefix("{"), let clark = XMLName(clark: qualified), let uri = clark.namespaceURI {
      let prefix = scope.filter { $0.value == uri && !(isAttribute && $0.key.isEmpty) }.map(\.key).min()
      return XMLName(prefix: prefix.flatMap { $0.isEmpty ? nil : $0 }, localName: clark.localName, namespaceURI: uri)
    }
    let name = XMLName(qualified)
    if let prefix = name.prefix {
      if prefix == "xml" { return XMLName(qualified, namespaceURI: XMLName.xmlNamespace) }
      if prefix == "xmlns" { return XMLName(qualified, namespaceURI: XMLName.xmlnsNamespace) }
      guard let uri = scope[prefix], !uri.isEmpty else {
        throw MappingError(
          code: .invalidValue,
          reason: "the prefix '\(prefix)' of \(isAttribute ? "attribute" : "element") '\(qualified)' is not declared (add an \"@xmlns:\(prefix)\" member)"
        )
      }
      return XMLName(qualified, namespaceURI: uri)
    }
    if qualified == "xmlns" { return XMLName(qualified, namespaceURI: XMLName.xmlnsNamespace) }
    return XMLName(qualified, namespaceURI: isAttribute ? nil : scope[""].flatMap { $0.isEmpty ? nil : $0 })
  }
}
