#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryJSON

/// One value of the input, as a field's type reads it: typed accessors that apply the
/// coercion rules and fail with a ``MappingError`` that says what was expected and found.
///
/// ```swift
/// static func read(from value: ValueReader) throws -> Celsius {
///   Celsius(degrees: try value.double())   // 21.5, or "21.5" in lenient mode
/// }
/// ```
public struct ValueReader {
  @usableFromInline var node: JSONNode
  @usableFromInline let context: MappingContext
  @usableFromInline let coercion: CoercionMode

  @usableFromInline
  init(node: JSONNode, context: MappingContext, coercion: CoercionMode) {
    self.node = node
    self.context = context
    self.coercion = coercion
  }

  /// The JSON type of the value.
  public var kind: JSONNode.Kind { node.kind }
  /// Whether the value is `null`.
  public var isNull: Bool { node.isNull }
  /// The value as a document node, for reading it by hand.
  public var jsonNode: JSONNode { node }
  /// The options of this decoding call.
  public var options: MappingOptions { context.options }

  // MARK: - Scalars

  /// A string; in lenient mode a number reads as its text.
  public func string() throws -> String {
    if let string = node.string { return string }
    if node.isMarkup, node.kind == .object {
      // An element with attributes or children, read as a string: its text.
      return node["#text"]?.string ?? ""
    }
    if coercion == .lenient, let number = node.number {
      context.recordCoercion("number \(number.text) read as String")
      return number.text
    }
    throw mismatch(expected: "String")
  }

  /// A Boolean; in lenient mode `1`/`0` and the strings `true`/`false`/`yes`/`no`/`1`/`0`
  /// (any case) read too.
  public func bool() throws -> Bool {
    if let bool = node.bool { return bool }
    if node.isMarkup, let text = markupText {
      switch text.trimmingSpaces {
      case "true", "1": return true
      case "false", "0": return false
      default: break
      }
    }
    guard coercion == .lenient else { throw mismatch(expected: "Bool") }
    if let number = node.number, let value = number.int64, value == 0 || value == 1 {
      context.recordCoercion("number \(value) read as Bool")
      return value == 1
    }
    if let string = node.string {
      switch string.lowercased() {
      case "true", "yes", "1":
        context.recordCoercion("string \"\(string)\" read as Bool")
        return true
      case "false", "no", "0":
        context.recordCoercion("string \"\(string)\" read as Bool")
        return false
      default: break
      }
    }
    throw mismatch(expected: "Bool")
  }

  /// An integer of any width, exact: a fraction is an error, never truncated; in lenient mode
  /// a string holding an integer reads too.
  /// - Parameters:
  ///   - type: The integer type; a value out of its range is an error.
  @inlinable
  public func integer<T: FixedWidthInteger>(_ type: T.Type = T.self) throws -> T {
    // Non-generic core with the type's bounds; the name is only spelled out on failure.
    switch try integer(signed: T.isSigned, minimum: Int64(truncatingIfNeeded: T.min), maximum: UInt64(truncatingIfNeeded: T.max), name: { "\(T.self)" }) {
    case .signed(let value): return T(truncatingIfNeeded: value)
    case .unsigned(let value): return T(truncatingIfNeeded: value)
    }
  }

  /// An integer that fits the bounds, as `Int64` or (for large unsigned values) `UInt64`.
  @usableFromInline
  enum IntegerValue {
    case signed(Int64)
    case unsigned(UInt64)
  }

  @usableFromInline
  func integer(signed: Bool, minimum: Int64, maximum: UInt64, name: () -> String) throws -> IntegerValue {
    if let number = node.number ?? node.markupNumber {
      return try exactInteger(number, signed: signed, minimum: minimum, maximum: maximum, name: name)
    }
    if readsText, let string = markupText ?? node.string, let number = Self.number(in: string) {
      let value = try exactInteger(number, signed: signed, minimum: minimum, maximum: maximum, name: name)
      noteCoercion("string \"\(string)\" read as \(name())")
      return value
    }
    throw mismatch(expected: name())
  }

  private func exactInteger(_ number: JSONNumber, signed: Bool, minimum: Int64, maximum: UInt64, name: () -> String) throws -> IntegerValue {
    if let value = number.int64 {
      if value < 0 {
        guard signed, value >= minimum else { throw invalid(expected: name(), reason: "out of range") }
        return .signed(value)
      }
      guard UInt64(value) <= maximum else { throw invalid(expected: name(), reason: "out of range") }
      return .signed(value)
    }
    if let value = number.uint64 {
      guard value <= maximum else { throw invalid(expected: name(), reason: "out of range") }
      return .unsigned(value)
    }
    let isIntegral = number.double.map { $0 == $0.rounded() } ?? false
    throw invalid(expected: name(), reason: isIntegral ? "out of range" : "a fraction is never truncated")
  }

