#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The external conformance suites (JSONTestSuite, the W3C XML suite), found through the
/// `FOUNDRY_CONFORMANCE_DIR` environment variable.
///
/// The suites are third-party data that the repository never holds: CI points the variable at
/// `../shared/conformance`, and without it the suite tests are skipped with a printed notice, so
/// a fresh clone passes `swift test` on the project's own cases.
///
/// ```swift
/// @Test(.enabled(if: ConformanceSuite.directory != nil), arguments: ConformanceSuite.files(in: "json/test_parsing"))
/// func parsing(name: String) throws { ... }
/// ```
public enum ConformanceSuite {
  /// The environment variable that names the folder holding the suites.
  public static let environmentVariable = "FOUNDRY_CONFORMANCE_DIR"

  /// The folder the variable names, without a trailing slash; `nil` when it is unset or empty.
  public static var directory: String? {
    guard let value = getenv(environmentVariable) else { return nil }
    var path = String(cString: value)
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    return path.isEmpty ? nil : path
  }

  /// The printed notice when the suites are not available.
  public static func skipNotice(_ suite: String) -> String {
    "\(suite) skipped: \(environmentVariable) not set"
  }

  /// The path of `name` inside `subdirectory` of the suites; `nil` when the variable is unset.
  public static func path(_ subdirectory: String, _ name: String) -> String? {
    directory.map { "\($0)/\(subdirectory)/\(name)" }
  }

  /// The names of the regular files in `subdirectory` whose name starts with `prefix`, sorted;
  /// empty when the variable is unset or the folder cannot be read.
  ///
  /// Called while tests are discovered, to build `@Test(arguments:)`.
  public static func files(in subdirectory: String, prefix: String = "") -> [String] {
    guard let directory, let stream = opendir("\(directory)/\(subdirectory)") else { return [] }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard !name.hasPrefix("."), name.hasPrefix(prefix) else { continue }
      names.append(name)
    }
    return names.sorted()
  }

  /// The bytes of a suite file; `nil` when the variable is unset or the file cannot be read.
  public static func contents(_ subdirectory: String, _ name: String) -> [UInt8]? {
    guard let path = path(subdirectory, name), let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return ferror(file) == 0 ? bytes : nil
  }
}
