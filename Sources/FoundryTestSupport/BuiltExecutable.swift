import Foundation

/// An executable of this package, built by `swift build` beside the tests that run it.
///
/// ```swift
/// let foundry = try #require(BuiltExecutable.path(of: "foundry", repository: repository))
/// ```
public enum BuiltExecutable {
  /// The path of executable `name`, or `nil` when it is not built: looked for beside the test
  /// bundle (Linux runs the bundle itself), one folder up, then in the repository's
  /// `.build/debug` (macOS runs the bundle through `xctest`).
  ///
  /// ```swift
  /// BuiltExecutable.path(of: "foundry", repository: URL(fileURLWithPath: "/src/foundry"))
  /// ```
  /// - Parameters:
  ///   - name: The executable product's name.
  ///   - repository: The package's root folder.
  public static func path(of name: String, repository: URL) -> String? {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [beside, beside.deletingLastPathComponent(), repository.appendingPathComponent(".build/debug")]
    return candidates.map { $0.appendingPathComponent(name).path }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }
}
