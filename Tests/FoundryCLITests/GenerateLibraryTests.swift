#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing

/// `Tests/FoundryGraphTests/GeneratedLibrary.swift` and `GeneratedHostile.swift` are what
/// `foundry generate` makes of the models below, checked in so that `swift test` compiles
/// generated code through the `@Entity` macros (and FoundryGraphTests can use the classes, and
/// check that they declare the model's schema). `Hostile` holds the names a model file allows
/// that Swift does not take as they are (`class`, `String`, `_`, `Type`, `a-b` beside `a_b`).
/// When the generator changes, regenerate the files:
///
/// ```
/// for model in Library Hostile; do
///   swift run foundry generate --model Tests/FoundryGraphTests/Fixtures/Models/Generated/$model.xcdatamodel \
///       > Tests/FoundryGraphTests/Generated$model.swift
/// done
/// ```
@Suite("foundry generate: the checked-in models")
struct GenerateLibraryTests {
  /// The folder of the graph tests, found from this file's path.
  static var graphTests: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("FoundryGraphTests")
  }

  /// The model, a fixture of the graph tests (which check that the classes declare its schema).
  static func modelPath(_ name: String) -> String {
    graphTests.appendingPathComponent("Fixtures/Models/Generated/\(name).xcdatamodel").path
  }

  /// The checked-in generated file.
  static func checkedInPath(_ name: String) -> String {
    graphTests.appendingPathComponent("Generated\(name).swift").path
  }

  @Test(arguments: ["Library", "Hostile"])
  func theCheckedInFileIsWhatGenerateWrites(model: String) throws {
    let checkedIn = try #require(FileManager.default.contents(atPath: Self.checkedInPath(model)))
    let result = foundry("generate", "--model", Self.modelPath(model))
    #expect(result.status == 0)
    #expect(result.output == String(decoding: checkedIn, as: UTF8.self))
  }
}
