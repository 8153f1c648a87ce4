import CFuzzer

/// Stops the fuzzer with `message` when `condition` is false: libFuzzer saves the input that
/// got here as a crash artifact.
///
/// ```swift
/// fuzzCheck(reparsed == value, "parse → write → parse changed the document")
/// ```
public func fuzzCheck(
  _ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line
) {
  if !condition { fatalError(message(), file: file, line: line) }
}

/// The input as a Swift array (libFuzzer's buffer is only valid during the call).
public func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
  guard let data else { return [] }
  return Array(UnsafeBufferPointer(start: data, count: count))
}

/// One input to a fuzz target: its bytes and their count.
public typealias FuzzTarget = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// Runs libFuzzer on `target` with the command line's arguments.
///
/// SwiftPM links an executable target with `main` aliased to `<Target>_main`, so each target
/// defines that and calls this with its `LLVMFuzzerTestOneInput`:
///
/// ```swift
/// @_cdecl("FuzzJSONParse_main")
/// func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
///   runFuzzer(argc, argv, fuzzJSONParse)
/// }
/// ```
public func runFuzzer(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, _ target: FuzzTarget
) -> CInt {
  var count = argc
  var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
  return LLVMFuzzerRunDriver(&count, &arguments, target)
}

/// Feeds `bytes` to a streaming scanner in chunks of `chunkSize` and counts what it hands out;
/// `nil` when it throws.
///
/// ```swift
/// var scanner = JSONElementScanner(layout: .array())
/// let count = fuzzStreamedCount(bytes, chunkSize: 7, into: &scanner,
///   append: { $0.append($1) }, next: { try $0.next() != nil }, finish: { $0.finish() })
/// ```
public func fuzzStreamedCount<Scanner>(
  _ bytes: [UInt8], chunkSize: Int, into scanner: inout Scanner,
  append: (inout Scanner, ArraySlice<UInt8>) -> Void, next: (inout Scanner) throws -> Bool, finish: (inout Scanner) -> Void
) -> Int? {
  var count = 0
  do {
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + max(1, chunkSize))
      append(&scanner, bytes[start..<end])
      while try next(&scanner) { count += 1 }
      start = end
    }
    finish(&scanner)
    while try next(&scanner) { count += 1 }
    return count
  } catch {
    return nil
  }
}
