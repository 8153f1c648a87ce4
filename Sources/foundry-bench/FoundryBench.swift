import ArgumentParser
import Foundation

/// `foundry-bench`: Foundry's throughput against a baseline measured in the same run.
@main
struct FoundryBench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "foundry-bench",
    abstract: "Measure Foundry's throughput (MB/s) against a baseline measured in the same run.",
    discussion: "Build in release: swift run -c release foundry-bench",
    subcommands: [
      XMLMemoryCommand.self, XMLMemoryChild.self, StoreMemoryCommand.self, StoreMemoryChild.self, JSONMemoryCommand.self, JSONMemoryChild.self,
      ProfileCommand.self, PostgresImportersCommand.self, HistoryLatencyCommand.self, HistoryLatencyChild.self, ScaleCommand.self,
    ]
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

  @Flag(help: "Run every case in this process, one after another, instead of each in a fresh process of its own.")
  var inProcess = false

  /// The one case a child process of an isolated run measures (its exact name).
  @Option(help: .hidden)
  var only: String?

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
    let results: [BenchmarkResult]
    if inProcess || only != nil {
      results = try measure(try Self.cases(corpus: Corpus(directory: corpus), filter: filter, only: only))
    } else {
      let options = ["--corpus", corpus, "--iterations", "\(iterations)", "--warmups", "\(warmups)"]
      results = try IsolatedRun.measure(Self.caseNames(matching: filter), options: options)
    }
    print(format == .table ? Report.table(results) : Report.json(results))
  }

  /// Measures `cases` one after another in this process.
  private func measure(_ cases: [BenchmarkCase]) throws -> [BenchmarkResult] {
    let harness = Harness(iterations: iterations, warmups: warmups)
    var results: [BenchmarkResult] = []
    for benchmark in cases {
      let result = try harness.run(benchmark)
      results.append(result)
      if format == .table || only != nil {
        FileHandle.standardError.write(Data("measured \(result.name) \(result.file)\n".utf8))
      }
    }
    return results
  }
}

extension FoundryBench {
  /// The cases' groups: the names of the cases each sets up, and how.
  static var groups: [(names: [String], make: (Corpus) throws -> [BenchmarkCase])] {
    [
      (["json.parse", "json.value", "json.write"], JSONCases.make),
      (["json.codable"], CodableCases.make),
      (["json.decode", "json.encode"], MappingCases.make),
      (["xml.parse", "xml.decode"], XMLCases.make),
      (["xml.stream", "json.stream"], StreamCases.make),
      (["graph.import"], GraphCases.make),
      (["store.import", "store.save.history", "store.fetch"], StoreCases.make),
      (["store.query"], QueryCases.make),
      (["store.sync"], SyncCases.make),
      (["store.export"], ExportCases.make),
      (["store.import.postgres"], PostgresCases.make),
      (["store.export.postgres"], PostgresSyncCases.makeExport),
      (["store.sync.postgres"], PostgresSyncCases.makeSync),
    ]
  }

  /// The case names, in run order, whose cases `filter` selects (every one for `nil`): the
  /// names that start with the filter, or if none does, the names the filter starts with
  /// (`store.fetch` for `store.fetch.objects`; `store.sync.postgres` alone for itself).
  static func caseNames(matching filter: String?) -> [String] {
    let names = groups.flatMap(\.names)
    guard let filter else { return names }
    let starting = names.filter { $0.hasPrefix(filter) }
    return starting.isEmpty ? names.filter { filter.hasPrefix($0) } : starting
  }

  /// The case name a case is measured under in an isolated run: the longest name of the
  /// groups that is the case's own or a dotted prefix of it (`store.fetch` for
  /// `store.fetch.objects`, `store.import.postgres` for itself).
  static func owner(ofCase name: String) -> String? {
    groups.flatMap(\.names).filter { name == $0 || name.hasPrefix($0 + ".") }.max { $0.count < $1.count }
  }

  /// Every case of the corpus whose name starts with `filter` (all of them for `nil`), or is
  /// `only`. Only the groups that can match are set up (their setup decodes and checks every
  /// file).
  static func cases(corpus: Corpus, filter: String?, only: String? = nil) throws -> [BenchmarkCase] {
    var cases: [BenchmarkCase] = []
    let selected = Set(only.map { [$0] } ?? caseNames(matching: filter))
    for group in groups where group.names.contains(where: selected.contains) { cases += try group.make(corpus) }
    if let only { return cases.filter { owner(ofCase: $0.name) == only } }
    guard let filter else { return cases }
    return cases.filter { $0.name.hasPrefix(filter) }
  }
}
