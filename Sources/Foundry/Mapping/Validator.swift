import FoundryJSON

/// A check a field's value must pass after it is read; a failure is a ``MappingError`` with
/// the field's path, and in lossy mode the field takes its default (or `nil`) and is reported.
/// A validator can also replace the value (``normalizing(_:_:)``) or drop elements of an
/// array (``filter(_:_:)``).
///
/// ```swift
/// static let mappingSchema = MappingSchema(fields: [
///   .property("age").validated(by: .range(0...150)),
///   .property("tags").validated([String].self, by: .count(1...10)),
///   .property("email").validated(by: .custom("an address with @") { $0.contains("@") }),
/// ])
/// ```
public struct Validator<Value>: Sendable {
  /// What a passing value looks like, for messages: `a value in 0...150`.
  public let expectation: String
  /// The value to keep for a read value (itself, or a replacement), or `nil` to reject it.
  let apply: @Sendable (Value, ValueReader) -> Value?

  /// A validator from a predicate and the words for what it expects.
  /// - Parameters:
  ///   - expectation: What a valid value is, in the words of the error (`expected ...`).
  ///   - isValid: Whether a value passes.
  public init(_ expectation: String, _ isValid: @escaping @Sendable (Value) -> Bool) {
    self.expectation = expectation
    apply = { value, _ in isValid(value) ? value : nil }
  }

  private init(expectation: String, apply: @escaping @Sendable (Value, ValueReader) -> Value?) {
    self.expectation = expectation
    self.apply = apply
  }

  /// Any predicate.
  /// - Parameters:
  ///   - expectation: What a valid value is, in the words of the error (`expected ...`).
  ///   - isValid: Whether a value passes.
  public static func custom(_ expectation: String, _ isValid: @escaping @Sendable (Value) -> Bool) -> Validator {
    Validator(expectation, isValid)
  }

  /// Replaces the value with `transform`'s result, or rejects it when that is `nil`: trim,
  /// lowercase, clamp or canonicalize as the value is read.
  ///
  /// ```swift
  /// @Validate(Validator<String>.normalizing("an email address") { $0.contains("@") ? $0.lowercased() : nil })
  /// var email: String
  /// ```
  /// - Parameters:
  ///   - expectation: What a valid value is, in the words of the error (`expected ...`).
  ///   - transform: The value to keep instead, or `nil` to reject it.
  public static func normalizing(_ expectation: String, _ transform: @escaping @Sendable (Value) -> Value?) -> Validator {
    Validator(expectation: expectation) { value, _ in transform(value) }
  }

  /// Keeps the elements of an array that `keep` accepts and drops the others, in strict mode
  /// too; each dropped element is an `elementDropped` issue of the lossy report, at its index.
  ///
  /// ```swift
  /// @Validate(Validator<[Post]>.filter("a published post") { $0.isPublished }) var posts: [Post]
  /// ```
  /// - Parameters:
  ///   - expectation: What a valid value is, in the words of the error (`expected ...`).
  ///   - keep: Whether an element stays.
  public static func filter<Element>(_ expectation: String, _ keep: @escaping @Sendable (Element) -> Bool) -> Validator
  where Value == [Element] {
    Validator(expectation: expectation) { elements, reader in
      var kept: [Element] = []
      kept.reserveCapacity(elements.count)
      for (index, element) in elements.enumerated() {
        if keep(element) {
          kept.append(element)
        } else {
          reader.recordFiltered(at: index, expectation: expectation)
        }
      }
      return kept
    }
  }
}

extension Validator where Value: Comparable & Sendable {
  /// The value lies in `range`.
  /// - Parameters:
  ///   - range: The allowed values, both bounds included.
  public static func range(_ range: ClosedRange<Value>) -> Validator {
    Validator("a value in \(range.lowerBound)...\(range.upperBound)") { range.contains($0) }
  }
  /// The value is at least `minimum`.
  /// - Parameters:
  ///   - minimum: The smallest allowed value.
  public static func atLeast(_ minimum: Value) -> Validator {
    Validator("a value of at least \(minimum)") { $0 >= minimum }
  }
  /// The value is at most `maximum`.
  /// - Parameters:
  ///   - maximum: The largest allowed value.
  public static func atMost(_ maximum: Value) -> Validator {
    Validator("a value of at most \(maximum)") { $0 <= maximum }
  }
}

