import Foundry
import Testing

/// An element whose attributes other fields all found has none for a field of another key;
/// the reader answers that without searching, and must answer exactly as the search would.
@Suite("XML attribute lookups")
struct XMLAttributeLookupTests {
  /// Reads `id` twice, `@id` once (one attribute named by two keys), then `name`.
  struct Twice: Mappable, Equatable {
    var id: Int
    var again: Int
    var attribute: Int
    var name: String?

    static let mappingSchema = MappingSchema(fields: [.path("id"), .path("@id"), .path("name")])

    init(from object: inout ObjectReader) throws {
      id = try object.decode(Int.self, at: 0)
      again = try object.decode(Int.self, at: 0)
      attribute = try object.decode(Int.self, at: 1)
      name = try object.decodeIfPresent(String.self, at: 2)
    }

    func encode(to object: inout ObjectWriter) throws {}
  }

  /// Reads `x` again once both attributes were found.
  struct Again: Mappable, Equatable {
    var x: Int
    var y: Int
    var again: Int

    static let mappingSchema = MappingSchema(fields: [.path("x"), .path("y")])

    init(from object: inout ObjectReader) throws {
      x = try object.decode(Int.self, at: 0)
      y = try object.decode(Int.self, at: 1)
      again = try object.decode(Int.self, at: 0)
    }

    func encode(to object: inout ObjectWriter) throws {}
  }

  /// Plain keys, an absent one among them.
  struct Point: Mappable, Equatable {
    var x: Int
    var y: Int
    var label: String?
    var z: Int

    static let mappingSchema = MappingSchema(fields: [.path("x"), .path("y"), .path("label"), .path("z")])

    init(from object: inout ObjectReader) throws {
      x = try object.decode(Int.self, at: 0)
      y = try object.decode(Int.self, at: 1)
      label = try object.decodeIfPresent(String.self, at: 2)
      z = try object.decode(Int.self, at: 3, default: -1)
    }

    func encode(to object: inout ObjectWriter) throws {}
  }

  let decoder = MappingDecoder()

  @Test("a field read again, and two fields naming one attribute, find it after every attribute was found")
  func repeatsFindTheirAttribute() throws {
    let read = try decoder.decode(Twice.self, fromXML: Array(#"<t id="7" name="n"/>"#.utf8))
    #expect(read.id == 7 && read.again == 7 && read.attribute == 7 && read.name == "n")
    let unnamed = try decoder.decode(Twice.self, fromXML: Array(#"<t id="7"/>"#.utf8))
    #expect(unnamed.again == 7 && unnamed.attribute == 7 && unnamed.name == nil)
    let again = try decoder.decode(Again.self, fromXML: Array(#"<a y="2" x="1"/>"#.utf8))
    #expect(again.x == 1 && again.y == 2 && again.again == 1)
  }

  @Test(
    "fields after every attribute was found are absent; before that, and as children, they are found",
    arguments: [
      (#"<p x="1" y="2"/>"#, Point(x: 1, y: 2, label: nil, z: -1)),
      (#"<p x="1" y="2" z="3"/>"#, Point(x: 1, y: 2, label: nil, z: 3)),
      (#"<p z="3" label="L" y="2" x="1"/>"#, Point(x: 1, y: 2, label: "L", z: 3)),
      (#"<p x="1" y="2"><z>4</z></p>"#, Point(x: 1, y: 2, label: nil, z: 4)),
      (#"<p x="1" y="2"><label>L</label></p>"#, Point(x: 1, y: 2, label: "L", z: -1)),
    ])
  func absentAfterAll(xml: String, expected: Point) throws {
    #expect(try decoder.decode(Point.self, fromXML: Array(xml.utf8)) == expected)
  }

  @Test("many elements in a row, each with its own attributes")
  func eachElementCounts() throws {
    struct Points: Mappable {
      var points: [Point]
      static let mappingSchema = MappingSchema(fields: [.path("p")])
      init(from object: inout ObjectReader) throws { points = try object.decode([Point].self, at: 0) }
      func encode(to object: inout ObjectWriter) throws {}
    }
    let xml = #"<r><p x="1" y="2"/><p x="3" y="4" z="5" label="a"/><p y="6" x="7"/></r>"#
    let points = try decoder.decode(Points.self, fromXML: Array(xml.utf8)).points
    #expect(
      points == [
        Point(x: 1, y: 2, label: nil, z: -1), Point(x: 3, y: 4, label: "a", z: 5), Point(x: 7, y: 6, label: nil, z: -1),
      ])
  }
}

extension XMLAttributeLookupTests.Point {
  init(x: Int, y: Int, label: String?, z: Int) {
    self.x = x
    self.y = y
    self.label = label
    self.z = z
  }
}
