import Foundation
import FoundryGraph
import FoundrySQLite
import FoundryStore
import FoundryTestSupport
import GRDB
import Testing

/// An SQLite store under the faults a machine meets: a file that cannot grow, files and
/// folders that cannot be written. Each runs `foundry import --store` in a child process, as a
/// user would.
@Suite("SQLite: faults")
struct SQLiteFaultTests {
  @Test("an import past the file-size limit fails naming the store file, leaves the store as of its last save, and the store works once there is room")
  func fileSizeLimit() async throws {
    let directory = try TemporaryStore()
    let big = directory.directory.appendingPathComponent("big.json").path
    try KilledImport.payload(authors: 4_000).write(toFile: big, atomically: true, encoding: .utf8)
    let store = directory.directory.appendingPathComponent("limited.sqlite").path
    try await KilledImport.complete(KilledImport.smallPayload, into: store)
    let before = try await KilledImport.state(of: store)

    // `ulimit -f` (1 KiB blocks): room for the small store, not for the big import.
    let program = try #require(KilledImport.foundry, "build the foundry executable first (swift build)")
    let limited = ["-c", #"ulimit -f 400; exec "$0" "$@""#, program, "import", big] + KilledImport.arguments + ["--store", store]
    let child = try ChildProcess(program: "/bin/sh", arguments: limited)
    let (status, output) = try await onOwnThread { child.wait() }
    #expect(ChildProcess.exitCode(of: status) == 1, "\(output)")
    #expect(output.contains("error: storageFull: \(store): the file could not grow"), "\(output)")
    #expect(try await KilledImport.state(of: store) == before)

    try await KilledImport.complete(big, into: store)
    let after = try await KilledImport.state(of: store)
    #expect(after.integrity == "ok")
    #expect(after.counts == ["Author": 4_002, "Book": 8_003, "Tag": 54])
  }

  /// Whether this process may mount a file system (root, with the capability a container may withhold).
  static let mountsTmpfs: Bool = {
    guard getuid() == 0, let probe = try? TemporaryStore() else { return false }
    guard (try? ChildProcess.run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", probe.directory.path])) != nil else { return false }
    _ = try? ChildProcess.run("/bin/umount", [probe.directory.path])
    return true
  }()

  @Test(
    "an import that fills a real disk (a 1 MB tmpfs) fails naming the store file, leaves the store as of its last save, and the store works once the disk has room",
    .enabled(if: mountsTmpfs, "mounting a tmpfs needs root and CAP_SYS_ADMIN"))
  func fullDisk() async throws {
    let directory = try TemporaryStore()
    let big = directory.directory.appendingPathComponent("big.json").path
    try KilledImport.payload(authors: 4_000).write(toFile: big, atomically: true, encoding: .utf8)
    let disk = directory.directory.appendingPathComponent("disk").path
    try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
    _ = try ChildProcess.run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", disk])
    defer {
      _ = try? ChildProcess.run("/bin/umount", [disk])
      withExtendedLifetime(directory) {}
    }
    let store = disk + "/full.sqlite"
    try await KilledImport.complete(KilledImport.smallPayload, into: store)
    let before = try await KilledImport.state(of: store)

    let (outcome, output) = try await KilledImport.run(big, into: store)
    #expect(outcome == .exited(1), "\(output)")
    #expect(output.contains("error: storageFull: \(store): the disk is full"), "\(output)")
    #expect(try await KilledImport.state(of: store) == before)

    _ = try ChildProcess.run("/bin/mount", ["-o", "remount,size=64m", disk])
    try await KilledImport.complete(big, into: store)
    let after = try await KilledImport.state(of: store)
    #expect(after.integrity == "ok")
    #expect(after.counts == ["Author": 4_002, "Book": 8_003, "Tag": 54])
  }

  @Test("two processes importing overlapping payloads into one file at once both finish, each object stored once; a reader in a third never sees half a save")
  func twoWriters() async throws {
    let directory = try TemporaryStore()
    let first = directory.directory.appendingPathComponent("first.json").path
    let second = directory.directory.appendingPathComponent("second.json").path
    try KilledImport.payload(authors: 3_000, firstID: 10_000).write(toFile: first, atomically: true, encoding: .utf8)
    try KilledImport.payload(authors: 3_000, firstID: 11_500).write(toFile: second, atomically: true, encoding: .utf8)
    let store = directory.directory.appendingPathComponent("shared.sqlite").path
    try await KilledImport.complete(KilledImport.smallPayload, into: store)

    let program = try #require(KilledImport.foundry, "build the foundry executable first (swift build)")
    let writers = try [first, second].map { payload in
      try ChildProcess(program: program, arguments: ["import", payload] + KilledImport.arguments + ["--store", store])
    }
    // Reads while they write: every author has its two books (the small payload's first has one).
    let reader = try DatabaseQueue(
      path: store,
      configuration: { () -> Configuration in
        var configuration = Configuration()
        configuration.readonly = true
        return configuration
      }())
    var reads = 0
    var seen: Set<Int> = []
    while writers.contains(where: { $0.isRunning }) {
      let (authors, books) = try await reader.read { db in
        (try Int.fetchOne(db, sql: "SELECT count(*) FROM Author") ?? 0, try Int.fetchOne(db, sql: "SELECT count(*) FROM Book") ?? 0)
      }
      #expect(books == 2 * authors - 1, "a read saw \(authors) authors and \(books) books")
      seen.insert(authors)
      reads += 1
      try await Task.sleep(for: .milliseconds(5))
    }
    try reader.close()
    for writer in writers {
      let (status, output) = try await onOwnThread { writer.wait() }
      #expect(ChildProcess.exitCode(of: status) == 0, "\(output)")
    }
    let after = try await KilledImport.state(of: store)
    #expect(after.integrity == "ok")
    #expect(after.counts == ["Author": 4_502, "Book": 9_003, "Tag": 54])
    #expect(reads > 0)
    #expect(seen.isSubset(of: [2, 3_002, 4_502]), "\(seen)")
  }

  @Test(
    "damaged files: flipped bytes, a truncated file, a log without its database, another file, a newer Foundry's store: errors that name the file and what is wrong, and foundry check lists it"
  )
  func damagedFiles() async throws {
    let directory = try TemporaryStore()
    let payload = directory.directory.appendingPathComponent("authors.json").path
    try KilledImport.payload(authors: 3_000).write(toFile: payload, atomically: true, encoding: .utf8)
    let sound = directory.directory.appendingPathComponent("sound.sqlite").path
    try await KilledImport.complete(payload, into: sound)
    #expect(Store.problems(ofFileAt: sound).isEmpty)
    let original = try Data(contentsOf: URL(fileURLWithPath: sound))
    func damaged(_ name: String, _ bytes: Data) throws -> String {
      let path = directory.directory.appendingPathComponent(name).path
      try bytes.write(to: URL(fileURLWithPath: path))
      return path
    }
    let schema = try Schema(modelAt: URL(fileURLWithPath: KilledImport.model))

    // A page overwritten in the middle of the file.
    var flipped = original
    flipped.replaceSubrange(40_960..<45_056, with: Data(repeating: 0xFF, count: 4_096))
    let flippedPath = try damaged("flipped.sqlite", flipped)
    let flippedProblems = Store.problems(ofFileAt: flippedPath)
    #expect(!flippedProblems.isEmpty)
    #expect(flippedProblems.allSatisfy { $0.hasPrefix(flippedPath + ": ") }, "\(flippedProblems)")
    let program = try #require(KilledImport.foundry, "build the foundry executable first (swift build)")
    let (status, output) = try await onOwnThread { try ChildProcess(program: program, arguments: ["check", "--store", flippedPath]).wait() }
    #expect(ChildProcess.exitCode(of: status) == 1)
    #expect(output.split(separator: "\n").count == flippedProblems.count, "\(output)")

    // Cut short: opening or reading names the file as damaged.
    let truncated = try damaged("truncated.sqlite", original.prefix(original.count / 3))
    do {
      let store = try Store(path: truncated, schema: schema)
      _ = try await store.makeContext().count(FetchRequest(entity: "Book", where: "title == 'Book 2999 b'"))
      Issue.record("a truncated store was read")
    } catch let error as StoreError {
      #expect(error.code == .corrupt)
      #expect(error.message.hasPrefix("\(truncated) is damaged"), "\(error)")
    }
    #expect(Store.problems(ofFileAt: truncated).first == "\(truncated): the store's record cannot be read (the file is damaged)")

    // A write-ahead log whose database is gone: refused, and no new database made beside it.
    let orphan = directory.directory.appendingPathComponent("orphan.sqlite").path
    try Data(repeating: 7, count: 4_096).write(to: URL(fileURLWithPath: orphan + "-wal"))
    let orphanError = #expect(throws: StoreError.self) { try Store(path: orphan, schema: schema) }
    #expect(orphanError?.code == .corrupt)
    #expect(orphanError?.message.hasPrefix("\(orphan) is missing or empty, but its write-ahead log") == true)
    #expect(!FileManager.default.fileExists(atPath: orphan))

    // Not SQLite, and a store of a newer format.
    let text = try damaged("text.sqlite", Data("hello, not a database\n".utf8))
    #expect(Store.problems(ofFileAt: text) == ["\(text) is not an SQLite database, so not a Foundry store"])
    let newer = try damaged("newer.sqlite", original)
    let database = try DatabaseQueue(path: newer)
    try await database.write { db in try db.execute(sql: "UPDATE foundry_store SET value = 'foundry-store 2' WHERE key = 'format'") }
    try database.close()
    let newerError = #expect(throws: StoreError.self) { try Store(path: newer, schema: schema) }
    #expect(newerError?.message == "\(newer) was made by a newer Foundry (format foundry-store 2; this one reads foundry-store 1): open it with that version")
  }

  @Test("a store file or folder that cannot be written: an error naming the file before any work, the store unchanged")
  func readOnly() async throws {
    let directory = try TemporaryStore()
    let store = directory.directory.appendingPathComponent("store.sqlite").path
    try await KilledImport.complete(KilledImport.smallPayload, into: store)
    let before = try await KilledImport.state(of: store)
    // Permissions do not stop root: as root, the import runs as nobody, with copies of the
    // program, model and payload it can reach (the clone may sit in a folder only root enters).
    let asOther = getuid() == 0 ? ["/usr/sbin/runuser", "-u", "nobody", "--"] : []
    let tools = directory.directory.appendingPathComponent("tools")
    try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
    let program = tools.appendingPathComponent("foundry").path
    // Copied by cp: a file this process writes could be held open by a child another test
    // spawns meanwhile, and the kernel would refuse to run it (text file busy).
    try ChildProcess.run("/bin/cp", [try #require(KilledImport.foundry, "build the foundry executable first (swift build)"), program])
    let model = tools.appendingPathComponent("Library.xcdatamodeld").path
    try FileManager.default.copyItem(atPath: KilledImport.model, toPath: model)
    let payload = tools.appendingPathComponent("authors.json").path
    try FileManager.default.copyItem(atPath: KilledImport.smallPayload, toPath: payload)
    let arguments = ["--model", model, "--entity", "Author", "--root", "authors", "--transformer", "ISODay=date:yyyy-MM-dd"]
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.directory.path)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store)
    if getuid() != 0 {
      try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.directory.path)
      try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: store)
    }
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.directory.path) }
    for (target, expected) in [(store, "the store cannot be written"), (directory.directory.appendingPathComponent("new.sqlite").path, "the store cannot be opened or created")] {
      let command = asOther + [program, "import", payload] + arguments + ["--store", target]
      let child = try ChildProcess(program: command[0], arguments: Array(command.dropFirst()))
      let (status, output) = try await onOwnThread { child.wait() }
      #expect(ChildProcess.exitCode(of: status) == 1, "\(output)")
      #expect(output.hasPrefix("error: readOnly: \(target): \(expected)"), "\(output)")
    }
    #expect(try await KilledImport.state(of: store) == before)
    #expect(!FileManager.default.fileExists(atPath: directory.directory.appendingPathComponent("new.sqlite").path))
  }
}
