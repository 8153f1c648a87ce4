import Foundry
import FoundryGraph
import FoundryJSON
import Testing

/// Every key-path form through every layer that walks or builds key paths: `@Mappable`
/// decoding and encoding (JSON and XML), graph import (attribute key paths, `root:`, subentity
/// key paths) and graph export. They share one parser and one walker, so they must agree:
/// `"01"` and `"+1"` are keys everywhere, and `{uri}local` matches any prefix bound to the URI.
@Suite("Key paths: every layer agrees on every form")
struct KeyPathAgreementTests {
  // MARK: - The forms

  /// What reading a path gives: the string there, nothing, or an error.
  enum Outcome: Equatable, CustomStringConvertible {
    case found(String)
    case missing
    case failed

    var description: String {
      switch self {
      case .found(let text): "found \"\(text)\""
      case .missing: "missing"
      case .failed: "failed"
      }
    }
  }

  /// One path form: payloads in both formats, what they hold at the path, and what reading
  /// back a value written at the path gives (`failed`: every writer refuses the path).
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let probe: any PathProbe.Type
    let json: String
    let xml: String
    let expected: (json: Outcome, xml: Outcome)
    let readBack: (json: Outcome, xml: Outcome)
    /// Readers that see something else for a reason other than the path, by name.
    var overrides: [String: (json: Outcome, xml: Outcome)] = [:]

