import FoundryJSON

/// Equality and hashing derived from the mapping: two values are equal when they encode to
/// equal JSON (Motis's `MTSMotisObject`, for classes that should compare by content).
///
/// ```swift
/// @Mappable
/// final class User: MappedEquatable {
///   var name: String
///   var followers: [User] = []
///   init(name: String) { self.name = name }
/// }
/// User(name: "Ada") == User(name: "Ada")   // true: same mapped content
/// ```
///
/// Only mapped fields count (`@Ignore`d ones do not). A value that cannot be encoded (a
/// non-finite double) compares unequal to everything, itself included.
public protocol MappedEquatable: Mappable, Hashable {}

extension MappedEquatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard let left = lhs.mappedContent, let right = rhs.mappedContent else { return false }
    return left == right
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(mappedContent)
  }

  private var mappedContent: JSONValue? {
    try? MappingEncoder().encodeToValue(self)
  }
}

/// Copies derived from the mapping: encode, then decode into a new instance — a deep copy of
/// everything mapped, for classes.
///
/// ```swift
/// let copy = try user.mappedCopy()
/// copy.name = "Grace"          // `user` is unchanged
/// ```
public protocol MappedCopyable: Mappable {}

extension MappedCopyable {
  /// A new instance with the same mapped content.
  ///
  /// - Throws: ``MappingError`` when the value cannot be written and read back (a transformer
  ///   without a reverse direction, a non-finite double).
  public func mappedCopy() throws -> Self {
    let tree = try MappingEncoder().encodeToValue(self)
    return try MappingDecoder().decode(Self.self, from: tree.makeJSON())
  }
}
