import Foundation
import FoundryTestSupport
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
}