    var path: String { probe.path }
    var testDescription: String { "\(name) (\(path.isEmpty ? "empty" : path))" }
  }

  static let cases: [Case] = [
    Case(
      name: "plain", probe: PlainProbe.self, json: #"{"a": "hit"}"#, xml: "<r><a>hit</a></r>",
      expected: (.found("hit"), .found("hit")), readBack: (.found("hit"), .found("hit"))),
    Case(
      name: "nested", probe: NestedProbe.self, json: #"{"a": {"b": "hit"}}"#, xml: "<r><a><b>hit</b></a></r>",
      expected: (.found("hit"), .found("hit")), readBack: (.found("hit"), .found("hit"))),
    Case(
      name: "escaped dot", probe: EscapedDotProbe.self, json: #"{"a.b": "hit", "a": {"b": "miss"}}"#,
      xml: "<r><a.b>hit</a.b><a><b>miss</b></a></r>", expected: (.found("hit"), .found("hit")), readBack: (.found("hit"), .found("hit"))),
    // No XML name holds a backslash.
    Case(
      name: "escaped backslash", probe: BackslashProbe.self, json: #"{"a\\b": "hit", "a": "miss"}"#, xml: "<r><a>miss</a></r>",
      expected: (.found("hit"), .missing), readBack: (.found("hit"), .failed)),
    // Written alone, the element is one `<items>`, which the XML view shows as no array.
    Case(
      name: "index 0", probe: FirstProbe.self, json: #"{"items": ["hit", "miss"]}"#, xml: "<r><items>hit</items><items>miss</items></r>",
      expected: (.found("hit"), .found("hit")), readBack: (.found("hit"), .missing)),
    Case(
      name: "index -1", probe: LastProbe.self, json: #"{"items": ["miss", "hit"]}"#, xml: "<r><items>miss</items><items>hit</items></r>",
      expected: (.found("hit"), .found("hit")), readBack: (.found("hit"), .missing)),
    // A leading zero or a sign makes a key: nothing in an array, a member in an object (XML
    // names cannot start with a digit or a sign, so XML has neither).
    Case(
      name: "\"01\" on an array", probe: LeadingZeroProbe.self, json: #"{"items": ["miss", "miss"]}"#,
      xml: "<r><items>miss</items><items>miss</items></r>", expected: (.missing, .missing), readBack: (.found("hit"), .failed)),
    Case(
      name: "\"01\" on an object", probe: LeadingZeroProbe.self, json: #"{"items": {"1": "miss", "01": "hit"}}"#,
      xml: "<r><items><b>miss</b></items></r>", expected: (.found("hit"), .missing), readBack: (.found("hit"), .failed)),
    Case(
      name: "\"+1\" on an array", probe: PlusProbe.self, json: #"{"items": ["miss", "miss"]}"#,
      xml: "<r><items>miss</items><items>miss</items></r>", expected: (.missing, .missing), readBack: (.found("hit"), .failed)),
    Case(
      name: "\"+1\" on an object", probe: PlusProbe.self, json: #"{"items": {"1": "miss", "+1": "hit"}}"#,
      xml: "<r><items><b>miss</b></items></r>", expected: (.found("hit"), .missing), readBack: (.found("hit"), .failed)),
    Case(
      name: "index out of range", probe: OutOfRangeProbe.self, json: #"{"items": ["miss"]}"#, xml: "<r><items>miss</items><items>miss</items></r>",
      expected: (.missing, .missing), readBack: (.found("hit"), .found("hit"))),
    // The current node: an object is no string (and no string can be flattened into one); a
    // text-only XML element is its text.
    // Graph import takes a payload whose top is a string for an identity, not an object with
    // fields: the text-only root is a tag's identity, and imports no probe; and an import root
    // (`root: ""`) at an object imports it, here a tag without a name.
    Case(
      name: "empty path", probe: EmptyProbe.self, json: #"{"a": "miss"}"#, xml: "<r>hit</r>",
      expected: (.failed, .found("hit")), readBack: (.failed, .failed),
      overrides: [rootReader: (.missing, .found("hit")), attributeReader: (.failed, .failed), subentityReader: (.failed, .failed)]),
    Case(
      name: "@attribute", probe: AttributeProbe.self, json: #"{"@id": "hit", "id": "miss"}"#, xml: #"<r id="hit"><b>miss</b></r>"#,
      expected: (.found("hit"), .found("hit")), readBack: (.found("hit"), .found("hit"))),
    Case(
      name: "#text", probe: TextProbe.self, json: ##"{"a": {"#text": "hit"}}"##, xml: "<r><a>hit</a></r>",
      expected: (.found("hit"), .found("hit")), readBack: (.found("hit"), .found("hit"))),
    // In XML under any prefix bound to the namespace; in JSON just a key.
    Case(
      name: "{uri}local", probe: QualifiedProbe.self, json: #"{"{urn:x}a": "hit", "a": "miss"}"#,
      xml: #"<r xmlns:y="urn:x" xmlns:z="urn:z"><z:a>miss</z:a><y:a>hit</y:a></r>"#, expected: (.found("hit"), .found("hit")), readBack: (.found("hit"), .found("hit"))),
    Case(
      name: "prefix:local", probe: PrefixedProbe.self, json: #"{"y:a": "hit", "a": "miss"}"#,
      xml: #"<r xmlns:y="urn:x"><a>miss</a><y:a>hit</y:a></r>"#, expected: (.found("hit"), .found("hit")), readBack: (.found("hit"), .failed)),
  ]

  // MARK: - Reading

  static let attributeReader = "graph attribute key path"
  static let rootReader = "graph import root:"
  static let subentityReader = "graph subentity key path"

  @Test("every reader finds the same thing", arguments: cases)
  func readersAgree(_ form: Case) throws {
    let json = Array(form.json.utf8)
    let xml = Array(form.xml.utf8)
    let readers: [(String, (json: Outcome, xml: Outcome))] = [
      ("@Mappable decode", (Self.decode(form.probe, json, isXML: false), Self.decode(form.probe, xml, isXML: true))),
      (Self.attributeReader, (Self.importAttribute(form.path, json, isXML: false), Self.importAttribute(form.path, xml, isXML: true))),
      (Self.rootReader, (Self.importRoot(form.path, json, isXML: false), Self.importRoot(form.path, xml, isXML: true))),
      (Self.subentityReader, (Self.importSubentity(form.path, json, isXML: false), Self.importSubentity(form.path, xml, isXML: true))),
    ]
    for (reader, outcome) in readers {
      let expected = form.overrides[reader] ?? form.expected
      #expect(outcome.json == expected.json, "JSON, \(reader)")
      #expect(outcome.xml == expected.xml, "XML, \(reader)")
    }
  }

  /// `@Mappable`: the probe's one field at the path.
  static func decode(_ probe: any PathProbe.Type, _ bytes: [UInt8], isXML: Bool) -> Outcome {
    outcome { isXML ? try probe.decodedValue(fromXML: bytes) : try probe.decodedValue(fromJSON: bytes) }
  }

  /// Graph import: an optional string attribute at the path.
  static func importAttribute(_ path: String, _ bytes: [UInt8], isXML: Bool, root: String? = nil) -> Outcome {
    outcome {
      let graph = ObjectGraph(schema: try probeSchema(path))
      try load(bytes, isXML: isXML, into: graph, entity: "Probe", root: root)
      return try text(graph.objects(of: "Probe").first?.value(forKey: "value"))
    }
  }

  /// Graph import with `root:` at the path: the string there is the identity of a tag.
  static func importRoot(_ path: String, _ bytes: [UInt8], isXML: Bool) -> Outcome {
    outcome {
      let graph = ObjectGraph(schema: try Schema { Entity("Tag", identity: ["name"]) { Attribute("name", .string) } })
      try load(bytes, isXML: isXML, into: graph, entity: "Tag", root: path)
      return try text(graph.objects(of: "Tag").first?.value(forKey: "name"))
    }
  }

  /// Graph import of an entity whose subentity key path is the path: `hit` picks `Hit`.
  static func importSubentity(_ path: String, _ bytes: [UInt8], isXML: Bool) -> Outcome {
    outcome {
      let graph = ObjectGraph(
        schema: try Schema {
          Entity("Pick", subentityKeyPath: path)
          Entity("Hit", parent: "Pick", userInfo: ["subentityValue": "hit"])
        })
      try load(bytes, isXML: isXML, into: graph, entity: "Pick", root: nil)
      return try graph.objects(of: "Pick").first?.entity.name == "Hit" ? "hit" : nil
    }
  }

  static func load(_ bytes: [UInt8], isXML: Bool, into graph: ObjectGraph, entity: String, root: String?) throws {
    if isXML {
      try graph.importXML(bytes, entity: entity, root: root)
    } else {
      try graph.importJSON(bytes, entity: entity, root: root)
    }
  }

  static func text(_ value: GraphValue?) -> String? {
    if case .string(let text)? = value { text } else { nil }
  }

  /// A read as an outcome; a key a required step lacks (an import root) is `missing`.
  static func outcome(_ read: () throws -> String?) -> Outcome {
    do {
      return try read().map(Outcome.found) ?? .missing
    } catch let error as MappingError where error.code == .keyNotFound {
      return .missing
    } catch {
      return .failed
    }
  }

  // MARK: - Writing

  @Test("graph export and @Mappable encoding build the same output, and it reads back", arguments: cases)
  func writersAgree(_ form: Case) throws {
    // JSON: the same object from both writers, each read back through the path.
    let encoded = try? form.probe.encodedJSON(value: "hit")
    let exported = try? Self.exportGraph(form.path, isXML: false)
    #expect(encoded.map { Self.decode(form.probe, $0, isXML: false) } ?? .failed == form.readBack.json, "JSON, @Mappable encode")
    #expect(exported.map { Self.importAttribute(form.path, $0, isXML: false) } ?? .failed == form.readBack.json, "JSON, graph export")
    if let encoded, let exported {
      let object = try JSONDocument(bytes: encoded).value
      #expect(try JSONDocument(bytes: exported).value == .array([object]), "graph export writes each object as @Mappable does")
    }
    // XML: each writer's document read back through the path.
    let encodedXML = try? form.probe.encodedXML(value: "hit")
    let exportedXML = try? Self.exportGraph(form.path, isXML: true)
    #expect(encodedXML.map { Self.decode(form.probe, $0, isXML: true) } ?? .failed == form.readBack.xml, "XML, @Mappable encode")
    #expect(exportedXML.map { Self.importAttribute(form.path, $0, isXML: true, root: "object") } ?? .failed == form.readBack.xml, "XML, graph export")
  }

  static func probeSchema(_ path: String) throws -> Schema {
    try Schema { Entity("Probe") { Attribute("value", .string, optional: true, keyPath: path) } }
  }

  /// One object holding `hit` at the path, exported.
  static func exportGraph(_ path: String, isXML: Bool) throws -> [UInt8] {
    let graph = ObjectGraph(schema: try probeSchema(path))
    let object = try graph.insert("Probe")
    try object.setValue(.string("hit"), forKey: "value")
    return isXML ? try graph.exportXML([object]) : try graph.exportJSON([object])
  }
}

// MARK: - Probes: one @Mappable model per path form

/// A model with one optional string field at ``path``.
protocol PathProbe: Sendable {
  static var path: String { get }
  static func decodedValue(fromJSON bytes: [UInt8]) throws -> String?
  static func decodedValue(fromXML bytes: [UInt8]) throws -> String?
  static func encodedJSON(value: String) throws -> [UInt8]
  static func encodedXML(value: String) throws -> [UInt8]
}

/// The probe's field, the one thing a probe model declares besides its key.
protocol ProbeModel: PathProbe, Mappable {
  var value: String? { get }
  init(value: String?)
}

extension ProbeModel {
  static func decodedValue(fromJSON bytes: [UInt8]) throws -> String? { try MappingDecoder().decode(Self.self, from: bytes).value }
  static func decodedValue(fromXML bytes: [UInt8]) throws -> String? { try MappingDecoder().decode(Self.self, fromXML: bytes).value }
  static func encodedJSON(value: String) throws -> [UInt8] { try MappingEncoder().encode(Self(value: value)) }
  static func encodedXML(value: String) throws -> [UInt8] { try MappingEncoder().encodeXML(Self(value: value), rootElement: "r") }
}

@Mappable struct PlainProbe: ProbeModel { @Key("a") var value: String?; static let path = "a" }
@Mappable struct NestedProbe: ProbeModel { @Key("a.b") var value: String?; static let path = "a.b" }
@Mappable struct EscapedDotProbe: ProbeModel { @Key(#"a\.b"#) var value: String?; static let path = #"a\.b"# }
@Mappable struct BackslashProbe: ProbeModel { @Key(#"a\\b"#) var value: String?; static let path = #"a\\b"# }
@Mappable struct FirstProbe: ProbeModel { @Key("items.0") var value: String?; static let path = "items.0" }
@Mappable struct LastProbe: ProbeModel { @Key("items.-1") var value: String?; static let path = "items.-1" }
@Mappable struct LeadingZeroProbe: ProbeModel { @Key("items.01") var value: String?; static let path = "items.01" }
@Mappable struct PlusProbe: ProbeModel { @Key("items.+1") var value: String?; static let path = "items.+1" }
@Mappable struct OutOfRangeProbe: ProbeModel { @Key("items.5") var value: String?; static let path = "items.5" }

@Mappable struct AttributeProbe: ProbeModel { @Key("@id") var value: String?; static let path = "@id" }
@Mappable struct TextProbe: ProbeModel { @Key("a.#text") var value: String?; static let path = "a.#text" }
@Mappable struct QualifiedProbe: ProbeModel { @Key("{urn:x}a") var value: String?; static let path = "{urn:x}a" }
@Mappable struct PrefixedProbe: ProbeModel { @Key("y:a") var value: String?; static let path = "y:a" }

/// `@Key("")` flattens a model; a plain field at the empty path is written as the macro would.
struct EmptyProbe: ProbeModel {
  static let path = ""
  static let mappingSchema = MappingSchema(fields: [.path("")])
  var value: String?

  init(value: String?) { self.value = value }
  init(from object: inout ObjectReader) throws { value = try object.decodeIfPresent(String.self, at: 0) }
  func encode(to object: inout ObjectWriter) throws { try object.encodeIfPresent(value, at: 0) }
}