  /// The nearest `Double`; in lenient mode a string holding a number reads too.
  public func double() throws -> Double {
    if node.isMarkup, let value = node.markupDouble { return value }
    if node.kind == .number {
      // Straight from the number's bytes: no `JSONNumber` (and its text) in between.
      guard let value = node.double else { throw invalid(expected: "Double", reason: "out of range") }
      return value
    }
    if readsText, let string = markupText ?? node.string, let value = Self.number(in: string)?.double {
      noteCoercion("string \"\(string)\" read as Double")
      return value
    }
    throw mismatch(expected: "Double")
  }

  /// The exact `Decimal`; in lenient mode a string holding a number reads too.
  public func decimal() throws -> Decimal {
    if let number = node.number {
      guard let value = number.decimal else { throw invalid(expected: "Decimal", reason: "more digits than Decimal holds") }
      return value
    }
    if readsText, let string = markupText ?? node.string, let value = Self.number(in: string)?.decimal {
      noteCoercion("string \"\(string)\" read as Decimal")
      return value
    }
    throw mismatch(expected: "Decimal")
  }

  /// The number with its text, for exact handling of your own.
  public func number() throws -> JSONNumber {
    if let number = node.number { return number }
    if readsText, let string = markupText ?? node.string, let number = Self.number(in: string) {
      noteCoercion("string \"\(string)\" read as a number")
      return number
    }
    throw mismatch(expected: "number")
  }

  /// The number a string holds, for lenient coercion: JSON number syntax, except that
  /// leading zeros are allowed (`"00172"` reads as 172 into a number field; it stays a string
  /// into a string field) and surrounding spaces are ignored.
  static func number(in string: String) -> JSONNumber? {
    var text = Substring(string.trimmingSpaces)
    var sign = ""
    if text.first == "-" {
      sign = "-"
      text = text.dropFirst()
    }
    while text.count > 1, text.first == "0", let next = text.dropFirst().first, next.isNumber {
      text = text.dropFirst()
    }
    return JSONNumber(text: sign + text)
  }

  /// Whether strings may be read as numbers and Booleans: in lenient mode, and always for
  /// XML, whose text is untyped (reading `<lat>39.5</lat>` as a `Double` is no coercion).
  var readsText: Bool { coercion == .lenient || node.isMarkup }

  /// The text of an XML element that has attributes (its `#text`), for scalar reads.
  var markupText: String? {
    guard node.isMarkup else { return nil }
    if node.kind == .object { return node["#text"]?.string ?? "" }
    return node.string
  }

  /// The value as text: a string, or an XML element's text.
  var textValue: String? { markupText ?? node.string }

  /// Records a coercion, unless the input is XML text, where reading text as a value is normal.
  func noteCoercion(_ note: @autoclosure () -> String) {
    if !node.isMarkup { context.recordCoercion(note()) }
  }

  // MARK: - Containers

  /// Calls `body` with each element of an array (a single value under
  /// ``MappingOptions/wrapsSingleValues``) and its index, without collecting them first.
  ///
  /// Inlinable so the element loop specializes with `body` in the caller (no closure call per
  /// element); the non-array case stays out of line.
  ///
  /// - Parameter elementSchema: For XML, the fields of the elements when they are models: an
  ///   element whose one child is one of those fields is one element, not a wrapper of such
  ///   children (`<item><title>A</title></item>` is one item). Evaluated only for XML.
  @inlinable
  package func forEachElement(elementSchema: @autoclosure () -> MappingSchema? = nil, _ body: (Int, ValueReader) throws -> Void) throws {
    guard node.kind == .array else { return try forEachWrappedElement(elementSchema: elementSchema, body) }
    // One reader moved from element to element: a reader per element retained the document
    // and the context, and released them after (on an OpenStreetMap export, two of the five
    // reference counts an element cost).
    var element = self
    var positions = node.elementPositions
    var index = 0
    while let position = positions.next() {
      element.moveToElement(at: position)
      try body(index, element)
      index += 1
    }
  }

  /// `forEachElement` on a value that is not an array.
  @usableFromInline
  func forEachWrappedElement(elementSchema: () -> MappingSchema?, _ body: (Int, ValueReader) throws -> Void) throws {
    if node.isMarkup {
      // XML: repeated elements are an array, one element is one, and a wrapper element whose
      // children all share one name stands for them.
      if let inner = wrappedElements, !isOneElement(in: elementSchema()) { return try inner.forEachElement(body) }
      return try body(0, self)
    }
    if context.options.wrapsSingleValues, !node.isNull {
      context.recordCoercion("single value read as a one-element array")
      return try body(0, self)
    }
    throw mismatch(expected: "array")
  }

