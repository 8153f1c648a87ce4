#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryInternals

/// A JSON value as an ordinary Swift tree: build it, match on it, compare it, write it.
///
/// ```swift
/// let value: JSONValue = ["name": "Ada", "tags": ["math", "engines"], "born": 1815, "alive": false]
/// value["tags"]?[1]?.string        // "engines"
/// value[path: "tags.0"]            // .string("math")
/// if case .object(let object) = value { print(object.keys) }  // ["name", "tags", "born", "alive"]
/// ```
///
/// Objects keep their key order; equality of objects ignores it, as JSON does.
public enum JSONValue: Sendable, Hashable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, with its text kept so every reading of it is exact.
  case number(JSONNumber)
  /// A string, escapes resolved.
  case string(String)
  /// An array, in order.
  case array([JSONValue])
  /// An object: unique keys in their original order.
  case object(JSONObject)
}

extension JSONValue {
  /// The JSON type of this value.
  public var kind: JSONNode.Kind {
    switch self {
    case .null: .null
    case .bool: .bool
    case .number: .number
    case .string: .string
    case .array: .array
    case .object: .object
    }
  }

  /// Whether the value is `null`.
  public var isNull: Bool { self == .null }
  /// The Boolean, for `.bool`.
  public var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
  /// The string, for `.string`.
  public var string: String? { if case .string(let value) = self { value } else { nil } }
  /// The number, for `.number`.
  public var number: JSONNumber? { if case .number(let value) = self { value } else { nil } }
  /// The exact integer, for a `.number` that is one and fits.
  public var int: Int? { number?.int }
  /// The exact integer, for a `.number` that is one and fits.
  public var int64: Int64? { number?.int64 }
  /// The nearest `Double`, for a `.number`.
  public var double: Double? { number?.double }
  /// The exact `Decimal`, for a `.number`.
  public var decimal: Decimal? { number?.decimal }
  /// The elements, for `.array`.
  public var array: [JSONValue]? { if case .array(let value) = self { value } else { nil } }
  /// The object, for `.object`.
  public var object: JSONObject? { if case .object(let value) = self { value } else { nil } }

  /// The element at `position` of an array (`-1` is the last); `nil` otherwise.
  /// - Parameters:
  ///   - position: The element's index.
  public subscript(position: Int) -> JSONValue? {
    guard case .array(let elements) = self else { return nil }
    let target = position < 0 ? elements.count + position : position
    // `.none`, not `nil`: a bare `nil` here would become `JSONValue.null` through the literal.
    return elements.indices.contains(target) ? elements[target] : .none
  }

  /// The value for `key` of an object; `nil` otherwise.
  /// - Parameters:
  ///   - key: The member's name, compared by code points.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let object) = self else { return nil }
    return object[key]
  }
}

extension JSONValue: PathNavigable {
  package var isPathIndexable: Bool { if case .array = self { true } else { false } }

  /// The member named by `segment` (a value tree has no markup conventions).
  package func pathChild(_ segment: PathSegment) -> JSONValue? { self[segment.name] }

  /// The value at a key path (`a.b.0.c`, `-1` for the last element, `\.` for a literal dot).
  ///
  /// - Parameters:
  ///   - path: The key path: `a.b`, `items.0`, `items.-1`, `a\.b` for a dot in a key.
  /// - Complexity: O(*n*) in the length of `path` to parse it, then a lookup per segment.
  public subscript(path path: String) -> JSONValue? { walk(PathExpression(path)) }
}

// MARK: - Literals

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  public init(nilLiteral: ()) { self = .null }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(integerLiteral value: Int64) { self = .number(JSONNumber(value)) }
  public init(floatLiteral value: Double) { self = .number(JSONNumber(floatLiteral: value)) }
  public init(stringLiteral value: String) { self = .string(value) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(dictionaryLiteral members: (String, JSONValue)...) {
    self = .object(JSONObject(members, uniquingKeysWith: .keepLast))
  }
}

// MARK: - Teardown

extension JSONValue {
  /// Drops `value` one level at a time, whatever its depth.
  ///
  /// Swift releases the payloads of a nested enum recursively, one call per level, so
  /// dropping a value nested tens of thousands deep (possible only with
  /// ``JSONParsingOptions/maximumDepth`` raised far past its default of 512) would overflow
  /// the stack. Code that builds values from input of any depth hands them here when done.
  ///
  /// ```swift
  /// let value = document.root.value
  /// // ... use value ...
  /// JSONValue.dismantle(consume value)
  /// ```
  ///
  /// - Complexity: O(*n*) in the values of the tree, with an explicit stack.
  public static func dismantle(_ value: consuming JSONValue) {
    var pending = [consume value]
    while let next = pending.popLast() {
      // The children move to `pending` before `next` goes, so each release frees one level.
      switch next {
      case .array(let elements): pending.append(contentsOf: elements)
      case .object(let object): pending.append(contentsOf: object.values)
      case .null, .bool, .number, .string: break
      }
    }
  }
}
