import ArgumentParser
import Foundation
import Foundry
import FoundryGraph
import FoundrySQLite
import FoundryStore

/// `foundry-bench store-memory [--megabytes 100]`: the peak memory of importing a generated
/// JSON payload (authors with books and shared tags) into a new SQLite store, in a fresh
/// process, against the payload's size. The issue's bar is a peak below 3x the payload.
struct StoreMemoryCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "store-memory",
    abstract: "Peak RSS of importing a generated JSON payload into a new SQLite store, in a fresh process."
  )

  @OptionGroup var input: GeneratedSize

  func run() throws {
    let folder = FileManager.default.temporaryDirectory.path + "/foundry-bench-store-memory-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let payload = folder + "/authors.json"
    let size = try Self.writePayload(to: payload, byteCount: input.byteCount)
    print("payload \(XMLMemoryCommand.format(Double(size) / 1e6)) MB")
    for mode in ["batches", "whole"] {
      try? FileManager.default.removeItem(atPath: folder + "/store.sqlite")
      let report = try XMLMemoryCommand.runChild(
        executable: try XMLMemoryCommand.executablePath(), arguments: ["store-memory-child", payload, folder + "/store.sqlite", "--mode", mode])
      let peak = (report["maxrss_kib"].flatMap { Double($0) } ?? 0) * 1024
      let base = (report["base_kib"].flatMap { Double($0) } ?? 0) * 1024
      let megabytes = { (bytes: Double) in XMLMemoryCommand.format(bytes / 1e6) }
      print(
        "\(mode == "batches" ? "Store.importJSON(contentsOf:), in batches" : "ObjectContext.importJSON, whole payload"): "
          + "\(report["objects"] ?? "-") objects in \(report["seconds"] ?? "-") s, peak RSS \(megabytes(peak)) MB "
          + "(\(XMLMemoryCommand.format(peak / Double(size)))x the payload; \(megabytes(base)) MB at start)")
    }
  }

  /// Writes authors, each with three books and two tags, until the payload reaches `byteCount`.
  static func writePayload(to path: String, byteCount: Int) throws -> Int {
    var text = #"{"version": 1, "authors": ["#
    var id = 0
    while text.utf8.count < byteCount {
      id += 1
      if id > 1 { text += ",\n" }
      let books = (0..<3).map { index in
        #"{"book_id": \#(id * 10 + index), "title": "Book \#(id)-\#(index) of a long series of books", "year": \#(1900 + index), "tags": ["tag \#(id % 97)", "shared"]}"#
      }
      text += #"{"author_id": \#(id), "firstName": "Author \#(id)", "lastName": "Writer", "books": [\#(books.joined(separator: ", "))]}"#
    }
    text += "]}"
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return text.utf8.count
  }

  /// The payload's schema: the README example's authors, books and tags.
  static let schema = try! Schema {
    Entity("Author", identity: ["id"]) {
      Attribute("id", .integer64, keyPath: "author_id")
      Attribute("firstName", .string)
      Attribute("lastName", .string, optional: true)
      Relationship("books", to: "Book", toMany: true, ordered: true, inverse: "author", deleteRule: .cascade)
    }
    Entity("Book", identity: ["id"]) {
      Attribute("id", .integer64, keyPath: "book_id")
      Attribute("title", .string)
      Attribute("year", .integer32, optional: true)
      Relationship("author", to: "Author", inverse: "books")
      Relationship("tags", to: "Tag", toMany: true, inverse: "books")
    }
    Entity("Tag", identity: ["label"]) {
      Attribute("label", .string)
      Relationship("books", to: "Book", toMany: true, inverse: "tags")
    }
  }
}

/// The child of `store-memory`: imports the payload into a new store and prints its peak.
struct StoreMemoryChild: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "store-memory-child", shouldDisplay: false)

  @Argument var payload: String
  @Argument var store: String
  @Option var mode = "batches"

  func run() throws {
    let base = MemoryUsage.statusKiB("VmRSS")
    let start = Harness.now()
    let store = try Store(path: store, schema: StoreMemoryCommand.schema)
    let report: StoreImportReport
    if mode == "whole" {
      let bytes = try MemoryUsage.readFile(payload)
      report = try store.makeContext().importNow(dryRun: false) { try $0.importJSON(bytes, entity: "Author", root: "authors") }
      blackHole(bytes)
    } else {
      report = try store.importFileNow(
        contentsOf: payload, format: .json, entity: "Author", root: "authors", options: .init(), transformers: .standard, dryRun: false, sourceName: nil)
    }
    let seconds = Harness.now() - start
    print(
      [
        "objects=\(report.saved.inserted.count)", "seconds=\(XMLMemoryCommand.format(seconds))",
        "maxrss_kib=\(MemoryUsage.maxResidentKiB())", "base_kib=\(base.map(String.init) ?? "-")",
      ].joined(separator: "\n"))
    blackHole(report)
  }
}
