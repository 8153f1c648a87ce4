/// How ``Shape`` summarizes what it sees.
///
/// ```swift
/// var options = ShapeOptions()
/// options.summarizesMaps = false   // keep every key of id-keyed objects
/// let shape = Shape(of: document.root, options: options)
/// ```
package struct ShapeOptions: Sendable, Hashable {
  /// Reads objects as dictionaries (`{<id>: value}`) rather than records when their keys are
  /// all ids or all dates (``KeyPattern``), or when they have at least ``mapThreshold`` members
  /// whose values all have the same JSON type.
  package var summarizesMaps = true
  /// The member count from which an object whose values all have one JSON type is a dictionary.
  package var mapThreshold = 64
  /// The most keys a record collects, across all its objects, before it turns into a
  /// dictionary; bounds the output on objects keyed by arbitrary data. Only with
  /// ``summarizesMaps``.
  package var maximumFields = 1000
  /// The most keys a record keeps when ``summarizesMaps`` is off (`inspect --all-keys`);
  /// members with other keys are counted in ``Shape/Node/omittedMembers``, their values merged
  /// into one node. Bounds memory on objects keyed by data (a million distinct keys).
  package var maximumKeptFields = 10_000
  /// The longest example string kept, in characters; longer ones end in `...`.
  package var maximumExampleLength = 40
  /// Whether each node keeps a ``ValueProfile`` of its strings and numbers (date forms,
  /// numeric strings, distinct values), as `foundry generate --from-sample` needs.
  package var profilesValues = false

  /// Dictionaries summarized, 64 members of one type make a dictionary, 1000 keys at most.
  package init() {}
}
