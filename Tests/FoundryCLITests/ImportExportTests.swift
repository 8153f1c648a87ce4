#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryCLI
import Testing

@Suite("foundry import --export")
struct ImportExportTests {
  typealias Fixture = ImportCommandTests

  @Test("importing an export with the same options gives an equal graph", arguments: ["json", "xml"])
  func roundTrip(format: String) throws {
    let directory = try TemporaryDirectory()
    let first = directory.path + "/first.\(format)"
    let second = directory.path + "/second.\(format)"
    let original = Fixture.run(Fixture.authors, Fixture.update, "--format", "json", "--export", first)
    #expect(original.error == "")
    let copy = Fixture.run(first, "--format", "json", "--export", second)
    #expect(copy.error == "")
    #expect(copy.output == original.output)
    let exported = try #require(directory.contents(of: "first.\(format)"))
    #expect(directory.contents(of: "second.\(format)") == exported)
    #expect(exported.contains("Parable of the Sower"))
  }

  @Test func theXMLExportIsNamedAfterTheModelAndTheRoot() throws {
    let directory = try TemporaryDirectory()
    let export = directory.path + "/library.xml"
    #expect(Fixture.run(Fixture.authors, "--export", export).status == 0)
    let text = try #require(directory.contents(of: "library.xml"))
    #expect(
      text.hasPrefix(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <library>
          <authors>
            <born>1929-10-21</born>
            <firstName>Ursula</firstName>
            <author_id>101</author_id>
            <lastName>LeGuin</lastName>
            <books>
              <book_id>1001</book_id>
              <title>A Wizard of Earthsea</title>
              <year>1968</year>
              <tags>fantasy</tags>
              <tags>classic</tags>
            </books>
        """))
    #expect(text.hasSuffix("</library>\n"))
  }

  @Test func withoutRootTheObjectsAreObjectElementsAndJSONIsAnArray() throws {
    let directory = try TemporaryDirectory()
    let model = try GenerateCommandTests.writeModel(in: directory, name: "My Shelf")
    let payload = try directory.write(#"[{"id": 1, "name": "Ada", "books": [{"title": "Notes"}, {"title": "Letters"}]}]"#, to: "shelf.json")
    let xml = foundry("import", payload, "--model", model, "--entity", "Author", "--export", directory.path + "/shelf.xml")
    #expect(xml.status == 0)
    #expect(
      directory.contents(of: "shelf.xml") == """
        <?xml version="1.0" encoding="UTF-8"?>
        <objects>
          <object>
            <id>1</id>
            <name>Ada</name>
            <books>
              <title>Notes</title>
            </books>
            <books>
              <title>Letters</title>
            </books>
          </object>
        </objects>

        """)
    let json = foundry("import", payload, "--model", model, "--entity", "Author", "--export", directory.path + "/copy.json")
    #expect(json.status == 0)
    #expect(
      directory.contents(of: "copy.json") == """
        [
          {
            "id": 1,
            "name": "Ada",
            "books": [
              {
                "title": "Notes"
              },
              {
                "title": "Letters"
              }
            ]
          }
        ]

        """)
    // Without --root the objects are <object> elements: --root object reads them back.
    let back = foundry("import", directory.path + "/shelf.xml", "--model", model, "--entity", "Author", "--root", "object")
    #expect(back.error == "")
    #expect(back.output.hasSuffix("objects: Author 1, Book 2\nrelationships: 2\n"))
  }

  @Test func anExportThatCannotBeWritten() {
    let path = Fixture.examples + "/missing-folder/out.json"
    #expect(
      Fixture.run(Fixture.authors, "--export", path)
        == CommandResult(
          status: 1,
          output: "",
          error: "error: cannot write '\(path)': No such file or directory\n"
        )
    )
  }
}