  /// The number of elements `forEachElement` will visit (0 when it will fail).
  @usableFromInline
  package var elementCount: Int { node.kind == .array ? node.count : wrappedElements?.elementCount ?? 1 }

  /// For an XML element with one child: whether that child is a field `schema` maps, so the
  /// element is one value rather than a wrapper of such children.
  private func isOneElement(in schema: MappingSchema?) -> Bool {
    guard let schema, let (key, _) = node.members.first(where: { _ in true }) else { return false }
    return schema.mapsKey(key)
  }

  /// For XML: the children of a wrapper element (an element with no attributes or text whose
  /// child elements all have one name).
  var wrappedElements: ValueReader? {
    guard node.isMarkup, node.kind == .object, node.count == 1, let (key, value) = node.members.first(where: { _ in true }),
      !key.hasPrefix("@"), !key.hasPrefix("#")
    else { return nil }
    return ValueReader(node: value, context: context, coercion: coercion)
  }

  /// The elements of an array; with ``MappingOptions/wrapsSingleValues`` a single non-null
  /// value reads as a one-element array.
  public func elements() throws -> [ValueReader] {
    if node.kind == .array {
      return node.elements.map { ValueReader(node: $0, context: context, coercion: coercion) }
    }
    if node.isMarkup { return try wrappedElements?.elements() ?? [self] }
    if context.options.wrapsSingleValues, !node.isNull {
      context.recordCoercion("single value read as a one-element array")
      return [self]
    }
    throw mismatch(expected: "array")
  }

  /// The members of an object, in document order.
  public func members() throws -> [(key: String, value: ValueReader)] {
    guard node.kind == .object else { throw mismatch(expected: "object") }
    return node.members.map { ($0.key, ValueReader(node: $0.value, context: context, coercion: coercion)) }
  }

  /// The value of member `key` of an object, or `nil` when absent.
  /// - Parameters:
  ///   - key: The member's name.
  public func member(_ key: String) throws -> ValueReader? {
    guard node.kind == .object else { throw mismatch(expected: "object") }
    return node[key].map { ValueReader(node: $0, context: context, coercion: coercion) }
  }

  /// Reads a value of any mappable type.
  /// - Parameters:
  ///   - type: The type to decode.
  public func decode<T: MappableValue>(_ type: T.Type = T.self) throws -> T {
    try T.read(from: self)
  }

  /// An object reader over this value's fields.
  @usableFromInline
  package func objectReader(schema: MappingSchema) throws -> ObjectReader {
    // In XML a text-only element is a model with nothing but `#text`.
    guard node.kind == .object || (node.isMarkup && node.kind == .string) else { throw mismatch(expected: "object") }
    return ObjectReader(object: self, schema: context.rekeying.isActive ? context.rekeying.schema(for: schema) : schema)
  }

  // MARK: - Errors

  /// A type mismatch: `expected Int, found string "x"`.
  /// - Parameters:
  ///   - expected: What the field wanted (`Int`).
  public func mismatch(expected: String) -> MappingError {
    MappingError(code: .typeMismatch, expected: expected, found: foundDescription, offset: node.byteOffset)
  }

  /// A bad value of the right kind: `expected Date in format "yyyy", found string "x" (reason)`.
  /// - Parameters:
  ///   - expected: What the field wanted (`Date in format "yyyy"`).
  ///   - reason: Why the value was refused, or `nil`.
  public func invalid(expected: String, reason: String? = nil) -> MappingError {
    MappingError(code: .invalidValue, expected: expected, found: foundDescription, reason: reason, offset: node.byteOffset)
  }

  /// What the value is, for messages: `string "yesterday"`, `number 1.5`, `object (3 members)`.
  public var foundDescription: String {
    switch node.kind {
    case .null: return "null"
    case .bool: return "bool \(node.bool == true)"
    case .number: return "number \(node.number?.text ?? "")"
    case .string:
      let string = node.string ?? ""
      let shown = string.count > 40 ? String(string.prefix(40)) + "..." : string
      return "string \"\(shown)\""
    case .array: return "array (\(node.count) element\(node.count == 1 ? "" : "s"))"
    case .object: return "object (\(node.count) member\(node.count == 1 ? "" : "s"))"
    }
  }
}

extension String {
  fileprivate var trimmingSpaces: Substring {
    var slice = self[...]
    while slice.first == " " || slice.first == "\t" { slice = slice.dropFirst() }
    while slice.last == " " || slice.last == "\t" { slice = slice.dropLast() }
    return slice
  }
}
