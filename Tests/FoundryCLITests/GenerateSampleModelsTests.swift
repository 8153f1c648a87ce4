#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing

/// `Tests/FoundrySampleModelTests/SampleModels/*.swift` are what `foundry generate --from-sample` makes of
/// the repository's examples and of the varied payloads in `Tests/FoundrySampleModelTests/Fixtures/Samples`,
/// checked in so that `swift test` compiles generated models through the `@Mappable` macros and
/// FoundryTests decodes every sample with them and encodes it back
/// (`GeneratedSampleModelTests`). When the generator changes, regenerate them, from the
/// repository's root:
///
/// ```
/// S=Tests/FoundrySampleModelTests/Fixtures/Samples; M=Tests/FoundrySampleModelTests/SampleModels
/// swift run foundry generate --from-sample $S/orders.json $S/orders-2.json --enums > $M/Orders.swift
/// swift run foundry generate --from-sample $S/timeline.json --name Post > $M/Post.swift
/// swift run foundry generate --from-sample $S/inventory.xml $S/inventory-2.xml > $M/Inventory.swift
/// swift run foundry generate --from-sample $S/sensors.json > $M/Sensors.swift
/// swift run foundry generate --from-sample Examples/earthquakes.json > $M/Earthquakes.swift
/// swift run foundry generate --from-sample Examples/authors.json Examples/authors-update.json > $M/Authors.swift
/// swift run foundry generate --from-sample Examples/podcast.rss > $M/Podcast.swift
/// swift run foundry generate --from-sample $S/hostile.json > $M/Hostile.swift
/// swift run foundry generate --from-sample $S/timeline.json --name Post --graph > Tests/FoundryGraphTests/GeneratedPosts.swift
/// swift run foundry generate --from-sample $S/orders.json $S/orders-2.json --graph > Tests/FoundryGraphTests/GeneratedOrders.swift
/// ```
///
/// The last two, `@Entity` classes, are compiled and imported into by FoundryGraphTests.
@Suite("foundry generate --from-sample: the checked-in models")
struct GenerateSampleModelsTests {
  /// The repository's root, found from this file's path.
  static var repository: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  }

  static func path(_ relative: String) -> String { repository.appendingPathComponent(relative).path }

  static let samples = "Tests/FoundrySampleModelTests/Fixtures/Samples/"

  /// Each checked-in file, with the arguments that make it.
  static let cases: [(file: String, arguments: [String])] = [
    ("Orders.swift", [samples + "orders.json", samples + "orders-2.json", "--enums"]),
    ("Post.swift", [samples + "timeline.json", "--name", "Post"]),
    ("Inventory.swift", [samples + "inventory.xml", samples + "inventory-2.xml"]),
    ("Sensors.swift", [samples + "sensors.json"]),
    ("Earthquakes.swift", ["Examples/earthquakes.json"]),
    ("Authors.swift", ["Examples/authors.json", "Examples/authors-update.json"]),
    ("Podcast.swift", ["Examples/podcast.rss"]),
    // Keys Swift does not take as names: keywords, `Type`, `_`, `a-b` beside `a_b`, `String`.
    ("Hostile.swift", [samples + "hostile.json"]),
    ("../../FoundryGraphTests/GeneratedPosts.swift", [samples + "timeline.json", "--name", "Post", "--graph"]),
    ("../../FoundryGraphTests/GeneratedOrders.swift", [samples + "orders.json", samples + "orders-2.json", "--graph"]),
  ]

  @Test(arguments: cases.map(\.file))
  func theCheckedInModelIsWhatGenerateWrites(file: String) throws {
    let arguments = try #require(Self.cases.first { $0.file == file }).arguments.map { argument in
      argument.hasPrefix("-") || !argument.contains("/") ? argument : Self.path(argument)
    }
    let checkedIn = try #require(FileManager.default.contents(atPath: Self.path("Tests/FoundrySampleModelTests/SampleModels/" + file)))
    let result = foundry(["generate", "--from-sample"] + arguments)
    #expect(result.error == "")
    #expect(result.status == 0)
    #expect(result.output == String(decoding: checkedIn, as: UTF8.self))
  }
}
