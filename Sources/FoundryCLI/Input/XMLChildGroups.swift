/// The names of the root's children as a stream meets them, grouped as the root's JSON view
/// groups them: in order of first appearance, with how many there were, and whether a name
/// came back after another (the view needs `#content` then, so the whole document).
///
/// ```swift
/// var groups = XMLChildGroups()
/// for name in ["bounds", "node", "node", "way"] { groups.add(name) }
/// groups.names   // [("bounds", 1), ("node", 2), ("way", 1)]
/// ```
package struct XMLChildGroups {
  /// Each name in order of first appearance, and how many children had it.
  package private(set) var names: [(name: String, count: Int)] = []
  /// Set when a child's name came back after another's.
  package private(set) var losesOrder = false
  private var positions: [String: Int] = [:]
  private var lastName: String?

  package init() {}

  /// Adds the next child's name and returns its group's position in ``names``.
  @discardableResult
  package mutating func add(_ name: String) -> Int {
    defer { lastName = name }
    if let known = positions[name] {
      if lastName != name { losesOrder = true }
      names[known].count += 1
      return known
    }
    positions[name] = names.count
    names.append((name, 1))
    return names.count - 1
  }
}
