#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryInternals

/// A value inside a ``JSONDocument``: a cheap cursor that decodes only what you read.
///
/// ```swift
/// let document = try JSONDocument(string: #"{"items": [{"id": 1}, {"id": "2"}]}"#)
/// let items = document.root["items"]
/// items?.count                      // 2
/// items?[0]?["id"]?.int             // 1
/// document.root[path: "items.-1.id"]?.string  // "2"
/// for item in items?.elements ?? .empty { print(item.kind) }
/// ```
public struct JSONNode: Sendable {
  let storage: JSONStorage
  var index: Int

  init(storage: JSONStorage, index: Int) {
    self.storage = storage
    self.index = index
  }

  /// The JSON type of a node.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    case null, bool, number, string, array, object
  }

  private var node: TapeNode { storage.nodes[index] }

  /// The JSON type of this value.
  public var kind: Kind {
    switch node.kind {
    case .null: .null
    case .true, .false: .bool
    case .number: .number
    case .string: .string
    case .array: .array
    case .object: .object
    }
  }

  /// Zero-based byte offset of the value in the input (strings: the opening quote).
  public var byteOffset: Int {
    let node = node
    if storage.markup != nil { return Int(node.markupSourceOffset) }
    return Int(node.offset) - (node.kind == .string ? 1 : 0)
  }

  // MARK: - Scalars

  /// Whether the value is `null`.
  public var isNull: Bool { node.kind == .null }

  /// The value of `true` or `false`; `nil` for other kinds.
  public var bool: Bool? {
    switch node.kind {
    case .true: true
    case .false: false
    default: nil
    }
  }

  /// The decoded string (escapes resolved); `nil` for other kinds.
  public var string: String? { node.kind == .string ? storage.string(at: index) : nil }

  /// The number with its text; `nil` for other kinds.
  public var number: JSONNumber? {
    let node = node
    guard node.kind == .number else { return nil }
    let raw = storage.rawBytes(of: index)
    // Integer tokens are canonical (the grammar forbids leading zeros), except `-0`.
    if node.has(TapeNode.isInteger), let value = NumberText.int64(raw), value != 0 || !node.has(TapeNode.isNegative) {
      return JSONNumber(storage: .integer(value))
    }
    return JSONNumber(storage: .text(String(decoding: raw, as: UTF8.self)))
  }

  /// Whether the value is a number written without a fraction or an exponent (`12`, not `12.0`).
  ///
  /// Read from the tape: no decoding.
  public var isInteger: Bool { node.kind == .number && node.has(TapeNode.isInteger) }

  /// The exact value of an integer in range (`1.0` and `1e2` count); `nil` otherwise.
  public var int64: Int64? { numberText(NumberText.int64) }
  /// The exact value of a non-negative integer in range; `nil` otherwise.
  public var uint64: UInt64? { numberText(NumberText.uint64) }
  /// The exact value of an integer in range of `Int`; `nil` otherwise.
  public var int: Int? { int64.flatMap { Int(exactly: $0) } }
  /// The nearest `Double` (correctly rounded); `nil` for other kinds or past its range.
  public var double: Double? { numberText(NumberText.double) }
  /// The exact `Decimal`; `nil` for other kinds or beyond its precision.
  public var decimal: Decimal? { numberText(NumberText.decimal) }

  private func numberText<T>(_ read: (UnsafeBufferPointer<UInt8>) -> T?) -> T? {
    node.kind == .number ? read(storage.rawBytes(of: index)) : nil
  }

  // MARK: - Containers

  /// The number of elements of an array or members of an object; 0 for other kinds.
  public var count: Int { node.isContainer ? Int(node.count) : 0 }

  /// The element at `position` of an array; negative positions count from the end (`-1` is
  /// the last). `nil` for other kinds or out of range.
  ///
  /// - Parameters:
  ///   - position: The element's index.
  /// - Complexity: O(*position*): the tape skips over each earlier element in one step.
  public subscript(position: Int) -> JSONNode? {
    guard node.kind == .array else { return nil }
    let count = Int(node.count)
    let target = position < 0 ? count + position : position
    guard target >= 0, target < count else { return nil }
    var child = index + 1
    for _ in 0..<target { child = storage.next(after: child) }
    return JSONNode(storage: storage, index: child)
  }

  /// The value for `key` in an object; `nil` for other kinds or a missing key. With repeated
  /// keys the document's ``JSONParsingOptions/DuplicateKeyPolicy`` decides which value wins.
  ///
  /// - Parameters:
  ///   - key: The member's name, compared by code points.
  /// - Complexity: O(*n*) in the number of members.
  public subscript(key: String) -> JSONNode? {
    guard node.kind == .object else { return nil }
    var key = key
    return key.withUTF8 { member(named: $0) }
  }

  func member(named key: UnsafeBufferPointer<UInt8>) -> JSONNode? {
    var child = index + 1
    let end = Int(node.payload)
    var found: Int?
    while child < end {
      let value = child + 1
      if storage.stringEquals(child, key) {
        found = value
        if storage.duplicateKeys != .keepLast { break }
      }
      child = storage.next(after: value)
    }
    return found.map { JSONNode(storage: storage, index: $0) }
  }

  /// The elements of an array, in order; empty for other kinds.
  public var elements: Elements {
    Elements(children: TapeChildren(storage: storage, position: index + 1, remaining: node.kind == .array ? Int(node.count) : 0))
  }

  /// The members of an object in document order, repeated keys included; empty for other kinds.
  public var members: Members {
    Members(children: TapeChildren(storage: storage, position: index + 1, remaining: node.kind == .object ? Int(node.count) : 0))
  }
}
