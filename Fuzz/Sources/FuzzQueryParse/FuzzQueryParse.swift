import FoundryStore
import FuzzSupport

@_cdecl("FuzzQueryParse_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv) { data, count in fuzzQueryParse(data, count) }
}

/// The store's query parser: any text gives a `QueryPredicate` or a `StoreError`, and parsing
/// the same text again gives the same predicate.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQueryParse(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
  guard let predicate = try? QueryPredicate(text) else { return 0 }
  fuzzCheck((try? QueryPredicate(text)) == predicate, "'\(text)' parsed two ways")
  return 0
}
