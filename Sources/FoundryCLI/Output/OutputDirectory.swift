internal import FoundryInternals
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Creates a directory and its missing parents with POSIX calls, like `mkdir -p`.
///
/// ```swift
/// try OutputDirectory.create("Sources/Library/Model")
/// ```
enum OutputDirectory {
  /// Creates `path` and every missing directory above it; an existing directory is fine.
  ///
  /// - Throws: ``OutputFile/Failure`` with the C library's reason for the first directory
  ///   that cannot be created.
  static func create(_ path: String) throws(OutputFile.Failure) {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
      prefix += component
      if mkdir(prefix, 0o755) != 0, errno != EEXIST { throw OutputFile.Failure(reason: POSIX.currentError) }
      prefix += "/"
    }
  }
}
