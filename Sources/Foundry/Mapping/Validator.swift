import FoundryJSON

/// A check a field's value must pass after it is read; a failure is a ``MappingError`` with
/// the field's path, and in lossy mode the field takes its default (or `nil`) and is reported.
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
  let isValid: @Sendable (Value) -> Bool

  /// A validator from a predicate and the words for what it expects.
  public init(_ expectation: String, _ isValid: @escaping @Sendable (Value) -> Bool) {
    self.expectation = expectation
    self.isValid = isValid
  }

  /// Any predicate.
  public static func custom(_ expectation: String, _ isValid: @escaping @Sendable (Value) -> Bool) -> Validator {
    Validator(expectation, isValid)
  }
}

extension Validator where Value: Comparable & Sendable {
  /// The value lies in `range`.
  public static func range(_ range: ClosedRange<Value>) -> Validator {
    Validator("a value in \(range.lowerBound)...\(range.upperBound)") { range.contains($0) }
  }
  /// The value is at least `minimum`.
  public static func atLeast(_ minimum: Value) -> Validator {
    Validator("a value of at least \(minimum)") { $0 >= minimum }
  }
  /// The value is at most `maximum`.
  public static func atMost(_ maximum: Value) -> Validator {
    Validator("a value of at most \(maximum)") { $0 <= maximum }
  }
}

extension Validator where Value: Collection & Sendable {
  /// The collection (or string) is not empty.
  public static var nonEmpty: Validator { Validator("a non-empty value") { !$0.isEmpty } }
  /// The collection (or string) has a count in `range`.
  public static func count(_ range: ClosedRange<Int>) -> Validator {
    Validator("\(range.lowerBound)...\(range.upperBound) elements") { range.contains($0.count) }
  }
}

extension Validator where Value: Equatable & Sendable {
  /// The value is one of `allowed`.
  public static func oneOf(_ allowed: [Value]) -> Validator {
    Validator("one of \(allowed.map { "\($0)" }.joined(separator: ", "))") { allowed.contains($0) }
  }
}

extension FieldKey {
  /// This key, with a check the value must pass.
  public func validated<Value>(by validator: Validator<Value>) -> FieldKey {
    var key = self
    key.validator = AnyFieldValidator(validator)
    return key
  }

  /// This key, with a check on the value of the property at `field` (what `@Validate`
  /// generates: the key path gives the validator its type).
  public func validated<Root, Value>(_ field: KeyPath<Root, Value>, by validator: Validator<Value>) -> FieldKey {
    validated(by: validator)
  }

  /// This key, with a check on the wrapped value of the optional property at `field`.
  public func validated<Root, Value>(_ field: KeyPath<Root, Value?>, by validator: Validator<Value>) -> FieldKey {
    validated(by: validator)
  }

  /// This key, with a check on a value of `type` (for validators whose type a literal does
  /// not give away: `.validated(String.self, by: .nonEmpty)`).
  public func validated<Value>(_ type: Value.Type, by validator: Validator<Value>) -> FieldKey {
    validated(by: validator)
  }
}

/// A validator with its value type erased, stored in the schema next to the field's key.
struct AnyFieldValidator: Sendable {
  private let check: @Sendable (Any, ValueReader) throws -> Void

  init<Value>(_ validator: Validator<Value>) {
    check = { value, reader in
      guard let value = value as? Value, !validator.isValid(value) else { return }
      throw MappingError(code: .validationFailed, expected: validator.expectation, found: reader.foundDescription, offset: reader.node.byteOffset)
    }
  }

  func validate(_ value: Any, read from: ValueReader) throws {
    try check(value, from)
  }
}
