import Foundation
import FoundryGraph
import Testing

/// One expected failure: the fixture, and the file the error names, both relative to
/// `Fixtures/Models`; `{path}` in the rendering stands for the named file's absolute path.
struct ModelFileErrorCase: Sendable, CustomTestStringConvertible {
  var fixture: String
  var file: String
  var code: GraphError.Code
  var line: Int?
  var column: Int?
  var rendering: String

  init(_ fixture: String, file: String? = nil, _ code: GraphError.Code, at position: (Int, Int)? = nil, _ rendering: String) {
    self.fixture = fixture
    self.file = file ?? fixture
    self.code = code
    line = position?.0
    column = position?.1
    self.rendering = rendering
  }

  var testDescription: String { fixture }
}

@Suite("Model files: error messages")
struct ModelFileErrorTests {
  static let cases: [ModelFileErrorCase] = [
    ModelFileErrorCase(
      "Invalid/FetchedProperty.xml", .unsupportedConstruct, at: (5, 9),
      """
      error: unsupported construct <fetchedProperty>
      --> {path}:5:9
       5 |         <fetchedProperty name="recentBooks" optional="YES">
         |         ^
      """),
    ModelFileErrorCase(
      "Invalid/CompositeAttribute.xml", .unsupportedConstruct, at: (5, 9),
      """
      error: unsupported construct <compositeAttribute>
      --> {path}:5:9
       5 |         <compositeAttribute name="address" optional="YES">
         |         ^
      """),
    ModelFileErrorCase(
      "Invalid/CompositeType.xml", .unsupportedConstruct, at: (4, 9),
      """
      error: unsupported construct attributeType="Composite" on attribute "address"
      --> {path}:4:9
       4 |         <attribute name="address" optional="YES" attributeType="Comp...
         |         ^
      """),
    ModelFileErrorCase(
      "Invalid/UnknownElement.xml", .unsupportedConstruct, at: (5, 9),
      """
      error: unsupported construct <validationRule>
      --> {path}:5:9
       5 |         <validationRule name="nameNotEmpty"/>
         |         ^
      """),
    ModelFileErrorCase(
      "Invalid/UnknownType.xml", .invalidModelValue, at: (4, 9),
      """
      error: unknown attribute type "Integer 128" for attribute "id"
      --> {path}:4:9
       4 |         <attribute name="id" attributeType="Integer 128"/>
         |         ^
      """),
    ModelFileErrorCase(
      "Invalid/BadDefault.xml", .invalidModelValue, at: (4, 9),
      """
      error: default value "70000" is not a valid Integer 16 for attribute "rating"
      --> {path}:4:9
       4 |         <attribute name="rating" attributeType="Integer 16" defaultV...
         |         ^
      """),
    ModelFileErrorCase(
      "Invalid/BadDeletionRule.xml", .invalidModelValue, at: (4, 9),
      """
      error: unknown deletion rule "Destroy" for relationship "books"
      --> {path}:4:9
       4 |         <relationship name="books" optional="YES" toMany="YES" delet...
         |         ^
      """),
    ModelFileErrorCase(
      "Invalid/NegativeCount.xml", .invalidModelValue, at: (4, 9),
      """
      error: expected a count of 0 or more for 'maxCount' on <relationship>, found "-1"
      --> {path}:4:9
       4 |         <relationship name="books" optional="YES" toMany="YES" maxCo...
         |         ^
      """),
    ModelFileErrorCase(
      "Invalid/TextCount.xml", .invalidModelValue, at: (4, 9),
      """
      error: expected an integer for 'maxCount' on <relationship>, found "abc"
      --> {path}:4:9
       4 |         <relationship name="mentor" optional="YES" maxCount="abc" de...
         |         ^
      """),
    ModelFileErrorCase(
      "Invalid/CountsOutOfOrder.xml", .invalidModelValue, at: (4, 9),
      """
      error: minCount 5 is above maxCount 2 for relationship "books"
      --> {path}:4:9
       4 |         <relationship name="books" optional="YES" toMany="YES" minCo...
         |         ^
      """),
    ModelFileErrorCase(
      "Invalid/WrongInverseEntity.xml", .invalidModelValue, at: (4, 9),
      """
      error: inverseEntity "Publisher" is not the destination "Book" of relationship "books"
      --> {path}:4:9
       4 |         <relationship name="books" optional="YES" toMany="YES" delet...
         |         ^
      """),
    ModelFileErrorCase(
      "Invalid/OneSidedInverse.xml", .invalidModelValue, at: (4, 9),
      """
      error: relationship "Author.books" names inverse "Book.author", which names no inverse; name it on both sides
      --> {path}:4:9
       4 |         <relationship name="books" optional="YES" toMany="YES" delet...
         |         ^
      """),
    ModelFileErrorCase(
      "Invalid/BadURIDefault.xml", .invalidModelValue, at: (4, 9),
      """
      error: default value "::" is not a valid URI for attribute "homepage"
      --> {path}:4:9
       4 |         <attribute name="homepage" optional="YES" attributeType="URI...
         |         ^
      """),
    ModelFileErrorCase(
      "Invalid/BadIdentityScope.xml", .invalidModelValue, at: (7, 13),
      """
      error: identityScope must be "parent" or "global", found "world"
      --> {path}:7:13
       7 |             <entry key="identityScope" value="world"/>
         |             ^
      """),
    ModelFileErrorCase(
      "Invalid/MissingName.xml", .missingXMLAttribute, at: (3, 5),
      """
      error: missing required attribute 'name' on <entity>
      --> {path}:3:5
       3 |     <entity representedClassName="Author" syncable="YES" codeGen...
         |     ^
      """),
    ModelFileErrorCase(
      "Invalid/EmptyName.xml", .invalidModelValue, at: (3, 5),
      """
      error: 'name' on <entity> is empty; it must name something
      --> {path}:3:5
       3 |     <entity name="" representedClassName="Author" syncable="YES"...
         |     ^
      """),
    ModelFileErrorCase(
      "Invalid/NotAModel.xml", .notAModel, at: (3, 1),
      """
      error: not a Core Data model: the root element is <plist>, expected <model>
      --> {path}:3:1
       3 | <plist version="1.0">
         | ^
      """),
    ModelFileErrorCase(
      "Invalid/Malformed.xml", .malformedXML, at: (5, 5),
      """
      error: end tag '</entity>' does not match start tag '<attribute>'
      --> {path}:5:5
       5 |     </entity>
         |     ^
      """),
    ModelFileErrorCase(
      "Invalid/UnknownDestination.xml", .unknownDestination, at: (5, 9),
      """
      error: Book.author: destination entity "Writer" is not in the schema
      --> {path}:5:9
       5 |         <relationship name="author" optional="YES" maxCount="1" dele...
         |         ^
      """),
    ModelFileErrorCase(
      "Invalid/MissingVersion.xcdatamodeld", file: "Invalid/MissingVersion.xcdatamodeld/.xccurrentversion",
      .invalidVersion, at: (6, 2),
      """
      error: current version "Library 3.xcdatamodel" is not in the bundle
      --> {path}:6:2
       6 | \t<string>Library 3.xcdatamodel</string>
         | \t^
      """),
    ModelFileErrorCase(
      "Invalid/BadCurrentVersion.xcdatamodeld", file: "Invalid/BadCurrentVersion.xcdatamodeld/.xccurrentversion",
      .invalidVersion, at: (3, 1),
      """
      error: .xccurrentversion has no _XCCurrentVersionName string
      --> {path}:3:1
       3 | <plist version="1.0">
         | ^
      """),
    ModelFileErrorCase(
      "Invalid/NoCurrentVersion.xcdatamodeld", .invalidVersion,
      """
      error: no .xccurrentversion file to choose the current version among 2
      --> {path}
      """),
    ModelFileErrorCase(
      "Invalid/NoModel", .notAModel,
      """
      error: not a Core Data model: the directory holds neither a contents file nor .xcdatamodel versions
      --> {path}
      """),
    ModelFileErrorCase(
      "Invalid/Missing.xcdatamodel", .unreadableFile,
      """
      error: cannot read the model: No such file or directory
      --> {path}
      """),
  ]

