import FoundryJSON

/// Decodes a tree written with ``ReferenceMarks`` back into new instances, one per instance
/// numbered: what ``MappedCopyable/mappedCopy()`` runs.
///
/// A reference to an instance already copied is that copy, so sharing survives. A reference
/// to an instance still being built (a cycle back to an ancestor) cannot be had yet: it is
/// skipped (an optional reads `nil`, an array leaves the element out, a field with a default
/// takes it), and every instance being built at that moment reads its fields again once the
/// whole tree is read, when every copy exists (``finishCycles()``).
final class ReferenceCopier: MappingFactory {
  /// The copies by number.
  private var copies: [Int: AnyObject] = [:]
  /// The instances being built, innermost last.
  private var building: [Building] = []
  /// Instances that skipped a reference while being built, to read again.
  private var rereads: [Building] = []

  /// An instance being built.
  private struct Building {
    let number: Int
    /// Reads the copy's fields again from its marked object (once the copy exists).
    let reread: () throws -> Bool
    /// Whether a reference inside it was skipped.
    var skipped = false
  }

  /// The number of copies made.
  var count: Int { copies.count }

  func creation<T: Mappable>(of type: T.Type, forKey key: String?, from value: ValueReader) throws -> MappingCreation<T> {
    guard T.self is AnyObject.Type, value.kind == .object else { return .create }
    if let number = try ReferenceMarks.reference(in: value) {
      if let copy = copies[number] { return .use(try Self.cast(copy, to: T.self)) }
      for index in building.indices { building[index].skipped = true }
      return .skip
    }
    guard let number = try ReferenceMarks.number(of: value) else { return .create }
    if let copy = copies[number] { return .use(try Self.cast(copy, to: T.self)) }
    building.append(
      Building(number: number) { [unowned self] in
        guard var copy = copies[number] as? T else { return false }
        try T.update(&copy, from: value)
        return true
      })
    return .create
  }

  func didCreate<T: Mappable>(_ object: T, from value: ValueReader) {
    guard T.self is AnyObject.Type, let number = try? ReferenceMarks.number(of: value) else { return }
    // Instances above it on the stack failed to build (an enclosing array absorbed the error):
    // their skipped references mark this one, which reads them again.
    while let last = building.popLast() {
      guard last.number != number else {
        copies[number] = object as AnyObject
        if last.skipped { rereads.append(last) }
        return
      }
      if last.skipped, let index = building.indices.last { building[index].skipped = true }
    }
  }

  /// Reads again the fields of every instance that skipped a reference, now that the copies
  /// it referred to exist, innermost first. Instances missing then (ones whose required
  /// properties form a cycle) are built on the way, each round with more copies than the
  /// last; rounds stop when one makes no new copy.
  func finishCycles() throws {
    while !rereads.isEmpty {
      let round = rereads
      let before = copies.count
      rereads = []
      for building in round { _ = try building.reread() }
      if copies.count == before { return }
    }
  }

  private static func cast<T>(_ copy: AnyObject, to type: T.Type) throws -> T {
    guard let typed = copy as? T else {
      throw MappingError(code: .invalidValue, expected: "\(T.self)", found: "\(Swift.type(of: copy))", reason: "one instance is referenced as two types")
    }
    return typed
  }
}
