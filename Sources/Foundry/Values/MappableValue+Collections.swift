import FoundryJSON
extension Optional: MappableValue where Wrapped: MappableValue {
  /// `null` reads as `nil`.
  /// - Parameters:
  ///   - value: The document value to read.
  @inlinable
  public static func read(from value: ValueReader) throws -> Wrapped? {
    value.isNull ? nil : try Wrapped.read(from: value)
  }
  public func write(to writer: inout ValueWriter) throws {
    guard let self else { return writer.writeNull() }
    try self.write(to: &writer)
  }
}

extension Array: MappableValue where Element: MappableValue {
  /// In XML, no repeated element reads as an empty array.
  public static var emptyInMarkup: Self? { [] }
  /// The elements in order; in lossy mode a bad element is dropped and reported, and the
  /// others are kept.
  /// - Parameters:
  ///   - value: The document value to read.
  @inlinable
  public static func read(from value: ValueReader) throws -> [Element] {
    if let plain = PlainScalarKind.array(of: Element.self, from: value) { return plain }
    var result: [Element] = []
    result.reserveCapacity(value.elementCount)
    try value.forEachElement(elementSchema: Element.markupSchema) { index, element in
      if let decoded = try CollectionReading.read(Element.self, from: element, at: .index(index)) {
        result.append(decoded)
      }
    }
    return result
  }
  @inlinable
  public func write(to writer: inout ValueWriter) throws {
    try writer.writeArray(self) { element, writer in try element.write(to: &writer) }
  }
}

extension Set: MappableValue where Element: MappableValue {
  /// In XML, no repeated element reads as an empty set.
  public static var emptyInMarkup: Self? { [] }
  /// An array read as a set; repeated elements collapse.
  /// - Parameters:
  ///   - value: The document value to read.
  @inlinable
  public static func read(from value: ValueReader) throws -> Set<Element> {
    Set(try [Element].read(from: value))
  }
  public func write(to writer: inout ValueWriter) throws {
    try writer.writeArray(self) { element, writer in try element.write(to: &writer) }
  }
}

extension Dictionary: MappableValue where Key: MappingKey, Value: MappableValue {
  /// An object's members; keys convert to `String`, `Int` or a `RawRepresentable` enum. In
  /// lossy mode a bad member is dropped and reported.
  /// - Parameters:
  ///   - value: The document value to read.
  public static func read(from value: ValueReader) throws -> [Key: Value] {
    let members = try value.members()
    var result: [Key: Value] = [:]
    result.reserveCapacity(members.count)
    for (name, member) in members {
      guard let key = Key(mappingKey: name) else {
        let error = MappingError(code: .invalidValue, expected: "\(Key.self) key", found: "key \"\(name)\"", offset: member.node.byteOffset)
        try CollectionReading.fail(error, at: .key(name), in: member.context)
        continue
      }
      if let decoded = try CollectionReading.read(Value.self, from: member, at: .key(name)) {
        result[key] = decoded
      }
    }
    return result
  }
  public func write(to writer: inout ValueWriter) throws {
    let sorted = self.sorted { $0.key.mappingKey < $1.key.mappingKey }
    try writer.writeObject(sorted, key: { $0.key.mappingKey }, value: { member, writer in try member.value.write(to: &writer) })
  }
}

/// A type usable as a dictionary key in mapped objects.
public protocol MappingKey: Hashable {
  /// The key read from an object member name; `nil` when it does not convert.
  init?(mappingKey: String)
  /// The member name the key writes as.
  var mappingKey: String { get }
}

extension String: MappingKey {
  public init?(mappingKey: String) { self = mappingKey }
  public var mappingKey: String { self }
}

extension Int: MappingKey {
  public init?(mappingKey: String) { self.init(mappingKey) }
  public var mappingKey: String { String(self) }
}

extension MappingKey where Self: RawRepresentable, RawValue == String {
  public init?(mappingKey: String) { self.init(rawValue: mappingKey) }
  public var mappingKey: String { rawValue }
}

/// Element reading shared by arrays and dictionaries: the path component in front of
/// errors and issues, and lossy dropping.
@usableFromInline
enum CollectionReading {
  @inlinable
  static func read<T: MappableValue>(_ type: T.Type, from value: ValueReader, at component: MappingPath.Component) throws -> T? {
    let mark = value.context.isLossy ? value.context.issueMark : -1
    do {
      let decoded = try T.read(from: value)
      if mark >= 0 { value.context.prefixIssues(since: mark, with: component) }
      return decoded
    } catch {
      try failed(error, value: value, at: component, since: mark)
      return nil
    }
  }

  /// The failure of one element: thrown with `component` in front, or in lossy mode recorded
  /// as a dropped element.
  @usableFromInline
  static func failed(_ error: any Error, value: ValueReader, at component: MappingPath.Component, since mark: Int) throws {
    if mark >= 0 { value.context.prefixIssues(since: mark, with: component) }
    // An element a mapping factory skipped is left out, unreported.
    if MappingError.isSkip(error) { return }
    if MappingError.isCancellation(error) { throw error }
    try fail(MappingError.wrapping(error, at: value), at: component, in: value.context)
  }

  /// Throws `error` with `component` in front, or in lossy mode records a dropped element.
  static func fail(_ error: MappingError, at component: MappingPath.Component, in context: MappingContext) throws {
    var error = error
    error.prepend(component)
    guard context.isLossy else { throw error }
    var issue = MappingIssue(kind: .elementDropped, error: error)
    issue.reversedPath.append(component)
    context.record(issue)
  }
}

extension MappingKey where Self: RawRepresentable, RawValue == Int {
  public init?(mappingKey: String) {
    guard let raw = Int(mappingKey) else { return nil }
    self.init(rawValue: raw)
  }
  public var mappingKey: String { String(rawValue) }
}
