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
  /// One reference holding the value with its type's equality, so graph values stay small.
  let box: any ValueBox

  /// The value.
  public var base: Any { box.base }
  /// How values of its type are read, written and compared.
  public var type: GraphValueType { box.type }

  /// Wraps a mappable value.
  ///
  /// ```swift
  /// CustomGraphValue(Address(street: "Main St", city: "Springfield"))
  /// ```
  /// - Parameters:
  ///   - value: The value; its type's mapping reads and writes it, and its `==` compares it.
  public init<T: MappableValue & Equatable & Sendable>(_ value: T) {
    box = TypedValueBox(value, type: GraphValueType(T.self))
  }

  /// Wraps a value whose type description is known; a value of another type compares equal
  /// only to itself.
  ///
  /// ```swift
  /// CustomGraphValue(address, type: GraphValueType(Address.self))
  /// ```
  /// - Parameters:
  ///   - value: The value.
  ///   - type: The description of its type, which reads, writes and compares it.
  public init(_ value: Any, type: GraphValueType) {
    box = type.box(value) ?? UntypedValueBox(base: value, type: type)
  }

  init(box: any ValueBox) { self.box = box }

  public static func == (lhs: CustomGraphValue, rhs: CustomGraphValue) -> Bool {
    lhs.box === rhs.box || lhs.box.isEqual(to: rhs.box)
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(type) }
}

/// A custom value with its type's equality.
@usableFromInline
protocol ValueBox: AnyObject {
  var base: Any { get }
  var type: GraphValueType { get }
  func isEqual(to other: any ValueBox) -> Bool
}

/// A value of a known equatable type: equality without casts through `Any`.
@usableFromInline
final class TypedValueBox<T: Equatable>: ValueBox {
  @usableFromInline let value: T
  @usableFromInline let type: GraphValueType
  @usableFromInline
  init(_ value: T, type: GraphValueType) {
    self.value = value
    self.type = type
  }
  @usableFromInline var base: Any { value }
  @usableFromInline func isEqual(to other: any ValueBox) -> Bool {
    guard let other = Self.matching(other) else { return false }
    return value == other.value
  }

  /// `box` as a box of this type, if it is one (a type check without a dynamic cast).
  @usableFromInline
  static func matching(_ box: any ValueBox) -> Self? {
    ObjectIdentifier(Swift.type(of: box)) == ObjectIdentifier(Self.self) ? unsafeDowncast(box, to: Self.self) : nil
  }

  /// A box of `value`: `current` itself when it holds an equal value (reading a payload that
  /// repeats a value allocates nothing), else a new one.
  @inlinable
  static func boxing(_ value: T, type: GraphValueType, reusing current: (any ValueBox)?) -> any ValueBox {
    if let current, let same = matching(current), same.value == value { return same }
    return Self(value, type: type)
  }
}

/// A value that did not have its description's type: equal only to itself.
final class UntypedValueBox: ValueBox {
  let base: Any
  let type: GraphValueType
  init(base: Any, type: GraphValueType) {
    self.base = base
    self.type = type
  }
  func isEqual(to other: any ValueBox) -> Bool { other === self }
}

/// How an attribute reads, writes and compares values of one Swift type.
///
/// ```swift
/// Attribute("address", .value(GraphValueType(Address.self)))            // @Mappable
/// Attribute("money", .value(.codable(Money.self)))                       // Codable only
/// ```
public struct GraphValueType: Sendable, Hashable, CustomStringConvertible {
  /// The type's witnesses, shared: a graph value carries one reference, not four.
  private final class Witnesses: Sendable {
    let name: String
    let typeID: ObjectIdentifier
    let box: @Sendable (Any, GraphValueType) -> (any ValueBox)?
    let read: @Sendable (ValueReader, GraphValueType, (any ValueBox)?) throws -> any ValueBox
    let write: @Sendable (Any, inout ValueWriter) throws -> Void
    init(
      name: String, typeID: ObjectIdentifier, box: @escaping @Sendable (Any, GraphValueType) -> (any ValueBox)?,
      read: @escaping @Sendable (ValueReader, GraphValueType, (any ValueBox)?) throws -> any ValueBox,
      write: @escaping @Sendable (Any, inout ValueWriter) throws -> Void
    ) {
      self.name = name
      self.typeID = typeID
      self.box = box
      self.read = read
      self.write = write
    }
  }

