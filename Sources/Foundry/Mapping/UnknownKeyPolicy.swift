import FoundryInternals

/// What to do with input keys no field maps.
public enum UnknownKeyPolicy: Sendable, Hashable {
  /// Leave them alone (the default).
  case ignore
  /// Fail, listing every unknown key with its path.
  case reject
  /// Keep them in the model's `@UnknownKeys` bag; encoding writes them back.
  case preserve
}
