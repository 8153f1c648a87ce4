@testable import FoundryJSON
import PropertyBased
import Testing

/// Mapping asks whether an object may repeat a key before it takes the in-order lookup, which
/// ignores the duplicate-key policy: a repeated key must always be seen, whatever the lengths
/// of the keys (short keys are read as one word, past their end), and distinct keys should not
/// send the lookup the slow way.
@Suite("JSON objects: the repeated-key check")
struct JSONRepeatedKeyCheckTests {
  /// Keys of every length up to 17 that differ in one byte at either end, or only in length.
  static let keys = ["", "a", "b", "ab", "ba", "abc", "abcdefg", "abcdefh", "bbcdefg", "abcdefgh", "abcdefgi", "bbcdefgh", "abcdefghi", "abcdefghijklmnopq", "abcdefghijklmnopr"]

  static let objects = Gen<String?>.element(of: keys).array(of: 0...12).map { $0.compactMap { $0 } }

  @Test("a repeated key is always seen; distinct keys pass", arguments: [6, 14, 28, 50, 200])
  func repeatedKeys(width: Int) async {
    await propertyCheck(count: 400, input: Self.objects) { keys in
      // Padded with distinct filler keys to reach the pairwise, hashed and sorted checks.
      let fillers = (0..<max(0, width - keys.count)).map { "filler\($0)" }
      let all = keys + fillers
      let text = "{" + all.enumerated().map { #""\#($0.element)": \#($0.offset)"# }.joined(separator: ", ") + ", \"tail\": 0}"
      let document = try JSONDocument(string: text)
      var scratch: [UInt64] = []
      let repeats = Set(all).count < all.count
      #expect(document.root.mayRepeatKeys(scratch: &scratch) == repeats, "\(keys)")
    }
  }
}
