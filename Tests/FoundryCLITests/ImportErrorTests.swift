import FoundryCLI
import Testing

@Suite("foundry import: errors and lossy issues")
struct ImportErrorTests {
  typealias Fixture = ImportCommandTests

  /// A payload with a bad date, a bad book id and a bad year.
  static let badPayload = """
    {"authors": [
      {"author_id": 1, "firstName": "Ada", "born": "1815-12-10"},
      {"author_id": 2, "firstName": "Grace", "born": "yesterday",
       "books": [{"book_id": "x", "title": "Cobol"}, {"book_id": 7, "title": "Ok", "year": "soon"}]}
    ]}
    """

  // MARK: - Transformers

  /// What a command that reads the example model prints when `ISODay` is not bound.
  static let unboundTransformer = """
    error: Author.born: transformer "ISODay" is not bound
    --> \(Fixture.contents):4:9
     4 |         <attribute name="born" optional="YES" attributeType="Date" v...
       |         ^
    help: bind it with --transformer ISODay=SPEC, SPEC one of: \(Fixture.knownSpecs)

    """

  @Test func anUnboundTransformerNamesTheAttributeAndTheOption() {
    #expect(
      foundry("import", Fixture.authors, "--model", Fixture.model, "--entity", "Author", "--root", "authors")
        == CommandResult(status: 1, output: "", error: Self.unboundTransformer)
    )
  }

  @Test func aBindingMayNameAnEarlierOne() {
    let result = foundry(
      "import", Fixture.authors, "--model", Fixture.model, "--entity", "Author", "--root", "authors",
      "--transformer", "day=date:yyyy-MM-dd", "--transformer", "ISODay=day"
    )
    #expect(result.error == "")
    #expect(result.status == 0)
  }

  @Test func anUnknownSpecIsAUsageError() {
    let result = Fixture.run(Fixture.authors, "--transformer", "ISODay=dat:yyyy")
    #expect(result.status == 64)
    #expect(result.output == "")
    #expect(
      result.error.hasPrefix(
        """
        Error: --transformer ISODay=dat:yyyy: unknown transformer "dat:yyyy" (known: \(Fixture.knownSpecs))
        Usage: foundry import [<options>] <payload> ... --model <model> --entity <name>
        """))
  }

  @Test func aSpecWithoutItsArgumentIsAUsageError() {
    let result = Fixture.run(Fixture.authors, "--transformer", "ISODay=date:")
    #expect(result.status == 64)
    #expect(
      result.error.hasPrefix(
        """
        Error: --transformer ISODay=date:: transformer "date:" needs a FORMAT after the colon (known: \(Fixture.knownSpecs))

        """))
  }

  @Test func aBindingWithoutEqualsIsAUsageError() {
    let result = Fixture.run(Fixture.authors, "--transformer", "ISODay")
    #expect(result.status == 64)
    #expect(result.error.hasPrefix("Error: The value 'ISODay' is invalid for '--transformer <name=spec>'\n"))
  }

  // MARK: - Model and entity

  @Test func anUnknownEntity() {
    #expect(
      foundry("import", Fixture.authors, "--model", Fixture.model, "--entity", "Writer")
        == CommandResult(
          status: 1,
          output: "",
          error: """
            error: no entity named "Writer" in the model (entities: Author, Book, Tag)
            --> \(Fixture.contents)

            """
        )
    )
  }

  @Test("a payload with a comment names the flag that accepts it")
  func aCommentNamesTheFlag() throws {
    let directory = try TemporaryDirectory()
    let payload = try directory.write("{\"authors\": [ // none\n]}", to: "commented.json")
    let result = foundry(
      "import", payload, "--model", Fixture.model, "--entity", "Author", "--root", "authors", "--transformer", "ISODay=iso8601-date")
    #expect(result.status == 1)
    #expect(result.error.hasPrefix("error: comments are not allowed (pass --allow-comments or --lenient to accept them)\n--> \(payload):1:15\n"))
  }

  @Test func anUnknownEntityNearAKnownOne() {
    let result = foundry("import", Fixture.authors, "--model", Fixture.model, "--entity", "Autor")
    #expect(result.status == 1)
    #expect(result.error == "error: no entity named \"Autor\" in the model (did you mean \"Author\"?)\n--> \(Fixture.contents)\n")
  }

  @Test("an unknown entity among thousands suggests the nearest names, not every name")
  func anUnknownEntityAmongThousands() throws {
    let directory = try TemporaryDirectory()
    let entities = (0..<2_000).map { #"<entity name="Entity\#($0)"><attribute name="id" optional="YES" attributeType="String"/></entity>"# }
    let model = try directory.write("<model>" + entities.joined() + "</model>", to: "Many.xml")
    let near = foundry("import", Fixture.authors, "--model", model, "--entity", "Entity12x")
    #expect(near.error == "error: no entity named \"Entity12x\" in the model (did you mean \"Entity12\", \"Entity120\" or \"Entity121\"?)\n--> \(model)\n")
    let far = foundry("import", Fixture.authors, "--model", model, "--entity", "Book")
    #expect(far.error == "error: no entity named \"Book\" in the model (none of 2000 entities is close)\n--> \(model)\n")
  }

  @Test func anUnreadableModel() {
    let result = foundry("import", Fixture.authors, "--model", Fixture.examples + "/Nothing.xcdatamodeld", "--entity", "Author")
    #expect(result.status == 1)
    #expect(result.output == "")
    #expect(result.error == "error: cannot read the model: No such file or directory\n--> \(Fixture.examples)/Nothing.xcdatamodeld\n")
  }

  @Test func usageErrors() {
    #expect(foundry("import", Fixture.authors, "--entity", "Author").error.hasPrefix("Error: Missing expected argument '--model <model>'\n"))
    #expect(foundry("import", "--model", Fixture.model, "--entity", "Author").status == 64)
    #expect(foundry(["import", "-", "-"] + Fixture.options()).error.hasPrefix("Error: Standard input ('-') can be read only once.\n"))
    #expect(foundry(["import", Fixture.authors, "--format", "yaml"] + Fixture.options()).status == 64)
  }

  // MARK: - Strict and lossy

  @Test func aBadValueFailsWithItsPlace() throws {
    let directory = try TemporaryDirectory()
    let payload = try directory.write(Self.badPayload, to: "bad.json")
    #expect(
      Fixture.run(payload)
        == CommandResult(
          status: 1,
          output: "",
          error: """
            error: $.authors[1].born: expected Date in format "yyyy-MM-dd", found string "yesterday"
            --> \(payload):3:50
             3 |   {"author_id": 2, "firstName": "Grace", "born": "yesterday",
               |                                                  ^

            """
        )
    )
  }

  @Test func lossyLeavesBadValuesOutAndReportsThem() throws {
    let directory = try TemporaryDirectory()
    let payload = try directory.write(Self.badPayload, to: "bad.json")
    #expect(
      Fixture.run(payload, "--lossy")
        == CommandResult(
          status: 0,
          output: """
            model: Library 2 (2 versions)
            imported \(payload): 2 Author
            objects: Author 2, Book 1
            relationships: 1
            issues: 3
              \(payload): $.authors[1].born: field defaulted because $.authors[1].born: expected Date in format "yyyy-MM-dd", found string "yesterday"
              \(payload): $.authors[1].books[0]: element dropped because $.authors[1].books[0].book_id: expected Int64, found string "x"
              \(payload): $.authors[1].books[1].year: field defaulted because $.authors[1].books[1].year: expected Int32, found string "soon"

            """,
          error: ""
        )
    )
  }

  @Test func lossyIssuesAsJSON() throws {
    let directory = try TemporaryDirectory()
    let payload = try directory.write(Self.badPayload, to: "bad.json")
    #expect(
      Fixture.run(Fixture.authors, payload, "--lossy", "--format", "json")
        == CommandResult(
          status: 0,
          output: """
            {
              "objects": {
                "Author": 4,
                "Book": 4,
                "Tag": 3
              },
              "relationships": 9,
              "issues": [
                {
                  "file": "\(Fixture.authors)",
                  "path": "$.authors[0].author_id",
                  "message": "value coerced: string \\"101\\" read as Int64"
                },
                {
                  "file": "\(payload)",
                  "path": "$.authors[1].born",
                  "message": "field defaulted because $.authors[1].born: expected Date in format \\"yyyy-MM-dd\\", found string \\"yesterday\\""
                },
                {
                  "file": "\(payload)",
                  "path": "$.authors[1].books[0]",
                  "message": "element dropped because $.authors[1].books[0].book_id: expected Int64, found string \\"x\\""
                },
                {
                  "file": "\(payload)",
                  "path": "$.authors[1].books[1].year",
                  "message": "field defaulted because $.authors[1].books[1].year: expected Int32, found string \\"soon\\""
                }
              ]
            }

            """,
          error: ""
        )
    )
  }
}
