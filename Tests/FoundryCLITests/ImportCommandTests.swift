#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundryCLI
import Testing

@Suite("foundry import")
struct ImportCommandTests {
  /// The repository's `Examples` folder, found from this file's path.
  static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples").path

  static let model = examples + "/Library.xcdatamodeld"
  static let contents = model + "/Library 2.xcdatamodel/contents"
  static let authors = examples + "/authors.json"
  static let update = examples + "/authors-update.json"

  /// The options of the README's example, after the payloads; `root` replaces `authors`.
  static func options(root: String = "authors") -> [String] {
    ["--model", model, "--entity", "Author", "--root", root, "--transformer", "ISODay=date:yyyy-MM-dd"]
  }

  static let knownSpecs = """
    base64, base64url, bool, date:FORMAT, dates:SPEC|SPEC, decimal, decimal-string, double, epoch, epoch-ms, epoch-seconds, int, \
    iso8601, iso8601-date, json, rfc1123, rfc3339, rfc822, split:SEPARATOR, string, twitter, url, uuid
    """

  /// `foundry import` with the example's options after `arguments`.
  static func run(_ arguments: String..., input: String = "") -> CommandResult {
    foundry(["import"] + arguments + options(), input: input)
  }

  // MARK: - The examples

  @Test func theExamplesImportAndMerge() {
    #expect(
      Self.run(Self.authors, Self.update)
        == CommandResult(
          status: 0,
          output: """
            model: Library 2 (2 versions)
            imported \(Self.authors): 2 Author
            imported \(Self.update): 2 Author
            objects: Author 2, Book 4, Tag 4
            relationships: 11

            """,
          error: ""
        )
    )
  }

  @Test func theExamplesAsJSON() {
    #expect(
      Self.run(Self.authors, Self.update, "--format", "json")
        == CommandResult(
          status: 0,
          output: """
            {
              "objects": {
                "Author": 2,
                "Book": 4,
                "Tag": 4
              },
              "relationships": 11,
              "issues": []
            }

            """,
          error: ""
        )
    )
  }

  @Test func theFirstExampleAlone() {
    let result = Self.run(Self.authors)
    #expect(result.status == 0)
    #expect(result.output.hasSuffix("objects: Author 2, Book 3, Tag 3\nrelationships: 8\n"))
  }

  @Test func theUpdateMergesByIdentity() throws {
    let directory = try TemporaryDirectory()
    let export = directory.path + "/library.json"
    let result = Self.run(Self.authors, Self.update, "--export", export)
    #expect(result.status == 0)
    #expect(result.output.hasSuffix("exported 2 Author to \(export)\n"))
    let text = try #require(directory.contents(of: "library.json"))
    // The string id "101" was read as a number, the update fixed a name and added a book.
    #expect(text.contains(#""author_id": 101,"#))
    #expect(text.contains(#""lastName": "Le Guin""#))
    #expect(!text.contains("LeGuin"))
    #expect(text.contains(#""title": "Kindred""#))
    #expect(text.contains(#""title": "Parable of the Sower""#))
  }

  // MARK: - Payloads

  @Test func anXMLPayloadAtItsRoot() throws {
    let directory = try TemporaryDirectory()
    let payload = try directory.write(
      """
      <library>
        <author><author_id>7</author_id><firstName>Ada</firstName><born>1815-12-10</born>
          <books><book_id>70</book_id><title>Notes</title><tags>math</tags><tags>engines</tags></books>
        </author>
        <author><author_id>8</author_id><firstName>Grace</firstName></author>
      </library>
      """,
      to: "library.xml"
    )
    let result = foundry(
      "import", payload, "--model", Self.model, "--entity", "Author", "--root", "author", "--transformer", "ISODay=date:yyyy-MM-dd",
      "--format", "json"
    )
    #expect(result.error == "")
    #expect(
      result.output == """
        {
          "objects": {
            "Author": 2,
            "Book": 1,
            "Tag": 2
          },
          "relationships": 3,
          "issues": []
        }

        """)
  }

  @Test func aPayloadWithoutRootAndFromStandardInput() {
    let payload = #"{"author_id": 9, "firstName": "Solo", "books": [{"book_id": 90, "title": "Alone"}]}"#
    let result = foundry("import", "-", "--model", Self.model, "--entity", "Author", "--transformer", "ISODay=iso8601", input: payload)
    #expect(result.error == "")
    #expect(
      result.output == """
        model: Library 2 (2 versions)
        imported <stdin>: 1 Author
        objects: Author 1, Book 1
        relationships: 1

        """)
  }

  @Test func aMissingRootIsAnError() {
    #expect(
      foundry(["import", Self.authors] + Self.options(root: "writers"))
        == CommandResult(
          status: 1,
          output: "",
          error: """
            error: $.writers: required key not found, expected Author objects
            --> \(Self.authors):1:1
             1 | {
               | ^

            """
        )
    )
  }

  @Test func aMalformedPayloadFailsEvenWhenLossy() throws {
    let directory = try TemporaryDirectory()
    let payload = try directory.write(#"{"authors": [{"author_id": 1,}]}"#, to: "broken.json")
    let result = Self.run(payload, "--lossy")
    #expect(result.status == 1)
    #expect(result.output == "")
    #expect(result.error.hasPrefix("error: "))
    #expect(result.error.contains("--> \(payload):1:"))
  }

  @Test func parserRelaxationsAndTheInputFormatApply() throws {
    let directory = try TemporaryDirectory()
    let payload = try directory.write("// one author\n{\"authors\": [{\"author_id\": 1, \"firstName\": \"A\",}]}", to: "relaxed.txt")
    #expect(Self.run(payload).status == 1)
    let result = Self.run(payload, "--lenient", "--input-format", "json")
    #expect(result.error == "")
    #expect(result.output.contains("objects: Author 1"))
    #expect(Self.run(payload, "--lenient", "--input-format", "xml").error.hasPrefix("error: "))
    let deep = try directory.write(#"{"authors": [{"author_id": 2, "firstName": "B", "books": [{"book_id": 3, "title": "T"}]}]}"#, to: "deep.json")
    let limited = Self.run(deep, "--max-depth", "3")
    #expect(limited.status == 1)
    #expect(limited.error.hasPrefix("error: nesting depth exceeds the limit of 3"))
  }

  @Test func anUnreadablePayload() {
    let missing = Self.examples + "/missing.json"
    #expect(
      Self.run(missing)
        == CommandResult(
          status: 1,
          output: "",
          error: "error: cannot read '\(missing)': No such file or directory\n--> \(missing)\n"
        )
    )
  }

  @Test func anUnreadableStandardInput() {
    let arguments = ["import", "-", "--model", Self.model, "--entity", "Author", "--transformer", "ISODay=date:yyyy-MM-dd"]
    #expect(
      foundry(arguments, inputFailure: "Bad file descriptor")
        == CommandResult(status: 1, output: "", error: "error: cannot read '<stdin>': Bad file descriptor\n--> <stdin>\n"))
  }
}
