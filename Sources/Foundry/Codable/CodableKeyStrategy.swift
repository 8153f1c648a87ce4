/// How the `CodingKey`s of `Decodable` types match the keys of a document.
///
/// ```swift
/// var options = MappingOptions()
/// options.codableKeys = .convertFromSnakeCase     // "created_at" fills `createdAt`
/// let tweet = try MappingDecoder(options: options).decode(Tweet.self, from: data)
/// ```
///
/// Only `Decodable` types decoded through ``MappingDecoder`` follow it; `@Mappable` models
/// have their own ``KeyStrategy``.
public enum CodableKeyStrategy: Sendable, Hashable {
  /// Keys match as written (`JSONDecoder.KeyDecodingStrategy.useDefaultKeys`).
  case useDefaultKeys
  /// A document key matches when `JSONDecoder`'s `.convertFromSnakeCase` turns it into the
  /// coding key: `created_at` → `createdAt`, `_id` → `_id`, `user_id` → `userId`.
  /// Keys of `[String: T]` dictionaries are left alone, as `JSONDecoder` leaves them.
  case convertFromSnakeCase
}

// MARK: - Snake case

enum SnakeCase {
  /// `JSONDecoder`'s `.convertFromSnakeCase`: leading and trailing underscores stay, the words
  /// between are joined with the first lowercased and the others capitalized.
  static func camelCased(_ key: String) -> String {
    guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
    var last = key.index(before: key.endIndex)
    while last > first, key[last] == "_" { key.formIndex(before: &last) }
    let words = key[first...last].split(separator: "_")
    guard words.count > 1 else { return key }
    var result = String(key[..<first])
    result += words[0].lowercased()
    for word in words.dropFirst() {
      guard let head = word.first else { continue }
      result += head.uppercased() + word.dropFirst().lowercased()
    }
    result += key[key.index(after: last)...]
    return result
  }

  /// The snake-case key most likely to convert to `name` (`createdAt` → `created_at`), or
  /// `nil` when the obvious candidate does not convert back; the caller then compares every key.
  static func candidate(for name: String) -> String? {
    var result = ""
    result.reserveCapacity(name.utf8.count + 4)
    for character in name {
      if character.isUppercase {
        result += "_"
        result += character.lowercased()
      } else {
        result.append(character)
      }
    }
    return camelCased(result) == name ? result : nil
  }
}