  @Test("each failure is reported word for word, at its file, line and column", arguments: cases)
  func message(_ expected: ModelFileErrorCase) throws {
    let path = ModelFixtures.url(expected.file).path
    let error = try #require(throws: GraphError.self) {
      try Schema(modelAt: ModelFixtures.url(expected.fixture))
    }
    #expect(error.description == expected.rendering.replacingOccurrences(of: "{path}", with: path))
    #expect(error.code == expected.code)
    #expect(error.file?.path == path)
    #expect(error.file?.line == expected.line)
    #expect(error.file?.column == expected.column)
  }

  @Test("a schema error in a model file keeps its schema code and location, and gains the file's position")
  func schemaErrorInAFile() throws {
    let error = try #require(throws: GraphError.self) {
      try Schema(modelAt: ModelFixtures.url("Invalid/UnknownDestination.xml"))
    }
    #expect(error.code == .unknownDestination)
    #expect(error.code.group == .schema)
    #expect(error.location == "Book.author")
    #expect(error.message == "destination entity \"Writer\" is not in the schema")
    #expect(error.file?.path == ModelFixtures.url("Invalid/UnknownDestination.xml").path)
    #expect(error.file?.line != nil)
  }

  @Test("every code of a file that cannot be read is in the model-file group, and a file error has no invented entity")
  func modelFileGroup() throws {
    for code: GraphError.Code in [.unreadableFile, .malformedXML, .notAModel, .invalidVersion, .missingXMLAttribute, .invalidModelValue, .unsupportedConstruct] {
      #expect(code.group == .modelFile, "\(code)")
    }
    #expect(GraphError.Code.typeMismatch.group == .graph)
    let error = try #require(throws: GraphError.self) { try Schema(modelAt: ModelFixtures.url("Invalid/NoModel")) }
    #expect(error.location == nil)
    #expect(error.file?.line == nil)
  }

  @Test("reading the entities alone does not check the schema")
  func modelFileDoesNotResolve() throws {
    let model = try ModelFile(contentsOf: ModelFixtures.url("Invalid/UnknownDestination.xml"))
    #expect(model.versionName == "UnknownDestination")
    #expect(model.entities.first?.relationships.first?.destination == "Writer")
  }
}
