import FoundryJSON

/// The state of one decoding call: options, the lossy report, the creation hook.
///
/// A reference type so readers can be small structs that share it; it never outlives the call.
@usableFromInline
final class MappingContext {
  let options: MappingOptions
  @usableFromInline let isLossy: Bool
  @usableFromInline let factory: (any MappingFactory)?
  // Unchecked exclusivity: a context belongs to one decoding call, whose readers never
  // overlap their accesses; the runtime check cost a call per object read.
  @exclusivity(unchecked) private(set) var issues: [MappingIssue] = []
  /// Scratch space for the repeated-key check of each object, reused across objects.
  @exclusivity(unchecked) var fingerprints: [UInt64] = []
  /// The `Date`/`Data` formats of the model being read, when it has its own.
  @usableFromInline @exclusivity(unchecked) var formats: ValueFormats?
  /// The schemas ``MappingOptions/keys`` rekeys.
  @exclusivity(unchecked) var rekeying: SchemaRekeying
  /// With a factory: the key path of the field being read, in its object (`nil` at the root).
  @usableFromInline @exclusivity(unchecked) var creationKey: String?

  /// Whether the input is a tree written with ``ReferenceMarks`` (a copy being made): its
  /// marks are no fields' keys, and not unknown either.
  let readsReferenceMarks: Bool

  init(options: MappingOptions, isLossy: Bool, factory: (any MappingFactory)?) {
    self.options = options
    self.isLossy = isLossy
    self.factory = factory
    readsReferenceMarks = factory is ReferenceCopier
    rekeying = SchemaRekeying(options.keys)
  }

  /// Where the issues recorded from now on start; pass it to ``prefixIssues(since:with:)``.
  @usableFromInline var issueMark: Int { issues.count }

  func record(_ issue: MappingIssue) {
    issues.append(issue)
  }

  /// Records a coercion in lossy mode (the report lists every event); free otherwise.
  func recordCoercion(_ note: @autoclosure () -> String) {
    if isLossy { issues.append(MappingIssue(kind: .valueCoerced, note: note())) }
  }

  /// Puts `components` (outermost first) in front of the paths of the issues since `mark`.
  func prefixIssues(since mark: Int, with components: [MappingPath.Component]) {
    guard mark < issues.count else { return }
    for position in mark..<issues.count {
      for component in components.reversed() { issues[position].prepend(component) }
    }
  }

  @usableFromInline
  func prefixIssues(since mark: Int, with component: MappingPath.Component) {
    guard mark < issues.count else { return }
    for position in mark..<issues.count { issues[position].prepend(component) }
  }

  /// Asks the factory what to do before mapping an instance (create it, use another, skip
  /// it), and tells it about new ones.
  @usableFromInline
  func create<T: Mappable>(_ type: T.Type, from value: ValueReader, _ make: () throws -> T) throws -> T {
    guard let factory else { return try make() }
    switch try factory.creation(of: type, forKey: creationKey, from: value) {
    case .create:
      let created = try make()
      factory.didCreate(created, from: value)
      return created
    case .use(let existing):
      return existing
    case .skip:
      throw MappingError(code: .skipped, reason: "the mapping factory skipped this \(T.self)", offset: value.node.byteOffset)
    }
  }
}

/// Creates or reuses model instances during decoding (Motis's `willCreateObject`/`didCreateObject`).
///
/// ```swift
/// final class UserCache: MappingFactory {
///   var byID: [Int: User] = [:]
///   func instance<T: Mappable>(of type: T.Type, for value: ValueReader) throws -> T? {
///     guard type == User.self, let id = try value.member("id")?.int() else { return nil }
///     return byID[id] as? T
///   }
///   func didCreate<T: Mappable>(_ object: T, from value: ValueReader) {
///     if let user = object as? User { byID[user.id] = user }
///   }
/// }
/// ```
public protocol MappingFactory: AnyObject {
  /// An existing instance to use for `value`, or `nil` to map a new one.
  func instance<T: Mappable>(of type: T.Type, for value: ValueReader) throws -> T?
  /// What to do with `value` before it is mapped into a `T`: create it, use an existing
  /// instance, or skip it. `key` is the key path of the field it sits in (an array's elements
  /// share their field's key), `nil` for the top-level value. The default asks
  /// ``instance(of:for:)``.
  ///
  /// A skipped array (or dictionary) element is left out, a skipped optional field is `nil`
  /// and a field with a default takes it, none of them reported; a skipped required field
  /// fails with code `.skipped`.
  ///
  /// ```swift
  /// func creation<T: Mappable>(of type: T.Type, forKey key: String?, from value: ValueReader) throws -> MappingCreation<T> {
  ///   key == "drafts" ? .skip : .create
  /// }
  /// ```
  func creation<T: Mappable>(of type: T.Type, forKey key: String?, from value: ValueReader) throws -> MappingCreation<T>
  /// Called with every instance mapped anew.
  func didCreate<T: Mappable>(_ object: T, from value: ValueReader)
}

extension MappingFactory {
  public func instance<T: Mappable>(of type: T.Type, for value: ValueReader) throws -> T? { nil }

  public func creation<T: Mappable>(of type: T.Type, forKey key: String?, from value: ValueReader) throws -> MappingCreation<T> {
    try instance(of: type, for: value).map(MappingCreation.use) ?? .create
  }

  public func didCreate<T: Mappable>(_ object: T, from value: ValueReader) {}
}

/// What a ``MappingFactory`` decides for a value about to be mapped (Motis's creation hooks).
///
/// ```swift
/// return key == "drafts" ? .skip : .create
/// ```
public enum MappingCreation<T> {
  /// Map a new instance (``MappingFactory/didCreate(_:from:)`` follows).
  case create
  /// Use this instance instead of mapping one.
  case use(T)
  /// Leave the value out (see ``MappingFactory/creation(of:forKey:from:)``).
  case skip
}
