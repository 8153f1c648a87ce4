import ArgumentParser
import Foundation
import FoundryGraph
import FoundryPostgres
import FoundrySQLite
import FoundryStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `foundry-bench scale --foundry PATH [--authors 10000,100000,1000000]`: the scale table of the
/// README: `foundry import --store` of N authors with five books each, the first import into a
/// new store, then the import again of the `store.sync` payload (every other author changed, a
/// tenth new, a tenth gone: `--scope all`), each a child process measured for wall time and
/// peak resident memory; on SQLite, and on PostgreSQL when `FOUNDRY_BENCH_POSTGRES` names a
/// database the benchmark may empty.
///
/// The payloads follow the bundled example model (`Examples/Library.xcdatamodeld`): the
/// command line's own path, streaming the file in batches.
struct ScaleCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "scale",
    abstract: "Seconds and peak memory of foundry import --store at growing sizes, first import and re-import."
  )

  @Option(help: "The foundry executable (a release build).")
  var foundry: String

  @Option(help: "The example model the payloads follow.")
  var model = "Examples/Library.xcdatamodeld"

  @Option(help: "The author counts, comma-separated (five books each).")
  var authors = "10000,100000,1000000"

  func run() throws {
    let counts = authors.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    let folder = FileManager.default.temporaryDirectory.path + "/foundry-bench-scale-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    print("| store | authors (objects) | payload MB | first import s | peak RSS MB | re-import s | peak RSS MB |")
    print("|---|---|---|---|---|---|---|")
    for count in counts {
      let first = folder + "/first-\(count).json"
      let second = folder + "/second-\(count).json"
      try Self.write((0..<count).lazy.map { SyncCases.Author(id: $0, revision: 0) }, to: first)
      try Self.write(SyncCases.Payload.syncAuthors(of: count), to: second)
      let megabytes = Double((try? FileManager.default.attributesOfItem(atPath: second)[.size] as? Int) ?? 0) / 1e6
      var targets = [("SQLite", folder + "/store-\(count).sqlite")]
      if let url = PostgresCases.serverURL() { targets.append(("PostgreSQL", url)) }
      for (name, store) in targets {
        if store.hasPrefix("postgres") { try RawPostgres(url: store).reset() }
        let imported = try measure(first, into: store, scope: false)
        let synced = try measure(second, into: store, scope: true)
        try check(store, authors: count)
        let objects = count * 6
        print(
          "| \(name) | \(count) (\(objects)) | \(String(format: "%.1f", megabytes)) | \(String(format: "%.1f", imported.seconds)) | \(imported.peakMegabytes) "
            + "| \(String(format: "%.1f", synced.seconds)) | \(synced.peakMegabytes) |")
      }
      for path in [first, second] { try? FileManager.default.removeItem(atPath: path) }
    }
  }

  /// Runs `foundry import --store` of `payload` into `store` (deleting the authors it leaves
  /// out when `scope`). - Returns: Its wall time and peak resident memory.
  private func measure(_ payload: String, into store: String, scope: Bool) throws -> (seconds: Double, peakMegabytes: Int) {
    var arguments = [
      foundry, "import", payload, "--model", model, "--entity", "Author", "--store", store, "--transformer", "ISODay=date:yyyy-MM-dd", "--format", "json",
    ]
    if scope { arguments += ["--scope", "all"] }
    let start = Harness.now()
    let (status, usage) = try Self.spawn(arguments)
    let seconds = Harness.now() - start
    guard status == 0 else { throw ValidationError("foundry import exited with status \(status): \(arguments.joined(separator: " "))") }
    // `ru_maxrss` is in kilobytes on Linux, bytes on Apple platforms.
    #if os(Linux)
    let peak = Int(usage.ru_maxrss) / 1024
    #else
    let peak = Int(usage.ru_maxrss) / (1024 * 1024)
    #endif
    return (seconds, peak)
  }

  /// Checks that the store at `store` holds the re-imported payload's objects: `count`
  /// authors (a tenth gone, a tenth new) with five books each.
  private func check(_ store: String, authors count: Int) throws {
    let schema = try Schema(modelAt: URL(fileURLWithPath: model))
    let opened = store.hasPrefix("postgres") ? try Store.openNow(postgres: store, schema: schema) : try Store(path: store, schema: schema)
    let context = try opened.makeContext()
    let counts = (try context.countNow(FetchRequest(entity: "Author")), try context.countNow(FetchRequest(entity: "Book")))
    guard counts == (count, count * 5) else {
      throw ValidationError("the store holds \(counts.0) authors and \(counts.1) books after the re-import, not \(count) and \(count * 5)")
    }
  }

  /// Runs `arguments` as a child process, its output discarded. - Returns: Its exit status
  /// and resource usage (peak memory among it).
  private static func spawn(_ arguments: [String]) throws -> (status: Int32, usage: rusage) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
    guard spawned == 0 else { throw ValidationError("cannot run \(arguments[0]): \(String(cString: strerror(spawned)))") }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else { throw ValidationError("waiting for \(arguments[0]): \(String(cString: strerror(errno)))") }
    }
    // The exit status, as WEXITSTATUS reads it; a signal gives 128 + its number.
    let exited = status & 0x7f == 0
    return (exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), usage)
  }

  /// Writes `authors` as a payload in the example model's keys.
  private static func write(_ authors: some Sequence<SyncCases.Author>, to path: String) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
      throw ValidationError("cannot write \(path)")
    }
    defer { try? handle.close() }
    var text = "["
    for (index, author) in authors.enumerated() {
      if index > 0 { text += ",\n" }
      let born = author.born.map { "\"\($0)-01-01\"" } ?? "null"
      text += #"{"author_id":\#(author.id),"firstName":"\#(author.name)","lastName":null,"born":\#(born),"books":["#
      for (number, book) in author.books.enumerated() {
        if number > 0 { text += "," }
        text += #"{"book_id":\#(book.id),"title":"\#(book.title)","year":\#(book.year)}"#
      }
      text += "]}"
      // Written in pieces: a million authors' payload is never whole in memory.
      if text.utf8.count > 1 << 20 {
        try handle.write(contentsOf: Data(text.utf8))
        text = ""
      }
    }
    try handle.write(contentsOf: Data((text + "]").utf8))
  }
}
