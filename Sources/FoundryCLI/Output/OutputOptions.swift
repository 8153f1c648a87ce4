import ArgumentParser
import FoundryJSON
import FoundryXML
internal import FoundryInternals

/// The options of the commands that write a document: layout, XML indentation and where the
/// text goes.
///
/// ```
/// foundry format --compact payload.json -o payload.min.json
/// foundry convert --to xml --indent 4 feed.json
/// ```
struct OutputOptions: ParsableArguments {
  /// The layout of the output.
  enum Layout: String, EnumerableFlag {
    case pretty, compact

    static func help(for value: Layout) -> ArgumentHelp? {
      switch value {
      case .pretty: "One member, array element or XML element per line, indented."
      case .compact: "No whitespace between tokens or tags."
      }
    }
  }

  @Flag var layout: Layout = .pretty

  @Option(help: ArgumentHelp("Spaces per level of pretty XML, 0 to 16 (JSON always uses 2).", valueName: "n"))
  var indent: Int?

  @Option(
    name: [.customShort("o"), .customLong("output")],
    help: ArgumentHelp("Write to this file instead of standard output (- is standard output).", valueName: "file")
  )
  var output: String?

  func validate() throws {
    if let indent, !(0...16).contains(indent) { throw ValidationError("--indent must be from 0 to 16, got \(indent).") }
  }

  /// The JSON writer options for the layout.
  var jsonWritingOptions: JSONWritingOptions {
    var options = JSONWritingOptions()
    options.isPretty = layout == .pretty
    return options
  }

  /// The XML writer options for the layout, with or without the XML declaration.
  func xmlWritingOptions(includesDeclaration: Bool) -> XMLWritingOptions {
    var options = layout == .pretty ? XMLWritingOptions.pretty(indent: indent ?? 2) : XMLWritingOptions.compact
    options.includesDeclaration = includesDeclaration
    return options
  }

  /// Reports `--indent` for JSON output as a usage error (exit status 64).
  ///
  /// - Throws: `ExitCode.validationFailure` after printing the diagnostic.
  func checkIndent(for format: DocumentFormat, sourceName: String, console: Console) throws {
    guard indent != nil, format == .json else { return }
    try Self.usageError("--indent applies to XML output; JSON is indented by two spaces", sourceName: sourceName, console: console)
  }

  /// Writes the text `produce` hands over piece by piece, ending it with a line break, to
  /// standard output or the `--output` file, as it comes: memory stays bounded however long
  /// the text grows. When `produce` fails, what it handed over so far stays written.
  ///
  /// ```swift
  /// try out.emit(console: console) { write in document.root.writeJSON(options: options, to: write) }
  /// ```
  ///
  /// - Throws: What `produce` throws; `ExitCode.failure` after printing why the file could
  ///   not be written.
  func emit(console: Console, _ produce: (_ write: ([UInt8]) -> Void) throws -> Void) throws {
    var endsLine = false
    guard let output, output != "-" else {
      try produce { piece in
        guard let last = piece.last else { return }
        endsLine = last == UInt8(ascii: "\n")
        console.write(String(decoding: piece, as: UTF8.self))
      }
      if !endsLine { console.write("\n") }
      return
    }
    let file: OutputFile
    do throws(OutputFile.Failure) {
      file = try OutputFile(creating: output)
    } catch {
      throw console.failure(writing: output, because: error)
    }
    var failure: OutputFile.Failure?
    do {
      try produce { piece in
        guard failure == nil, let last = piece.last else { return }
        endsLine = last == UInt8(ascii: "\n")
        do throws(OutputFile.Failure) { try file.write(piece) } catch { failure = error }
      }
    } catch {
      try? file.close()
      throw error
    }
    if failure == nil, !endsLine {
      do throws(OutputFile.Failure) { try file.write("\n") } catch { failure = error }
    }
    do throws(OutputFile.Failure) { try file.close() } catch { failure = failure ?? error }
    if let failure { throw console.failure(writing: output, because: failure) }
  }

  /// Prints a flag that does not fit the document as a compiler-style error and exits with 64.
  static func usageError(_ message: String, sourceName: String, console: Console) throws -> Never {
    throw console.failure(Diagnostic.render(message: message, sourceName: sourceName), status: .validationFailure)
  }
}
