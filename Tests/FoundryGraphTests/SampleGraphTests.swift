#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryGraph
import Testing

/// `GeneratedPosts.swift` and `GeneratedOrders.swift` are what `foundry generate --from-sample
/// --graph` writes for the samples in `Tests/FoundrySampleModelTests/Fixtures/Samples`
/// (FoundryCLITests checks they are up to date): the classes compile through `@Entity`, declare
/// a schema that resolves, and import the samples they were made from.
@Suite("@Entity classes generated from samples")
struct SampleGraphTests {
  static func sample(_ name: String) throws -> [UInt8] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("FoundrySampleModelTests/Fixtures/Samples/" + name)
    return Array(try #require(FileManager.default.contents(atPath: url.path)))
  }

  @Test func postsImportWithUsersSharedByIdentity() throws {
    let schema = try Schema(Post.self, User.self, Entities.self, InReplyTo.self, Hashtag.self)
    #expect(schema["Post"]?.identity == ["id"])
    #expect(schema["Hashtag"]?.identity == [])
    let graph = ObjectGraph(schema: schema)
    let report = try graph.importJSON(Self.sample("timeline.json"), entity: "Post", sourceName: "timeline.json")
    #expect(report.issues.isEmpty)
    #expect(try graph.objects(of: "Post").count == 3)
    #expect(try graph.objects(of: "User").count == 2)
    #expect(try graph.objects(of: "Hashtag").count == 3)
    let ada = try #require(try graph.object(of: "User", identity: .integer(42)))
    #expect(try ada.related(forKey: "posts").count == 2)
  }

  @Test func ordersImportWithCustomersSharedAcrossSamples() throws {
    let schema = try Schema(Orders.self, Order.self, Customer.self, Line.self, Shipment.self)
    let graph = ObjectGraph(schema: schema)
    for file in ["orders.json", "orders-2.json"] {
      let report = try graph.importJSON(Self.sample(file), entity: "Orders", sourceName: file)
      #expect(report.issues.isEmpty)
    }
    #expect(try graph.objects(of: "Order").count == 4)
    #expect(try graph.objects(of: "Customer").count == 3)
    #expect(try graph.objects(of: "Line").count == 4)
    let shipments = try graph.objects(of: "Shipment")
    #expect(shipments.count == 3)
    #expect(Set(try shipments.compactMap { try $0.value(String.self, forKey: "key") }) == ["8812", "9001", "9002"])
  }
}