extension Validator where Value: Collection & Sendable {
  /// The collection (or string) is not empty.
  public static var nonEmpty: Validator { Validator("a non-empty value") { !$0.isEmpty } }
  /// The collection (or string) has a count in `range`.
  /// - Parameters:
  ///   - range: The allowed counts, both bounds included.
  public static func count(_ range: ClosedRange<Int>) -> Validator {
    Validator("\(range.lowerBound)...\(range.upperBound) elements") { range.contains($0.count) }
  }
}

extension Validator where Value: Equatable & Sendable {
  /// The value is one of `allowed`.
  /// - Parameters:
  ///   - allowed: The allowed values.
  public static func oneOf(_ allowed: [Value]) -> Validator {
    Validator("one of \(allowed.map { "\($0)" }.joined(separator: ", "))") { allowed.contains($0) }
  }
}

extension FieldKey {
  /// This key, with a check the value must pass.
  /// - Parameters:
  ///   - validator: The check.
  public func validated<Value>(by validator: Validator<Value>) -> FieldKey {
    var key = self
    key.validator = AnyFieldValidator(validator)
    return key
  }

  /// This key, with a check on the value of the property at `field` (what `@Validate`
  /// generates: the key path gives the validator its type).
  /// - Parameters:
  ///   - field: The property's key path, which gives the validator its type.
  ///   - validator: The check.
  public func validated<Root, Value>(_ field: KeyPath<Root, Value>, by validator: Validator<Value>) -> FieldKey {
    validated(by: validator)
  }

  /// This key, with a check on the wrapped value of the optional property at `field`.
  /// - Parameters:
  ///   - field: The optional property's key path, which gives the validator its type.
  ///   - validator: The check, on the wrapped value (`nil` passes).
  public func validated<Root, Value>(_ field: KeyPath<Root, Value?>, by validator: Validator<Value>) -> FieldKey {
    validated(by: validator)
  }

  /// This key, with a check on a value of `type` (for validators whose type a literal does
  /// not give away: `.validated(String.self, by: .nonEmpty)`).
  /// - Parameters:
  ///   - type: The value's type.
  ///   - validator: The check.
  public func validated<Value>(_ type: Value.Type, by validator: Validator<Value>) -> FieldKey {
    validated(by: validator)
  }
}

/// A validator with its value type erased, stored in the schema next to the field's key.
struct AnyFieldValidator: Sendable {
  private let check: @Sendable (Any, ValueReader) throws -> Any?

  init<Value>(_ validator: Validator<Value>) {
    check = { value, reader in
      // Another type (an optional field's `nil`): nothing to check.
      guard let value = value as? Value else { return nil }
      guard let kept = validator.apply(value, reader) else {
        throw MappingError(code: .validationFailed, expected: validator.expectation, found: reader.foundDescription, offset: reader.node.byteOffset)
      }
      return kept
    }
  }

  /// The value to keep: `value`'s replacement, or `nil` when the validator keeps it as read.
  /// - Throws: ``MappingError`` (`validationFailed`) for a rejected value.
  func validate(_ value: Any, read from: ValueReader) throws -> Any? {
    try check(value, from)
  }
}

extension ValueReader {
  /// Records an array element a ``Validator/filter(_:_:)`` dropped, in lossy mode.
  func recordFiltered(at index: Int, expectation: String) {
    guard context.isLossy else { return }
    var issue = MappingIssue(kind: .elementDropped, note: "filtered out: not \(expectation)")
    issue.prepend(.index(index))
    context.record(issue)
  }
}
