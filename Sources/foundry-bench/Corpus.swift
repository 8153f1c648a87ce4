import Foundation

/// The benchmark payloads: `../shared/corpus` beside the checkout unless `--corpus` says otherwise.
struct Corpus {
  var directory: String

  static let defaultDirectory = "../shared/corpus"

  /// The bytes of `name` under `subdirectory`, or `nil` when the file is not there.
  func data(_ subdirectory: String, _ name: String) -> Data? {
    let path = directory + "/" + subdirectory + "/" + name
    return FileManager.default.contents(atPath: path)
  }
}
