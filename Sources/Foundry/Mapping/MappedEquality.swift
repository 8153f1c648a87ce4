import FoundryJSON

/// A model whose mapped content stands for the instance: what ``MappedEquatable`` compares
/// and ``MappedCopyable`` copies, optionally narrowed to a list of keys.
///
/// ```swift
/// @Mappable
/// final class User: MappedEquatable {
///   static let mappedKeys: Set<String>? = ["name"]   // `lastSeen` takes no part
///   var name: String
///   var lastSeen: Date? = nil
///   init(name: String) { self.name = name }
/// }
/// ```
///
/// Class instances are walked once each: an instance met again (shared, or a cycle back) is
/// a reference to its first meeting, so graphs with cycles compare and copy in finite time,
/// and sharing is part of the content.
public protocol MappedContent: Mappable {
  /// The keys (top-level keys of the mapped object, as written in the payload) that take part
  /// in equality, hashing and copies; `nil`, the default, for every mapped field.
  static var mappedKeys: Set<String>? { get }
}

extension MappedContent {
  public static var mappedKeys: Set<String>? { nil }

  /// The mapped content with reference marks (see ``ReferenceMarks``).
  func markedContent() throws -> JSONValue {
    var writer = ValueWriter(context: EncodingContext(options: EncodingOptions(), references: ReferenceMarks()))
    try write(to: &writer)
    return writer.value
  }
}

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
/// Only mapped fields count (`@Ignore`d ones do not, nor keys left out of
/// ``MappedContent/mappedKeys``). Graphs with cycles compare in finite time: two graphs are
/// equal when they have the same content and the same shape of sharing (an instance met again
/// is compared by where it was first met). A value that cannot be encoded (a non-finite
/// double) compares unequal to everything, itself included.
public protocol MappedEquatable: MappedContent, Hashable {}

extension MappedEquatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard let left = try? lhs.markedContent(), let right = try? rhs.markedContent() else { return false }
    return left == right
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(try? markedContent())
  }
}

/// Copies derived from the mapping: encode, then decode into new instances — a deep copy of
/// everything mapped, for classes.
///
/// ```swift
/// let copy = try user.mappedCopy()
/// copy.name = "Grace"          // `user` is unchanged
/// ```
///
/// Each instance of the graph is copied once: two references to one instance become two
/// references to its one copy, and cycles are copied as cycles. A property through which a
/// cycle runs must be settable after the instance is made (a `var` that is optional, an
/// array, or has a default); otherwise the copy fails, saying so.
public protocol MappedCopyable: MappedContent {}

extension MappedCopyable {
  /// A new instance with the same mapped content, sharing and cycles included.
  ///
  /// ```swift
  /// let team = try original.mappedCopy()   // team.members[0].team === team
  /// ```
  /// - Throws: ``MappingError`` when the value cannot be written and read back (a transformer
  ///   without a reverse direction, a non-finite double, a cycle through a `let` or required
  ///   property, a required property left out of ``MappedContent/mappedKeys``).
  public func mappedCopy() throws -> Self {
    let content = try markedContent()
    let document = try JSONDocument(bytes: content.makeJSON())
    let copier = ReferenceCopier()
    var copy: Self?
    do {
      try MappingDecoder().withRoot(document.root, sourceName: nil, factory: copier) { root in
        copy = try Self.read(from: root)
        try copier.finishCycles()
      }
    } catch  where MappingError.isSkip(error) {
      throw Self.cycleError
    }
    guard let copy, try copy.markedContent() == content else { throw Self.cycleError }
    return copy
  }

  private static var cycleError: MappingError {
    MappingError(
      code: .invalidValue,
      reason: "\(Self.self) could not be copied whole: a reference cycle runs through a property that cannot be set once the instance exists (a `let`, or a required property)")
  }
}
