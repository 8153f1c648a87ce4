/// What parsed nodes and built values share in writing themselves as JSON: the public
/// `makeJSON(options:)`, `makeJSONString(options:)` and `writeJSON(options:chunkSize:to:)` of
/// both are these, written once.
protocol JSONWritable {
  /// Writes the value with `writer`, handing the bytes to `flush` (and emptying them) whenever
  /// they reach `chunkSize`.
  func write(with writer: inout JSONWriter, chunkSize: Int, flush: ([UInt8]) throws -> Void) rethrows
  /// A first guess at the size of the text, reserved before writing.
  func estimatedJSONSize(pretty: Bool) -> Int
}

extension JSONWritable {
  /// The value as UTF-8 JSON text.
  func jsonBytes(options: JSONWritingOptions) -> [UInt8] {
    var writer = JSONWriter(options: options)
    writer.reserveCapacity(estimatedJSONSize(pretty: options.isPretty))
    write(with: &writer, chunkSize: .max) { _ in }
    return writer.bytes
  }

  /// The value as JSON text in a `String`.
  func jsonString(options: JSONWritingOptions) -> String {
    String(decoding: jsonBytes(options: options), as: UTF8.self)
  }

  /// The value as JSON text handed to `output` in pieces of about `chunkSize` bytes.
  func writeJSONPieces(options: JSONWritingOptions, chunkSize: Int, to output: ([UInt8]) throws -> Void) rethrows {
    var writer = JSONWriter(options: options)
    writer.reserveCapacity(min(max(1, chunkSize), estimatedJSONSize(pretty: options.isPretty)))
    try write(with: &writer, chunkSize: max(1, chunkSize), flush: output)
    if !writer.bytes.isEmpty { try output(writer.bytes) }
  }
}
