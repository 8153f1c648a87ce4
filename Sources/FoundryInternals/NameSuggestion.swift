/// The known names closest to one that matched none, for the hint of an error message: a
/// schema may hold thousands of entities, so a message names the likely ones, not all.
///
/// ```swift
/// NameSuggestion.hint(for: "Autor", among: ["Author", "Book", "Tag"], noun: "entities")
/// // "did you mean \"Author\"?"
/// NameSuggestion.hint(for: "Writer", among: ["Author", "Book", "Tag"], noun: "entities")
/// // "entities: Author, Book, Tag"
/// ```
package enum NameSuggestion {
  /// Up to this many known names are listed when none is close.
  package static let listLimit = 8

  /// The names within a few edits of `name` (ignoring case), nearest first, then by name.
  ///
  /// - Complexity: O(*n* · *k* · *m*) for *n* candidates of length *k* and `name` of length *m*.
  package static func nearest(to name: String, among candidates: some Sequence<String>, limit: Int = 3) -> [String] {
    let target = Array(name.lowercased().unicodeScalars)
    // A third of the name's length, at least one edit: "Autor" finds "Author", "X" nothing far.
    let threshold = max(1, target.count / 3)
    var found: [(distance: Int, name: String)] = []
    for candidate in candidates {
      let scalars = Array(candidate.lowercased().unicodeScalars)
      guard abs(scalars.count - target.count) <= threshold else { continue }
      let distance = editDistance(target, scalars)
      if distance <= threshold { found.append((distance, candidate)) }
    }
    found.sort { ($0.distance, $0.name) < ($1.distance, $1.name) }
    return found.prefix(limit).map(\.name)
  }

  /// `did you mean "A" or "B"?` when names are close, else every known name when there are
  /// few (`entities: A, B, C`), else their number (`none of 10000 entities is close`).
  package static func hint(for name: String, among candidates: [String], noun: String) -> String {
    let near = nearest(to: name, among: candidates)
    if !near.isEmpty {
      let quoted = near.map { "\"\($0)\"" }
      let list = quoted.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or " + (quoted.last ?? "")
      return "did you mean \(list)?"
    }
    if candidates.count <= listLimit { return "\(noun): \(candidates.sorted().joined(separator: ", "))" }
    return "none of \(candidates.count) \(noun) is close"
  }

  /// The edits between two names: insertions, deletions, substitutions, and two neighbours
  /// swapped as one edit (`tilte` is one edit from `title`), each letter edited at most once
  /// (the optimal string alignment distance).
  private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    // Three rows: before the previous letter of `a`, the previous, and the current.
    var older = Array(0...b.count)
    var previous = older
    var current = previous
    for (i, x) in a.enumerated() {
      current[0] = i + 1
      for (j, y) in b.enumerated() {
        var distance = Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
        if i > 0, j > 0, x == b[j - 1], a[i - 1] == y { distance = Swift.min(distance, older[j - 1] + 1) }
        current[j + 1] = distance
      }
      (older, previous, current) = (previous, current, older)
    }
    return previous[b.count]
  }
}
