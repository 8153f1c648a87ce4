#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing

/// `Tests/FoundryGraphTests/GeneratedLibrary.swift` is what `foundry generate` makes of the model
/// below, checked in so that `swift test` compiles generated code through the `@Entity` macros
/// (and FoundryGraphTests can use the classes, and check that they declare the model's schema).
/// When the generator changes, regenerate the file:
///
/// ```
/// swift run foundry generate --model Tests/FoundryGraphTests/Fixtures/Models/Generated/Library.xcdatamodel \
///     > Tests/FoundryGraphTests/GeneratedLibrary.swift
/// ```
@Suite("foundry generate: the checked-in library")
struct GenerateLibraryTests {
  /// The model, a fixture of the graph tests (which check that the classes declare its schema).
  static var modelPath: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("FoundryGraphTests/Fixtures/Models/Generated/Library.xcdatamodel").path
  }

  /// The checked-in generated file, found from this file's path.
  static var checkedInPath: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("FoundryGraphTests/GeneratedLibrary.swift").path
  }

  @Test func theCheckedInLibraryIsWhatGenerateWrites() throws {
    let model = Self.modelPath
    let checkedIn = try #require(FileManager.default.contents(atPath: Self.checkedInPath))
    let result = foundry("generate", "--model", model)
    #expect(result.error == "")
    #expect(result.output == String(decoding: checkedIn, as: UTF8.self))
  }
}
