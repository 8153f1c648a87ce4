#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryJSON

/// Reads and writes `Data` as a base64 string, in the standard (`+/`) or URL-safe (`-_`)
/// alphabet.
///
/// Padding is optional on read (and checked when present); line breaks are skipped.
///
/// ```swift
/// avatar = try object.decode(at: 0, using: .base64)       // "iVBORw0KGgo="
/// token = try object.decode(at: 1, using: .base64URL)     // "PDw_Pz8-Pg"
/// ```
public struct Base64Transformer: MappingTransformer, Hashable {
  /// Which characters stand for the values 62 and 63.
  public enum Alphabet: Sendable, Hashable {
    /// `+` and `/` (RFC 4648 section 4).
    case standard
    /// `-` and `_` (RFC 4648 section 5), for URLs and file names.
    case urlSafe
  }

  /// The alphabet read and written.
  public let alphabet: Alphabet
  /// Whether written text ends in `=` padding.
  public let writesPadding: Bool

  /// A transformer for one alphabet.
  ///
  /// ```swift
  /// let jwtPart = Base64Transformer(alphabet: .urlSafe, writesPadding: false)
  /// ```
  /// - Parameters:
  ///   - alphabet: Standard or URL-safe.
  ///   - writesPadding: Whether written text ends with `=` padding (reading accepts both).
  public init(alphabet: Alphabet = .standard, writesPadding: Bool = true) {
    self.alphabet = alphabet
    self.writesPadding = writesPadding
  }

  private var codecAlphabet: Base64.Alphabet { alphabet == .standard ? .standard : .urlSafe }
  private var expectation: String { alphabet == .standard ? "Data in base64" : "Data in URL-safe base64" }

  /// Reads the bytes a base64 string holds.
  ///
  /// - Parameters:
  ///   - value: The document value to read.
  /// - Throws: ``MappingError`` for a non-string or a string that is not base64.
  public func read(from value: ValueReader) throws -> Data {
    guard let string = value.textValue else { throw value.mismatch(expected: expectation) }
    guard let bytes = Base64.decode(string, alphabet: codecAlphabet) else { throw value.invalid(expected: expectation) }
    return Data(bytes)
  }

  /// Writes `data` as base64 text.
  /// - Parameters:
  ///   - data: The bytes.
  ///   - writer: The writer of the value's place in the output.
  public func write(_ data: Data, to writer: inout ValueWriter) throws {
    writer.write(Base64.encode(data, alphabet: codecAlphabet, padding: writesPadding))
  }
}

extension MappingTransformer where Self == Base64Transformer {
  /// Standard base64 (`+/`, padded), as most JSON APIs send binary data.
  ///
  /// ```swift
  /// avatar = try object.decode(at: 0, using: .base64)
  /// ```
  public static var base64: Base64Transformer { Base64Transformer() }

  /// URL-safe base64 (`-_`), written without padding as JWTs and URLs use it.
  ///
  /// ```swift
  /// token = try object.decode(at: 1, using: .base64URL)
  /// ```
  public static var base64URL: Base64Transformer { Base64Transformer(alphabet: .urlSafe, writesPadding: false) }
}
