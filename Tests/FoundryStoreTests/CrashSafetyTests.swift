import Foundation
import FoundryGraph
import FoundrySQLite
import FoundryStore
import GRDB
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A store survives its writer being killed: a `foundry import --store` child process gets
/// SIGKILL part way through a large import, and the store it leaves passes SQLite's integrity
/// check and holds exactly what it held before the import, or everything (never a part).
@Suite("Crash safety: a writer killed mid-import", .serialized)
struct CrashSafetyTests {
  /// The repository's root, found from this file's path.
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let model = repository.appendingPathComponent("Examples/Library.xcdatamodeld").path
  static let arguments = ["--model", model, "--entity", "Author", "--root", "authors", "--transformer", "ISODay=date:yyyy-MM-dd"]

  /// The `foundry` executable built beside the test bundle.
  static var foundry: String? {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [beside, beside.deletingLastPathComponent(), repository.appendingPathComponent(".build/debug")]
    return candidates.map { $0.appendingPathComponent("foundry").path }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// A payload of `count` authors with two books each and shared tags.
  static func payload(authors count: Int) -> String {
    let authors = (0..<count).map { index in
      let id = 10_000 + index
      return #"{"author_id": \#(id), "firstName": "Author \#(index)", "lastName": "Writer", "books": ["#
        + #"{"book_id": \#(id * 10), "title": "Book \#(index) a", "year": 2000, "tags": ["tag \#(index % 50)", "shared"]},"#
        + #"{"book_id": \#(id * 10 + 1), "title": "Book \#(index) b", "tags": ["tag \#(index % 7)"]}]}"#
    }
    return #"{"version": 1, "authors": ["# + authors.joined(separator: ",\n") + "]}"
  }

  /// Objects per entity, and whether SQLite finds the file sound.
  static func state(of path: String) async throws -> (counts: [String: Int], integrity: String) {
    let integrity = try await DatabaseQueue(path: path).read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "" }
    let store = try Store(path: path, schema: try Schema(modelAt: URL(fileURLWithPath: model)))
    let context = try store.makeContext()
    var counts: [String: Int] = [:]
    for entity in ["Author", "Book", "Tag"] { counts[entity] = try await context.count(FetchRequest(entity: entity)) }
    return (counts, integrity)
  }

  /// Runs `foundry import` on `payload` into `store`, killing it after `delay` seconds when
  /// given. - Returns: Whether the kill stopped it (it was still running).
  static func importing(_ payload: String, into store: String, killAfter delay: Double?) throws -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(foundry, "build the foundry executable first (swift build)"))
    process.arguments = ["import", payload] + arguments + ["--store", store]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    var killed = false
    if let delay {
      Thread.sleep(forTimeInterval: delay)
      killed = process.isRunning && kill(process.processIdentifier, SIGKILL) == 0
    }
    process.waitUntilExit()
    if !killed { #expect(process.terminationStatus == 0) }
    return killed
  }

  @Test("SIGKILL during a large import leaves the store as before it, or complete; never a part")
  func killedMidImport() async throws {
    let directory = try TemporaryStore()
    let big = directory.directory.appendingPathComponent("big.json").path
    try Self.payload(authors: 4_000).write(toFile: big, atomically: true, encoding: .utf8)
    let small = Self.repository.appendingPathComponent("Examples/authors.json").path

    // A complete import gives the "after" state.
    let complete = directory.directory.appendingPathComponent("complete.sqlite").path
    _ = try Self.importing(small, into: complete, killAfter: nil)
    _ = try Self.importing(big, into: complete, killAfter: nil)
    let after = try await Self.state(of: complete)
    #expect(after.integrity == "ok")
    #expect(after.counts == ["Author": 4_002, "Book": 8_003, "Tag": 54])

    var interrupted = 0
    var durations: [Double] = []
    for (attempt, fraction) in [0.35, 0.6, 0.8, 0.95].enumerated() {
      // Each kill time is a fraction of a complete import timed just before it, so that the
      // load of tests running beside this one is about the same for both.
      let timed = directory.directory.appendingPathComponent("timed-\(attempt).sqlite").path
      _ = try Self.importing(small, into: timed, killAfter: nil)
      let started = Date()
      _ = try Self.importing(big, into: timed, killAfter: nil)
      let duration = Date().timeIntervalSince(started)
      durations.append(duration)
      let path = directory.directory.appendingPathComponent("killed-\(attempt).sqlite").path
      _ = try Self.importing(small, into: path, killAfter: nil)
      let before = try await Self.state(of: path)
      let killed = try Self.importing(big, into: path, killAfter: duration * fraction)
      let left = try await Self.state(of: path)
      #expect(left.integrity == "ok")
      #expect(left.counts == before.counts || left.counts == after.counts, "killed at \(fraction) of \(duration) s: \(left.counts)")
      if killed, left.counts == before.counts { interrupted += 1 }
    }
    // Timing varies, but of four kills spread over the import, at least one lands before its commit.
    #expect(interrupted > 0, "no kill interrupted the import (complete ones took \(durations) s)")
  }
}
