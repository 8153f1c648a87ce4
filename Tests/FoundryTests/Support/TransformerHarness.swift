import Foundation
import Foundry
import FoundryJSON
import Testing

// Runs one transformer on the value of key "v", through the real decoder and encoder, so
// errors come out with the path and location machinery (`$.v: expected ...`).

enum TransformerUnderTest {
  @TaskLocal static var current: (any MappingTransformer)?
}

struct HarnessError: Error {}

/// `{"v": ...}` read and written through the task's transformer.
struct TransformedField<X: MappingTransformer>: Mappable {
  var value: X.Value?

  static var mappingSchema: MappingSchema { MappingSchema(fields: [.path("v")]) }

  init(value: X.Value?) { self.value = value }

  init(from object: inout ObjectReader) throws {
    guard let transformer = TransformerUnderTest.current as? X else { throw HarnessError() }
    value = try object.decode(at: 0, using: transformer)
  }

  func encode(to object: inout ObjectWriter) throws {
    guard let transformer = TransformerUnderTest.current as? X else { throw HarnessError() }
    try object.encodeIfPresent(value, at: 0, using: transformer)
  }
}

/// Decodes `json` as the value of `v` through `transformer`.
func read<X: MappingTransformer>(_ json: String, _ transformer: X, coercion: CoercionMode = .lenient) throws -> X.Value? {
  var options = MappingOptions()
  options.coercion = coercion
  return try TransformerUnderTest.$current.withValue(transformer) {
    try MappingDecoder(options: options).decode(TransformedField<X>.self, from: #"{"v": \#(json)}"#).value
  }
}

/// Decodes `{"v": json}` in lossy mode.
func readLossy<X: MappingTransformer>(_ json: String, _ transformer: X) -> LossyResult<TransformedField<X>> {
  TransformerUnderTest.$current.withValue(transformer) {
    MappingDecoder().decodeLossy(TransformedField<X>.self, from: #"{"v": \#(json)}"#)
  }
}

/// The JSON text `value` writes as through `transformer`.
func write<X: MappingTransformer>(_ value: X.Value, _ transformer: X) throws -> String {
  let text = try TransformerUnderTest.$current.withValue(transformer) {
    try MappingEncoder().encodeToString(TransformedField<X>(value: value))
  }
  // {"v":...} → ...
  return String(text.dropFirst(5).dropLast())
}

/// The message of the error reading `json` through `transformer` fails with.
func readError<X: MappingTransformer>(_ json: String, _ transformer: X, coercion: CoercionMode = .lenient) -> String? {
  do {
    _ = try read(json, transformer, coercion: coercion)
    return nil
  } catch let error as MappingError {
    return error.message
  } catch {
    return "unexpected \(error)"
  }
}

/// Seconds since 1970 of the date `json` reads as.
func seconds<X: MappingTransformer>(_ json: String, _ transformer: X) throws -> Double? where X.Value == Date {
  try read(json, transformer)?.timeIntervalSince1970
}

/// read → write → read gives the same date, and the second write the same text.
func expectRoundTrip<X: MappingTransformer>(
  _ json: String, _ transformer: X, sourceLocation: SourceLocation = #_sourceLocation
) throws where X.Value: Equatable {
  let first = try #require(try read(json, transformer), sourceLocation: sourceLocation)
  let text = try write(first, transformer)
  let second = try #require(try read(text, transformer), sourceLocation: sourceLocation)
  #expect(second == first, "\(json) → \(text)", sourceLocation: sourceLocation)
  #expect(try write(second, transformer) == text, sourceLocation: sourceLocation)
}
