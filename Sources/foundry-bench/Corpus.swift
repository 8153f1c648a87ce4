import Foundation

/// The benchmark payloads: `../shared/corpus` beside the checkout unless `--corpus` says otherwise.
struct Corpus {
  var directory: String
  /// When set, the only file handed out: `profile` builds the cases of one file, so that a
  /// setup check of another (canada's round trip fails under valgrind's floating point) does
  /// not stop it.
  var onlyFile: String?

  static let defaultDirectory = "../shared/corpus"

  /// The bytes of `name` under `subdirectory`, or `nil` when the file is not there (or is not
  /// ``onlyFile``).
  func data(_ subdirectory: String, _ name: String) -> Data? {
    if let onlyFile, name != onlyFile { return nil }
    let path = directory + "/" + subdirectory + "/" + name
    return FileManager.default.contents(atPath: path)
  }
}
