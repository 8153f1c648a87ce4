import FoundryXML
import Testing

/// The limits on hostile input (the Reliability article of the Foundry catalog, "Limits on hostile input") that the error tests do not
/// already cover: attributes per element, the quadratic blow-up, and defaults from the DOCTYPE.
@Suite("XML reader: limits")
struct XMLLimitsTests {
  static func failure(_ text: String, _ options: XMLParsingOptions = .init()) -> XMLParsingError? {
    XMLScannerErrorTests.failure(text, options)
  }

  static func attributes(_ count: Int) -> String {
    (0..<count).map { " a\($0)='\($0)'" }.joined()
  }

  // MARK: - Attributes

  @Test func attributesStopAtTheAttributeLimit() throws {
    var options = XMLParsingOptions()
    options.maximumAttributeCount = 3
    #expect(try XMLTree(string: "<r\(Self.attributes(3))/>", options: options).root.attributes.count == 3)
    let error = Self.failure("<r>\n<e\(Self.attributes(4))/></r>", options)
    #expect(error?.code == .attributeLimitExceeded)
    #expect(error?.message == "element '<e>' has more than 3 attributes (maximumAttributeCount)")
    #expect(error?.line == 2)
    #expect(error?.column == 25)
  }

  @Test func defaultLimitAllowsTenThousandAttributes() throws {
    let tree = try XMLTree(string: "<r\(Self.attributes(10_000))/>")
    #expect(tree.root.attributes.count == 10_000)
  }

  @Test func defaultLimitStopsTheTenThousandAndFirstAttribute() throws {
    #expect(Self.failure("<r\(Self.attributes(10_001))/>")?.code == .attributeLimitExceeded)
  }

  @Test func attributesDefaultedByTheDoctypeCount() {
    var options = XMLParsingOptions()
    options.maximumAttributeCount = 2
    let doctype = "<!DOCTYPE r [<!ATTLIST e x CDATA 'x' y CDATA 'y'>]>"
    #expect(Self.failure("\(doctype)<r><e/><e x='1'/></r>", options) == nil)
    let error = Self.failure("\(doctype)<r><e z='1'/></r>", options)
    #expect(error?.code == .attributeLimitExceeded)
    #expect(error?.message == "element '<e>' has more than 2 attributes (maximumAttributeCount)")
    // At the element's start tag: the attribute past the limit is not written.
    #expect(error?.column == 55)
  }

  @Test("attributes defaulted by the DOCTYPE have a budget over the whole document")
  func defaultedAttributesHaveADocumentBudget() throws {
    // Each <e/> gains x='x' and y='y': (1 + 1 + 32) bytes apiece, 68 per element.
    let doctype = "<!DOCTYPE r [<!ATTLIST e x CDATA 'x' y CDATA 'y'>]>"
    var options = XMLParsingOptions()
    options.maximumDefaultedAttributeBytes = 68 * 3
    let three = "<r>" + String(repeating: "<e/>", count: 3) + "</r>"
    #expect(try XMLTree(string: doctype + three, options: options).root.elements.count == 3)
    let four = "<r>" + String(repeating: "<e/>", count: 3) + "\n<e/></r>"
    let error = Self.failure(doctype + four, options)
    #expect(error?.code == .attributeLimitExceeded)
    #expect(error?.message == "attributes added from DOCTYPE defaults exceed the limit of 204 bytes (maximumDefaultedAttributeBytes)")
    #expect(error?.line == 2)
    #expect(error?.column == 1)
    // Written attributes cost nothing.
    #expect(Self.failure(doctype + "<r>" + String(repeating: "<e x='1' y='2'/>", count: 100) + "</r>", options) == nil)
  }

  @Test("the default budget stops a short DTD that defaults many attributes on many elements")
  func defaultedAttributeBlowUpStops() {
    let names = (0..<1_000).map { " a\($0) CDATA 'v'" }.joined()
    let document = "<!DOCTYPE r [<!ATTLIST e\(names)>]><r>" + String(repeating: "<e/>", count: 20_000) + "</r>"
    #expect(Self.failure(document)?.code == .attributeLimitExceeded)
  }

  // MARK: - Entities

  /// One large entity referenced many times: each reference is small, the expansions add up.
  @Test func quadraticBlowUpStopsAtTheExpansionBudget() {
    let large = String(repeating: "x", count: 100_000)
    let references = String(repeating: "&big;", count: 100_000)
    let error = Self.failure("<!DOCTYPE r [<!ENTITY big '\(large)'>]><r>\(references)</r>")
    #expect(error?.code == .entityExpansionLimit)
    #expect(error?.message.contains("expands beyond the limit of 1048576 bytes") == true, "\(String(describing: error))")
    // In attribute values too.
    let attributeError = Self.failure("<!DOCTYPE r [<!ENTITY big '\(large)'>]><r a='\(references)'/>")
    #expect(attributeError?.code == .entityExpansionLimit)
  }

  @Test func externalEntitiesAreNeverLoaded() {
    let error = Self.failure("<!DOCTYPE r [<!ENTITY xxe SYSTEM 'file:///etc/passwd'>]><r>&xxe;</r>")
    #expect(error?.code == .externalEntity)
    #expect(error?.message == "entity 'xxe' is external; external entities are never loaded")
  }
}
