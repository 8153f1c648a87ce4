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
/// For URL-safe output decode with ``Base64Transformer`` (`using: .base64URL`).
extension Data: MappableValue {
  /// Reads base64 text.
  ///
  /// - Throws: ``MappingError``: `expected Data in base64, found ...`.
  public static func read(from value: ValueReader) throws -> Data {
    guard let string = value.textValue else { throw value.mismatch(expected: "Data in base64") }
    guard let bytes = Base64.decode(string, alphabet: .either) else { throw value.invalid(expected: "Data in base64") }
    return Data(bytes)
  }

  /// Writes standard base64 with padding.
  public func write(to writer: inout ValueWriter) throws {
    writer.write(Base64.encode(self, alphabet: .standard, padding: true))
  }
}
