import Foundation

/// Graphviz's `dot`, found on the `PATH`, run to lay out DOT text as SVG.
///
/// ```swift
/// if let graphviz = Graphviz.find() { let svg = try graphviz.svg(from: diagram.dot()) }
/// ```
struct Graphviz {
  /// Why `dot` failed.
  struct Failure: Error {
    var reason: String
  }

  /// The executable's path.
  let path: String

  /// `dot` in a directory of `PATH`, if any is executable.
  static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> Graphviz? {
    let directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
    for directory in directories where !directory.isEmpty {
      let candidate = directory + "/dot"
      if FileManager.default.isExecutableFile(atPath: candidate) { return Graphviz(path: candidate) }
    }
    return nil
  }

  /// The SVG `dot -Tsvg` makes of `dot`.
  ///
  /// - Throws: ``Failure`` when `dot` cannot start or exits with an error (its message).
  func svg(from dot: String) throws(Failure) -> String {
    #if os(macOS) || os(Linux) || os(Windows)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = ["-Tsvg"]
    let input = Pipe(), output = Pipe(), errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    do {
      try process.run()
    } catch {
      throw Failure(reason: "cannot run '\(path)': \(error.localizedDescription)")
    }
    // Write on another thread while this one reads, so neither pipe fills up and blocks.
    let writer = Thread {
      input.fileHandleForWriting.write(Data(dot.utf8))
      try? input.fileHandleForWriting.close()
    }
    writer.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let text = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      throw Failure(reason: "dot failed (status \(process.terminationStatus))" + (text.isEmpty ? "" : ": " + text))
    }
    return String(decoding: data, as: UTF8.self)
    #else
    throw Failure(reason: "this platform cannot run '\(path)' (no processes)")
    #endif
  }
}
