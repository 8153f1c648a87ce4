import FoundryJSON

/// A transformer followed by a ``ValueConversion`` of its output: ``MappingTransformer/then(_:)``.
///
/// Writing runs the steps backwards: the conversion's reverse, then the transformer's write.
///
/// ```swift
/// let minutes = IdentityTransformer<Int>().then(Conversion({ Double($0) / 60 }, reverse: { Int($0 * 60) }))
/// hours = try object.decode(at: 0, using: minutes)
/// ```
public struct ComposedTransformer<Base: MappingTransformer, Step: ValueConversion>: MappingTransformer where Step.Input == Base.Value {
  /// The transformer that reads the document value.
  public let base: Base
  /// The conversion applied to what it reads.
  public let step: Step

  /// `base`, then `step`.
  ///
  /// ```swift
  /// let upper = ComposedTransformer(base: IdentityTransformer<String>(), step: Conversion { $0.uppercased() })
  /// ```
  /// - Parameters:
  ///   - base: The transformer that reads the document value.
  ///   - step: The conversion of what it reads.
  public init(base: Base, step: Step) {
    self.base = base
    self.step = step
  }

  /// Reads with the base transformer and converts the result.
  ///
  /// - Parameters:
  ///   - value: The document value to read.
  /// - Throws: The base's errors, or the step's as an invalid value at this field.
  public func read(from value: ValueReader) throws -> Step.Output {
    let intermediate = try base.read(from: value)
    do {
      return try step.convert(intermediate)
    } catch var error as MappingError {
      if error.offset == nil { error.offset = value.jsonNode.byteOffset }
      throw error
    } catch {
      throw value.invalid(expected: "\(Step.Output.self)", reason: String(describing: error))
    }
  }

  /// Converts back, then writes with the base transformer.
  /// - Parameters:
  ///   - value: The value to write.
  ///   - writer: The writer of the value's place in the output.
  public func write(_ value: Step.Output, to writer: inout ValueWriter) throws {
    try base.write(try step.revert(value), to: &writer)
  }

  /// The base's value for a missing key, converted (`nil` if the conversion fails).
  public var valueForMissing: Step.Output? {
    base.valueForMissing.flatMap { try? step.convert($0) }
  }
}

extension MappingTransformer {
  /// This transformer, then `step` on what it reads; writing reverses both.
  ///
  /// ```swift
  /// hours = try object.decode(at: 0, using: IdentityTransformer<Int>().then(Conversion { Double($0) / 60 }))
  /// ```
  /// - Parameters:
  ///   - step: The conversion of what this transformer reads.
  public func then<Step: ValueConversion>(_ step: Step) -> ComposedTransformer<Self, Step> where Step.Input == Value {
    ComposedTransformer(base: self, step: step)
  }

  /// This transformer, then a closure on what it reads.
  ///
  /// Name the base type (`DateTransformer.iso8601.then { ... }`): in an implicit member chain
  /// (`using: .iso8601.then { ... }`) Swift 6.3 does not infer `@Sendable` for the closures.
  ///
  /// ```swift
  /// local = try object.decode(at: 0, using: DateTransformer.iso8601.then { $0.addingTimeInterval(3_600) } reverse: { $0.addingTimeInterval(-3_600) })
  /// ```
  /// - Parameters:
  ///   - forward: Converts what this transformer reads.
  ///   - reverse: Converts back for writing; `nil` makes the field read-only.
  public func then<Output>(
    _ forward: @escaping @Sendable (Value) throws -> Output, reverse: (@Sendable (Output) throws -> Value)? = nil
  ) -> ComposedTransformer<Self, Conversion<Value, Output>> {
    ComposedTransformer(base: self, step: Conversion(forward, reverse: reverse))
  }
}
