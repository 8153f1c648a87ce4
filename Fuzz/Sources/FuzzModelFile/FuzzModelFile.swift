#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryGraph
import FuzzSupport

@_cdecl("FuzzModelFile_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv) { data, count in fuzzModelFile(data, count) }
}

/// Model-file loading: any `contents` file gives a `ModelFile` (and a `Schema`) or
/// a `GraphError`. The input is written to a file of this process, as `ModelFile` reads files.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzModelFile(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let contents = ModelFileScratch.shared.url
  do {
    try Data(fuzzBytes(data, count)).write(to: contents)
  } catch {
    fatalError("cannot write \(contents.path): \(error)")
  }
  if let model = try? ModelFile(contentsOf: contents) {
    _ = try? Schema(model)
  }
  return 0
}

/// A `contents` file in a folder of this process's own.
private final class ModelFileScratch: Sendable {
  static let shared = ModelFileScratch()
  let url: URL

  private init() {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("foundry-fuzz-model-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    url = folder.appendingPathComponent("contents")
  }
}
