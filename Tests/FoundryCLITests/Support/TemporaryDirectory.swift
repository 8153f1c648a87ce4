#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A fresh directory under the system's temporary directory, removed when released.
final class TemporaryDirectory {
  let path: String

  init() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("foundry-cli-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    path = url.path
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// Writes `contents` to the file `name` in the directory and returns its path.
  @discardableResult
  func write(_ contents: String, to name: String) throws -> String {
    let file = path + "/" + name
    try Data(contents.utf8).write(to: URL(fileURLWithPath: file))
    return file
  }

  /// The contents of the file `name`, or `nil` when it does not exist.
  func contents(of name: String) -> String? {
    guard let data = FileManager.default.contents(atPath: path + "/" + name) else { return nil }
    return String(decoding: data, as: UTF8.self)
  }
}
