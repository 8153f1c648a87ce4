#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryJSON

/// A `Data` field reads base64 in either alphabet (`+/` or `-_`), padded or not, and writes
/// standard padded base64.
///
/// ```swift
/// struct Attachment { var bytes: Data }   // {"bytes": "SGVsbG8="}
/// ```
/// For another variant: a transformer per field (`using: .base64URL`), ``ValueFormats`` per
/// type, or ``MappingOptions/dataFormat`` and ``EncodingOptions/dataFormat`` per call.
extension Data: MappableValue {
  /// Reads base64 text.
  ///
  /// - Parameters:
  ///   - value: The document value to read.
  /// - Throws: ``MappingError``: `expected Data in base64, found ...`.
  public static func read(from value: ValueReader) throws -> Data {
    if let format = value.context.formats?.data ?? value.context.options.dataFormat { return try format.read(from: value) }
    guard let string = value.textValue else { throw value.mismatch(expected: "Data in base64") }
    guard let bytes = Base64.decode(string, alphabet: .either) else { throw value.invalid(expected: "Data in base64") }
    return Data(bytes)
  }

  /// Writes standard base64 with padding.
  /// - Parameters:
  ///   - writer: The writer of the value's place in the output.
  public func write(to writer: inout ValueWriter) throws {
    if let format = writer.context.formats?.data ?? writer.context.options.dataFormat { return try format.write(self, to: &writer) }
    writer.write(Base64.encode(self, alphabet: .standard, padding: true))
  }
}
