extension DocumentDecoder {
  /// The snake-case key to try first for coding key `name`, remembered per name.
  func snakeCandidate(for name: String) -> String? {
    if let known = snakeCandidates[name] { return known }
    let candidate = SnakeCase.candidate(for: name)
    snakeCandidates[name] = candidate
    return candidate
  }

  /// `JSONDecoder`'s `.convertFromSnakeCase` of a document key, remembered per key.
  func camelCased(_ key: String) -> String {
    if let known = camelCasedKeys[key] { return known }
    let converted = SnakeCase.camelCased(key)
    camelCasedKeys[key] = converted
    return converted
  }
}
