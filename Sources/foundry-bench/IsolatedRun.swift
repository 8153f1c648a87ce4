import Foundation

/// A full run with each case name (`json.stream`, `xml.parse`, ...) measured in a fresh
/// process of its own: this executable again, with `--only NAME --format json`.
///
/// In one long process, what earlier cases leave behind (a grown heap, caches) moved some
/// ratios by up to 2x between runs: `json.stream`'s whole-document side ran at 199–239 MB/s
/// after the XML cases and at 399–547 MB/s alone. A process per case measures every case as
/// it runs alone.
///
/// ```swift
/// let results = try IsolatedRun.measure(["json.parse", "xml.parse"], options: ["--iterations", "7"])
/// ```
enum IsolatedRun {
  /// Measures the cases of each name in `names`, in order, each name in a child process given
  /// `options` too; the children's progress lines pass through to standard error.
  static func measure(_ names: [String], options: [String]) throws -> [BenchmarkResult] {
    let executable = try XMLMemoryCommand.executablePath()
    var results: [BenchmarkResult] = []
    for name in names {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = options + ["--only", name, "--format", "json"]
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else {
        throw SetupError("the \(name) cases failed in their process (status \(process.terminationStatus))")
      }
      results += try Self.results(from: data, name: name)
    }
    return results
  }

  /// The rows of a child's `--format json` report.
  private static func results(from data: Data, name: String) throws -> [BenchmarkResult] {
    guard let rows = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
      throw SetupError("the \(name) cases' process printed no report")
    }
    return try rows.map { row in
      guard let file = row["file"] as? String, let mbps = (row["mbps"] as? NSNumber)?.doubleValue, let baseline = row["baseline"] as? String,
        let baselineMbps = (row["baselineMbps"] as? NSNumber)?.doubleValue
      else { throw SetupError("the \(name) cases' process printed a row without its figures: \(row)") }
      return BenchmarkResult(name: row["case"] as? String ?? name, file: file, mbps: mbps, baselineName: baseline, baselineMbps: baselineMbps)
    }
  }
}
