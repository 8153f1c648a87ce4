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

  init(options: MappingOptions, isLossy: Bool, factory: (any MappingFactory)?) {
    self.options = options
    self.isLossy = isLossy
    self.factory = factory
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

  /// Asks the factory for an instance before mapping one, and tells it about new ones.
  @usableFromInline
  func create<T: Mappable>(_ type: T.Type, from value: ValueReader, _ make: () throws -> T) throws -> T {
    guard let factory else { return try make() }
    if let existing = try factory.instance(of: type, for: value) { return existing }
    let created = try make()
    factory.didCreate(created, from: value)
    return created
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
  /// Called with every instance mapped anew.
  func didCreate<T: Mappable>(_ object: T, from value: ValueReader)
}

extension MappingFactory {
  public func didCreate<T: Mappable>(_ object: T, from value: ValueReader) {}
}
