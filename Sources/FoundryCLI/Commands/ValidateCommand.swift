import ArgumentParser

/// `foundry validate FILE...`: checks that every file is well-formed.
///
/// Prints `FILE: ok` per good file (nothing with `--quiet`) and a compiler-style diagnostic on
/// standard error per bad one; every file is checked even after a failure.
///
/// ```
/// $ foundry validate Examples/earthquakes.json Examples/broken.json
/// Examples/earthquakes.json: ok
/// error: expected ',' or '}' after object member, found character '"'
/// --> Examples/broken.json:7:5
///  7 |     "tz": null,
///    |     ^
/// ```
struct ValidateCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "validate",
    abstract: "Check that documents are well-formed.",
    discussion: """
      Exits with 0 when every file is well-formed and 1 when any is not; each error prints \
      on standard error with its line, column and a caret. The format comes from the \
      extension (.json, .geojson, .jsonc; .xml, .rss, .atom, .osm, .plist, .svg, .opml, \
      .xhtml, .gpx, .kml and other XML vocabularies), else from the first character: < \
      is XML (also in UTF-16), anything else JSON. XML must be well-formed and \
      namespace-well-formed; external entities are never loaded. Files are read in \
      chunks, so their size is not limited by memory: XML is checked piece by piece, JSON \
      element by element along its top-level array (or the first array member of its \
      top-level object, such as GeoJSON's features); other JSON and standard input are \
      read whole.
      """
  )

  @Argument(help: ArgumentHelp("The files to check; - reads standard input.", valueName: "file"))
  var files: [String]

  @Flag(name: .shortAndLong, help: "Print nothing for well-formed files.")
  var quiet = false

  @OptionGroup(title: "Parsing")
  var input: InputOptions

  func validate() throws {
    guard files.count(where: { $0 == "-" }) <= 1 else {
      throw ValidationError("Standard input ('-') can be read only once.")
    }
  }

  func run(console: Console) throws {
    let validator = StreamingValidator(loader: input.makeLoader(console: console))
    var failures = 0
    for path in files {
      do {
        try validator.validate(path)
        if !quiet { console.print("\(DocumentLoader.sourceName(for: path)): ok") }
      } catch {
        failures += 1
        console.printDiagnostic(error.description)
      }
    }
    if failures > 0 { throw ExitCode.failure }
  }
}
