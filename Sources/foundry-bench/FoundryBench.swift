import ArgumentParser
import Foundation

/// `foundry-bench`: Foundry's throughput against a baseline measured in the same run.
@main
struct FoundryBench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "foundry-bench",
    abstract: "Measure Foundry's throughput (MB/s) against a baseline measured in the same run.",
    discussion: "Build in release: swift run -c release foundry-bench",
    subcommands: [XMLMemoryCommand.self, XMLMemoryChild.self]
  )

  enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json
  }

  @Option(help: "The corpus folder (with json/ and xml/ inside).")
  var corpus: String = Corpus.defaultDirectory

  @Option(help: "Output format: table or json.")
  var format: OutputFormat = .table

  @Option(help: "Run only the cases whose name starts with this prefix (e.g. json.parse).")
  var filter: String?

  @Option(help: "Timed samples per case; the median is reported.")
  var iterations: Int = 15

  @Option(help: "Untimed warm-up samples per case.")
  var warmups: Int = 3

  func validate() throws {
    guard iterations > 0 else { throw ValidationError("--iterations must be at least 1") }
    guard warmups >= 0 else { throw ValidationError("--warmups must not be negative") }
  }

  func run() throws {
    // Checked here rather than in `validate()`, which also runs before the subcommands (such as
    // `memory`) that need no corpus.
    guard FileManager.default.fileExists(atPath: corpus) else {
      throw ValidationError("corpus folder '\(corpus)' not found; pass --corpus DIR")
    }
    let corpus = Corpus(directory: corpus)
    var cases = try JSONCases.make(corpus: corpus) + CodableCases.make(corpus: corpus)
      + MappingCases.make(corpus: corpus) + XMLCases.make(corpus: corpus) + GraphCases.make(corpus: corpus)
    if let filter { cases = cases.filter { $0.name.hasPrefix(filter) } }
    let harness = Harness(iterations: iterations, warmups: warmups)
    var results: [BenchmarkResult] = []
    for benchmark in cases {
      let result = try harness.run(benchmark)
      results.append(result)
      if format == .table {
        FileHandle.standardError.write(Data("measured \(result.name) \(result.file)\n".utf8))
      }
    }
    print(format == .table ? Report.table(results) : Report.json(results))
  }
}
