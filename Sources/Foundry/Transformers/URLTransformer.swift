#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryJSON

/// Reads and writes a `URL` as a string, optionally relative to a base URL.
///
/// ```swift
/// avatar = try object.decode(at: 0, using: .url)                                  // "https://x.org/a.png"
/// page = try object.decode(at: 1, using: .url(relativeTo: URL(string: "https://x.org/")))  // "docs/"
/// ```
public struct URLTransformer: MappingTransformer, Hashable {
  /// The URL relative strings resolve against; `nil` for absolute URLs only.
  public let base: URL?

  /// A transformer resolving against `base`.
  ///
  /// ```swift
  /// let pages = URLTransformer(base: URL(string: "https://example.org/"))
  /// ```
  /// - Parameters:
  ///   - base: The URL relative strings resolve against; `nil` accepts absolute URLs only.
  public init(base: URL? = nil) { self.base = base }

  /// Reads a URL from a non-empty string.
  ///
  /// - Parameters:
  ///   - value: The document value to read.
  /// - Throws: ``MappingError`` for a non-string, an empty or a malformed string.
  public func read(from value: ValueReader) throws -> URL {
    guard let string = value.textValue else { throw value.mismatch(expected: "URL") }
    guard !string.isEmpty, let url = URL(string: string, relativeTo: base) else { throw value.invalid(expected: "URL") }
    return url
  }

  /// Writes the URL's text: relative to the base when it was read that way, else absolute.
  /// - Parameters:
  ///   - url: The URL.
  ///   - writer: The writer of the value's place in the output.
  public func write(_ url: URL, to writer: inout ValueWriter) throws {
    writer.write(base == nil ? url.absoluteString : url.relativeString)
  }
}

extension MappingTransformer where Self == URLTransformer {
  /// Absolute URLs as strings.
  ///
  /// ```swift
  /// homepage = try object.decode(at: 0, using: .url)
  /// ```
  public static var url: URLTransformer { URLTransformer() }

  /// URLs resolved against `base`.
  ///
  /// ```swift
  /// page = try object.decode(at: 1, using: .url(relativeTo: URL(string: "https://example.org/")))
  /// ```
  /// - Parameters:
  ///   - base: The URL relative strings resolve against; `nil` accepts absolute URLs only.
  public static func url(relativeTo base: URL?) -> URLTransformer { URLTransformer(base: base) }
}
