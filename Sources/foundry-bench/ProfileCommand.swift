import ArgumentParser
import Foundation

/// `foundry-bench profile`: runs one side of the matching cases over and over, untimed, so a
/// profiler (`perf record`, `valgrind --tool=callgrind`) sees that side alone.
///
/// ```sh
/// perf record -g .build/release/foundry-bench profile --case graph.import --seconds 10
/// ```
struct ProfileCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "profile",
    abstract: "Run one side of the matching cases repeatedly, for a profiler."
  )

  enum Side: String, ExpressibleByArgument, CaseIterable {
    case ours, baseline
  }

  // Not `--corpus` or `--filter`: the parent command's options of those names take them.
  @Option(name: .customLong("corpus-path"), help: "The corpus folder (with json/ and xml/ inside).")
  var corpus: String = Corpus.defaultDirectory

  @Option(name: .customLong("case"), help: "The case of this name, or else the cases whose name starts with it, optionally with a file (graph.import, xml.decode:reno_east3.osm).")
  var selection: String

  @Option(help: "Which side to run.")
  var side: Side = .ours

  @Option(help: "Seconds to run each case (at least one run each).")
  var seconds: Double = 5

  @Option(help: "Run each case exactly this many times instead (for instruction counts).")
  var runs: Int?

  func run() throws {
    let parts = selection.split(separator: ":", maxSplits: 1).map(String.init)
    var cases = try FoundryBench.cases(corpus: Corpus(directory: corpus, onlyFile: parts.count == 2 ? parts[1] : nil), filter: parts[0])
    if parts.count == 2 {
      cases = cases.filter { $0.file == parts[1] }
      // A case that names its own "file" (`store.save.history:10 events changed`) needs the
      // corpus file its setup reads, whatever its name.
      if cases.isEmpty { cases = try FoundryBench.cases(corpus: Corpus(directory: corpus), filter: parts[0]).filter { $0.file == parts[1] } }
    }
    // A name that is a whole case's name picks that case alone (`store.fetch`, not also
    // `store.fetch.read`).
    if cases.contains(where: { $0.name == parts[0] }) { cases = cases.filter { $0.name == parts[0] } }
    guard !cases.isEmpty else { throw ValidationError("no case matches '\(selection)'") }
    for benchmark in cases {
      let operation = side == .ours ? benchmark.ours : benchmark.baseline
      let start = Harness.now()
      var count = 0
      repeat {
        // A case that starts each run from a prepared state (a store to import into again).
        try benchmark.setUp?()
        try operation()
        count += 1
      } while runs.map { count < $0 } ?? (Harness.now() - start < seconds)
      let elapsed = Harness.now() - start
      let megabytes = Double(benchmark.byteCount) * Double(count) / 1e6
      print("\(benchmark.name) \(benchmark.file) \(side.rawValue): \(count) runs, \(String(format: "%.1f", megabytes / elapsed)) MB/s")
    }
  }
}
