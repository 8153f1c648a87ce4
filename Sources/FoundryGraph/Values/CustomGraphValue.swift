import Foundry

/// A typed Swift value held by an attribute: a `@Mappable` or `Codable` sub-graph, or whatever
/// a named transformer produces.
///
/// ```swift
/// let assignments = CustomGraphValue([Assignment(user: "ada", status: .open)])
/// order.assignments = .custom(assignments)
/// ```
///
/// The typed initializers require `Sendable` values; values a named transformer produces are
/// taken as they come (transformers produce plain values), hence `@unchecked`.
public struct CustomGraphValue: @unchecked Sendable, Hashable {
  /// The value.
  public let base: Any
  /// How values of its type are read, written and compared.
  public let type: GraphValueType

  /// Wraps a mappable value.
  ///
  /// ```swift
  /// CustomGraphValue(Address(street: "Main St", city: "Springfield"))
  /// ```
  public init<T: MappableValue & Equatable & Sendable>(_ value: T) {
    self.init(value, type: GraphValueType(T.self))
  }

  /// Wraps a value whose type description is known.
  ///
  /// ```swift
  /// CustomGraphValue(address, type: GraphValueType(Address.self))
  /// ```
  public init(_ value: Any, type: GraphValueType) {
    base = value
    self.type = type
  }

  public static func == (lhs: CustomGraphValue, rhs: CustomGraphValue) -> Bool {
    lhs.type == rhs.type && lhs.type.equals(lhs.base, rhs.base)
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(type) }
}

/// How an attribute reads, writes and compares values of one Swift type.
///
/// ```swift
/// Attribute("address", .value(GraphValueType(Address.self)))            // @Mappable
/// Attribute("money", .value(.codable(Money.self)))                       // Codable only
/// ```
public struct GraphValueType: Sendable, Hashable, CustomStringConvertible {
  /// The Swift type's name.
  public let name: String
  private let typeID: ObjectIdentifier
  let equals: @Sendable (Any, Any) -> Bool
  let read: @Sendable (ValueReader) throws -> Any
  let write: @Sendable (Any, inout ValueWriter) throws -> Void

  /// The description of a `@Mappable` (or any ``MappableValue``) type.
  ///
  /// ```swift
  /// GraphValueType([Assignment].self)
  /// ```
  public init<T: MappableValue & Equatable & Sendable>(_ type: T.Type) {
    self.init(T.self, transformer: IdentityTransformer<T>())
  }

  /// The description of a type read and written through `transformer`.
  ///
  /// ```swift
  /// GraphValueType(Money.self, transformer: EncodableTransformer<Money>())
  /// ```
  public init<T: Equatable & Sendable, X: MappingTransformer>(_ type: T.Type, transformer: X) where X.Value == T {
    self.init(name: "\(T.self)", typeID: ObjectIdentifier(T.self), equals: { lhs, rhs in (lhs as? T).map { $0 == rhs as? T } ?? false }) {
      try transformer.read(from: $0)
    } write: { value, writer in
      guard let typed = value as? T else { throw MappingError(code: .invalidValue, expected: "\(T.self)", found: "\(Swift.type(of: value))") }
      try transformer.write(typed, to: &writer)
    }
  }

  init(
    name: String, typeID: ObjectIdentifier, equals: @escaping @Sendable (Any, Any) -> Bool,
    read: @escaping @Sendable (ValueReader) throws -> Any, write: @escaping @Sendable (Any, inout ValueWriter) throws -> Void
  ) {
    self.name = name
    self.typeID = typeID
    self.equals = equals
    self.read = read
    self.write = write
  }

  /// The description of a type that is only `Codable`.
  ///
  /// ```swift
  /// Attribute("money", .value(.codable(Money.self)))
  /// ```
  public static func codable<T: Codable & Equatable & Sendable>(_ type: T.Type) -> GraphValueType {
    GraphValueType(T.self, transformer: EncodableTransformer<T>())
  }

  public static func == (lhs: GraphValueType, rhs: GraphValueType) -> Bool { lhs.typeID == rhs.typeID }
  public func hash(into hasher: inout Hasher) { hasher.combine(typeID) }
  public var description: String { name }
}
