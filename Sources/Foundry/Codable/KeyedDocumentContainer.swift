#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryJSON

/// A keyed container over one object of the document.
///
/// Lookups follow the order fields are usually declared in (the mapping runtime's in-order
/// hint), so a model read front to back costs one key comparison per field. Nothing is
/// materialized: no dictionary of members, no `JSONValue`.
///
/// A class: the standard library's `KeyedDecodingContainer` box copies its container for every
/// `decode(_:forKey:)`, and a struct's copy retains each of its references (one retain here).
final class KeyedDocumentContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: DocumentDecoder
  let object: JSONNode
  /// The decoder's depth when the container was made: its coding path is the decoder's
  /// first `depth` steps, then `extraSteps` (nested containers and `superDecoder()`).
  let depth: Int
  let extraSteps: [CodingPathStep]
  // Unchecked exclusivity: the container belongs to one decoding call (ARCHITECTURE.md, Invariants: "One owner").
  /// Where the next in-order lookup starts (a tape index; see `JSONNode.member(utf8:hint:)`).
  @exclusivity(unchecked) var hint = 0
  /// Whether lookups must follow the duplicate-key policy instead of the in-order scan.
  let mayRepeatKeys: Bool

  init(decoder: DocumentDecoder, object: JSONNode, depth: Int, extraSteps: [CodingPathStep]) throws {
    guard object.kind == .object else {
      var error = decoder.reader(object).mismatch(expected: "object")
      for step in extraSteps.reversed() { error.prepend(step.component) }
      throw error
    }
    self.decoder = decoder
    self.object = object
    self.depth = depth
    self.extraSteps = extraSteps
    mayRepeatKeys = object.mayRepeatKeys(scratch: &decoder.fingerprints)
  }

  var codingPath: [any CodingKey] { decoder.codingPath(depth: depth, extraSteps: extraSteps) }

  var allKeys: [Key] {
    object.members.compactMap { member in
      Key(stringValue: decoder.keyStrategy == .convertFromSnakeCase ? decoder.camelCased(member.key) : member.key)
    }
  }

  func contains(_ key: Key) -> Bool { find(key) != nil }

  // MARK: - Lookup

  /// The value for `key` and the document key it was found under.
  private func find(_ key: Key) -> (node: JSONNode, name: String)? {
    let name = key.stringValue
    if decoder.keyStrategy == .convertFromSnakeCase { return findSnakeCase(name) }
    return member(name).map { ($0, name) }
  }

  private func member(_ name: String) -> JSONNode? {
    if mayRepeatKeys { return object[name] }
    if let found = name.utf8.withContiguousStorageIfAvailable({ object.member(utf8: $0, hint: &hint) }) { return found }
    var name = name
    return name.withUTF8 { object.member(utf8: $0, hint: &hint) }
  }

  private func findSnakeCase(_ name: String) -> (node: JSONNode, name: String)? {
    if let candidate = decoder.snakeCandidate(for: name), let node = member(candidate) { return (node, candidate) }
    var found: (node: JSONNode, name: String)?
    for (documentKey, value) in object.members where decoder.camelCased(documentKey) == name {
      found = (value, documentKey)
      if decoder.context.options.parsing.duplicateKeys == .keepFirst { break }
    }
    return found
  }

  /// The document key a missing coding key would have had, for messages.
  private func documentName(_ key: Key) -> String {
    let name = key.stringValue
    guard decoder.keyStrategy == .convertFromSnakeCase else { return name }
    return decoder.snakeCandidate(for: name) ?? name
  }

  // MARK: - Errors

  private func keyNotFound<T>(_ key: Key, _ type: T.Type) -> MappingError {
    keyNotFound(key, expected: String(describing: T.self))
  }

  private func keyNotFound(_ key: Key, expected: String) -> MappingError {
    let name = documentName(key)
    var error = MappingError(
      code: .keyNotFound, expected: expected, reason: "required key not found",
      offset: object.byteOffset)
    error.prepend(.key(name))
    for step in extraSteps.reversed() { error.prepend(step.component) }
    return error
  }

  private func failure(_ error: any Error, name: String, node: JSONNode) -> MappingError {
    var failure = MappingError.converting(error, depth: depth + extraSteps.count + 1, offset: node.byteOffset)
    failure.prepend(.key(name))
    for step in extraSteps.reversed() { failure.prepend(step.component) }
    return failure
  }

  // MARK: - Reading

  /// Reads the value for `key` with `body`; a missing key is an error.
  @inline(__always)
  private func read<T>(_ key: Key, _ body: (ValueReader) throws -> T) throws -> T {
    guard let (node, name) = find(key) else { throw keyNotFound(key, T.self) }
    do {
      return try body(decoder.reader(node))
    } catch {
      throw failure(error, name: name, node: node)
    }
  }

  /// Reads the value for `key` with `body`; a missing key or `null` is `nil`.
  @inline(__always)
  private func readIfPresent<T>(_ key: Key, _ body: (ValueReader) throws -> T) throws -> T? {
    guard let (node, name) = find(key), !node.isNull else { return nil }
    do {
      return try body(decoder.reader(node))
    } catch {
      throw failure(error, name: name, node: node)
    }
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    guard let (node, _) = find(key) else { throw keyNotFound(key, expected: "a value") }
    return node.isNull
  }

  // Scalars try the plain path first (see `KeyedDocumentContainer+Plain.swift`).
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try plainBool(key).value ?? read(key) { try $0.bool() } }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try plainString(key).value ?? read(key) { try $0.string() } }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try plainDouble(key).value ?? read(key) { try $0.double() } }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try read(key) { try Float.read(from: $0) } }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try plainInt(key).value ?? read(key) { try $0.integer(Int.self) } }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try read(key) { try $0.integer(Int8.self) } }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try read(key) { try $0.integer(Int16.self) } }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try plainInt32(key).value ?? read(key) { try $0.integer(Int32.self) } }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try plainInt64(key).value ?? read(key) { try $0.integer(Int64.self) } }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try read(key) { try $0.integer(UInt.self) } }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try read(key) { try $0.integer(UInt8.self) } }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try read(key) { try $0.integer(UInt16.self) } }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try read(key) { try $0.integer(UInt32.self) } }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try read(key) { try $0.integer(UInt64.self) } }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    guard let (node, name) = find(key) else { throw keyNotFound(key, T.self) }
    return try decoder.decode(T.self, from: node, at: .key(name), extraSteps: extraSteps)
  }

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    if let plain = plainBool(key).optional { return plain }
    return try readIfPresent(key) { try $0.bool() }
  }
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    if let plain = plainString(key).optional { return plain }
    return try readIfPresent(key) { try $0.string() }
  }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    if let plain = plainDouble(key).optional { return plain }
    return try readIfPresent(key) { try $0.double() }
  }
  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try readIfPresent(key) { try Float.read(from: $0) } }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    if let plain = plainInt(key).optional { return plain }
    return try readIfPresent(key) { try $0.integer(Int.self) }
  }
  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try readIfPresent(key) { try $0.integer(Int8.self) } }
  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try readIfPresent(key) { try $0.integer(Int16.self) } }
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try readIfPresent(key) { try $0.integer(Int32.self) } }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
    if let plain = plainInt64(key).optional { return plain }
    return try readIfPresent(key) { try $0.integer(Int64.self) }
  }
  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try readIfPresent(key) { try $0.integer(UInt.self) } }
  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try readIfPresent(key) { try $0.integer(UInt8.self) } }
  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try readIfPresent(key) { try $0.integer(UInt16.self) } }
  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try readIfPresent(key) { try $0.integer(UInt32.self) } }
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try readIfPresent(key) { try $0.integer(UInt64.self) } }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let (node, name) = find(key), !node.isNull else { return nil }
    return try decoder.decode(T.self, from: node, at: .key(name), extraSteps: extraSteps)
  }

  // MARK: - Nesting

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
    guard let (node, name) = find(key) else { throw keyNotFound(key, expected: "object") }
    return KeyedDecodingContainer(
      try KeyedDocumentContainer<NestedKey>(decoder: decoder, object: node, depth: depth, extraSteps: extraSteps + [.key(name)]))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    guard let (node, name) = find(key) else { throw keyNotFound(key, expected: "array") }
    return try UnkeyedDocumentContainer(decoder: decoder, array: node, depth: depth, extraSteps: extraSteps + [.key(name)])
  }

  func superDecoder() throws -> any Decoder { superDecoder(node: member("super"), name: "super") }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    let found = find(key)
    return superDecoder(node: found?.node, name: found?.name ?? documentName(key))
  }

  /// A decoder for the value at `name`; a missing key decodes as `null`, as in `JSONDecoder`.
  private func superDecoder(node: JSONNode?, name: String) -> any Decoder {
    decoder.makeSuperDecoder(node: node ?? NullDocument.node, depth: depth, extraSteps: extraSteps + [.key(name)])
  }
}

/// The `null` a `superDecoder()` reads when its key is missing.
enum NullDocument {
  static let node: JSONNode = {
    // A literal document: parsing cannot fail.
    (try? JSONDocument(string: "null"))?.root ?? fallback()
  }()

  private static func fallback() -> JSONNode {
    preconditionFailure("the document \"null\" did not parse")
  }
}
