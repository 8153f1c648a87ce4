import Foundry
import FoundryJSON
import Testing

/// JSON arrays of `String`, `Int`, `Int64`, `Double` and `Bool` are read straight from the tape
/// when every element is plain; one element that is not sends the whole array the general way.
/// Each input is read both ways here (the general way through an element type the fast path
/// does not know) and must give the same values, issues and errors.
enum PlainArrayModels {
  /// `T` read through its general read: an element type the fast path leaves alone.
  struct General<T: MappableValue & Equatable>: MappableValue, Equatable {
    var value: T

    static func read(from value: ValueReader) throws -> Self { Self(value: try T.read(from: value)) }
    func write(to writer: inout ValueWriter) throws { try value.write(to: &writer) }
  }

  @Mappable
  struct Fast: Equatable {
    var strings: [String] = []
    var ints: [Int] = []
    var longs: [Int64] = []
    var doubles: [Double] = []
    var flags: [Bool] = []
    var grid: [[Double]] = []

    var described: [String] { ["\(strings)", "\(ints)", "\(longs)", "\(doubles)", "\(flags)", "\(grid)"] }
  }

  @Mappable
  struct Slow: Equatable {
    var strings: [General<String>] = []
    var ints: [General<Int>] = []
    var longs: [General<Int64>] = []
    var doubles: [General<Double>] = []
    var flags: [General<Bool>] = []
    var grid: [[General<Double>]] = []

    var described: [String] {
      [
        "\(strings.map(\.value))", "\(ints.map(\.value))", "\(longs.map(\.value))", "\(doubles.map(\.value))",
        "\(flags.map(\.value))", "\(grid.map { $0.map(\.value) })",
      ]
    }
  }
}

@Suite("Plain scalar arrays")
struct PlainArrayPathTests {
  static let json = [
    #"{"strings": ["a", "b\u00e9\n", ""], "ints": [1, -0, 9223372036854775807], "longs": [-9223372036854775808], "doubles": [0.5, 1, -2e-3, 1e300], "flags": [true, false], "grid": [[1.5, 2], [], [3]]}"#,
    #"{"ints": [1, 1.5, 3]}"#,
    #"{"ints": [1, 9223372036854775808]}"#,
    #"{"ints": ["7", 8], "doubles": ["2.5"], "flags": ["true"]}"#,
    #"{"doubles": [1, null, 2]}"#,
    #"{"doubles": [1e400]}"#,
    #"{"strings": [1, "a"]}"#,
    #"{"flags": [true, 1]}"#,
    #"{"grid": [[1], [null], 2]}"#,
    #"{"ints": 5, "strings": "one"}"#,
    #"{"ints": [], "grid": [[]]}"#,
    #"{"ints": {"a": 1}}"#,
    #"{"longs": [1, "x", 3], "doubles": [true]}"#,
  ]

  static let xml = [
    #"<r><ints>1</ints><ints> 2 </ints><doubles>1.5</doubles><flags>true</flags><strings>a</strings></r>"#,
    #"<r><ints>x</ints></r>"#,
    #"<r><grid><doubles>1</doubles></grid></r>"#,
  ]

  @Test("both ways read the same values and fail the same way", arguments: json.map { ($0, false) } + xml.map { ($0, true) })
  func bothWaysAgree(input: String, xml: Bool) {
    for lossy in [false, true] {
      let fast = decodeOutcome(PlainArrayModels.Fast.self, input, xml: xml, lossy: lossy, describe: \.described)
      let slow = decodeOutcome(PlainArrayModels.Slow.self, input, xml: xml, lossy: lossy, describe: \.described)
      #expect(fast.values == slow.values, "lossy: \(lossy)")
      #expect(fast.error == slow.error, "lossy: \(lossy)")
    }
  }

  @Test func plainArraysReadEveryElement() throws {
    let json = #"{"strings": ["a", "\u00e9"], "ints": [3, -4], "doubles": [0.1, 2], "flags": [false], "grid": [[1, 2.5], []]}"#
    let model = try MappingDecoder().decode(PlainArrayModels.Fast.self, from: Array(json.utf8))
    #expect(model == PlainArrayModels.Fast(strings: ["a", "é"], ints: [3, -4], doubles: [0.1, 2], flags: [false], grid: [[1, 2.5], []]))
  }
}
