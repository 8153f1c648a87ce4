/// A step from one Swift value to another, and back when it can: what
/// ``MappingTransformer/then(_:)`` applies to a transformer's output.
///
/// ```swift
/// struct Uppercased: ValueConversion {
///   func convert(_ input: String) throws -> String { input.uppercased() }
///   func revert(_ output: String) throws -> String { output }
/// }
/// code = try object.decode(at: 0, using: .identity(String.self).then(Uppercased()))
/// ```
public protocol ValueConversion<Input, Output>: Sendable {
  /// The value the step takes.
  associatedtype Input
  /// The value the step makes.
  associatedtype Output
  /// Converts a read value.
  ///
  /// - Throws: Any error; the transformer reports it as an invalid value at the field.
  func convert(_ input: Input) throws -> Output
  /// Converts back for writing; the default fails.
  func revert(_ output: Output) throws -> Input
}

extension ValueConversion {
  public func revert(_ output: Output) throws -> Input {
    throw MappingError(code: .invalidValue, reason: "\(Self.self) cannot convert values back (it has no reverse)")
  }
}

/// A ``ValueConversion`` made of closures.
///
/// ```swift
/// let hours = Conversion<Int, Double>({ Double($0) / 60 }, reverse: { Int(($0 * 60).rounded()) })
/// ```
public struct Conversion<Input, Output>: ValueConversion {
  let forward: @Sendable (Input) throws -> Output
  let backward: (@Sendable (Output) throws -> Input)?

  /// A step from `forward`, reversible when `reverse` is given.
  ///
  /// ```swift
  /// let trimmed = Conversion<String, String>({ $0.trimmingCharacters(in: .whitespaces) }, reverse: { $0 })
  /// ```
  /// - Parameters:
  ///   - forward: Converts a read value.
  ///   - reverse: Converts back for writing; `nil` makes the step read-only.
  public init(_ forward: @escaping @Sendable (Input) throws -> Output, reverse: (@Sendable (Output) throws -> Input)? = nil) {
    self.forward = forward
    backward = reverse
  }

  public func convert(_ input: Input) throws -> Output { try forward(input) }

  public func revert(_ output: Output) throws -> Input {
    guard let backward else {
      throw MappingError(code: .invalidValue, reason: "the conversion to \(Output.self) has no reverse")
    }
    return try backward(output)
  }
}

extension ValueConversion {
  /// A closure step, for `then(.map { ... })`.
  ///
  /// Swift 6.3 does not infer `@Sendable` for closures passed to a static member found
  /// through a generic context, so spell it out (or use ``Conversion`` directly):
  ///
  /// ```swift
  /// let doubled = IdentityTransformer<Int>().then(.map { @Sendable in $0 * 2 } reverse: { @Sendable in $0 / 2 })
  /// ```
  /// - Parameters:
  ///   - forward: Converts a read value.
  ///   - reverse: Converts back for writing; `nil` makes the step read-only.
  public static func map<I, O>(
    _ forward: @escaping @Sendable (I) throws -> O, reverse: (@Sendable (O) throws -> I)? = nil
  ) -> Conversion<I, O> where Self == Conversion<I, O> {
    Conversion(forward, reverse: reverse)
  }
}
