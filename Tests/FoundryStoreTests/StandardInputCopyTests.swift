import Foundation
import FoundryTestSupport
import Testing

/// `foundry import -` copies standard input to a temporary file to read it in batches: the
/// copy has no name in the temporary folder while it is read, so a process killed then
/// leaves nothing behind.
@Suite("The command line's copy of standard input")
struct StandardInputCopyTests {
  @Test("while standard input is being copied, the temporary folder holds no file of it; the import completes")
  func copyHasNoName() async throws {
    #if os(Linux)
    let directory = try TemporaryStore()
    let temporary = directory.directory.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let payload = directory.directory.appendingPathComponent("authors.json").path
    try KilledImport.payload(authors: 500).write(toFile: payload, atomically: true, encoding: .utf8)
    let store = directory.directory.appendingPathComponent("store.sqlite").path
    let program = try #require(KilledImport.foundry, "build the foundry executable first (swift build)")
    // The payload, then a pause with standard input still open: the copy is under way.
    let script = #"payload="$1"; shift; (cat "$payload"; sleep 3) | "$0" import - "$@""#
    let child = try ChildProcess(
      program: "/bin/sh", arguments: ["-c", script, program, payload] + KilledImport.arguments + ["--store", store], environment: ["TMPDIR": temporary.path])
    try await Task.sleep(for: .seconds(1))
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    let (status, output) = try await onOwnThread { child.wait() }
    #expect(ChildProcess.exitCode(of: status) == 0, "\(output)")
    #expect(output.contains("objects: Author 500"), "\(output)")
    #endif
  }
}
