import FoundryGraph

/// What a save does when another save changed one of its objects since the context read it.
///
/// ```swift
/// context.mergePolicy = .storeWins
/// ```
public enum MergePolicy: Sendable, Hashable {
  /// The save fails with ``StoreError/Code/conflict``, naming the object (the default).
  case error
  /// The context's changes overwrite the other save's.
  case contextWins
  /// The other save's values stay: the context's changes to those objects' attributes are
  /// dropped (their new values taken from the store), and the rest of the save goes ahead.
  case storeWins
}