  private let witnesses: Witnesses
  /// The Swift type's name.
  public var name: String { witnesses.name }
  private var typeID: ObjectIdentifier { witnesses.typeID }
  /// Boxes a value of this type (`nil` for a value of another type).
  func box(_ value: Any) -> (any ValueBox)? { witnesses.box(value, self) }
  /// Reads a value of this type; `current`, the attribute's value so far, is kept when the
  /// payload's value equals it.
  func read(_ reader: ValueReader, replacing current: CustomGraphValue? = nil) throws -> CustomGraphValue {
    CustomGraphValue(box: try witnesses.read(reader, self, current?.box))
  }
  var write: @Sendable (Any, inout ValueWriter) throws -> Void { witnesses.write }

  /// The description of a `@Mappable` (or any `MappableValue`) type.
  ///
  /// ```swift
  /// GraphValueType([Assignment].self)
  /// ```
  ///
  /// Inlinable, so the reading closure specializes for `T` where the type is named.
  /// - Parameters:
  ///   - type: The value type.
  @inlinable
  public init<T: MappableValue & Equatable & Sendable>(_ type: T.Type) {
    self.init(T.self, transformer: IdentityTransformer<T>())
  }

  /// The description of a type read and written through `transformer`.
  ///
  /// ```swift
  /// GraphValueType(Money.self, transformer: EncodableTransformer<Money>())
  /// ```
  /// - Parameters:
  ///   - type: The value type.
  ///   - transformer: The transformer that reads and writes its values.
  @inlinable
  public init<T: Equatable & Sendable, X: MappingTransformer>(_ type: T.Type, transformer: X) where X.Value == T {
    self.init(name: "\(T.self)", typeID: ObjectIdentifier(T.self), box: { value, type in (value as? T).map { TypedValueBox($0, type: type) } }) {
      TypedValueBox.boxing(try transformer.read(from: $0), type: $1, reusing: $2)
    } write: { value, writer in
      guard let typed = value as? T else { throw MappingError(code: .invalidValue, expected: "\(T.self)", found: "\(Swift.type(of: value))") }
      try transformer.write(typed, to: &writer)
    }
  }

  @usableFromInline
  init(
    name: String, typeID: ObjectIdentifier, box: @escaping @Sendable (Any, GraphValueType) -> (any ValueBox)?,
    read: @escaping @Sendable (ValueReader, GraphValueType, (any ValueBox)?) throws -> any ValueBox,
    write: @escaping @Sendable (Any, inout ValueWriter) throws -> Void
  ) {
    witnesses = Witnesses(name: name, typeID: typeID, box: box, read: read, write: write)
  }

  /// The description of a type that is only `Codable`.
  ///
  /// ```swift
  /// Attribute("money", .value(.codable(Money.self)))
  /// ```
  /// - Parameters:
  ///   - type: The `Codable` type.
  public static func codable<T: Codable & Equatable & Sendable>(_ type: T.Type) -> GraphValueType {
    GraphValueType(T.self, transformer: EncodableTransformer<T>())
  }

  /// Whether this describes values of `type`.
  func describes(_ type: Any.Type) -> Bool { typeID == ObjectIdentifier(type) }

  public static func == (lhs: GraphValueType, rhs: GraphValueType) -> Bool { lhs.typeID == rhs.typeID }
  public func hash(into hasher: inout Hasher) { hasher.combine(typeID) }
  public var description: String { name }
}
