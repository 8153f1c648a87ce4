import ArgumentParser
import Foundry
import FoundryJSON
import FoundryXML
import FoundryStore
internal import FoundryInternals

extension Console {
  /// Prints `message` on standard error as a diagnostic: as it is when it is one already (it
  /// starts with `error:`, as a rendered diagnostic does), else after `error: `.
  ///
  /// ```swift
  /// console.printDiagnostic("no value at --root 'items'")   // error: no value at --root 'items'
  /// ```
  func printDiagnostic(_ message: String) {
    print(message.hasPrefix("error:") ? message : "error: \(message)", to: .error)
  }

  /// Prints `message` as ``printDiagnostic(_:)`` does and returns `status` for the command to
  /// throw: 1 by default, `ExitCode.validationFailure` (64) for a usage error.
  ///
  /// ```swift
  /// throw console.failure("--layout graphviz needs Graphviz's dot on the PATH")
  /// ```
  func failure(_ message: String, status: ExitCode = .failure) -> ExitCode {
    printDiagnostic(message)
    return status
  }

  /// ``failure(_:status:)`` for a file that could not be written:
  /// `error: cannot write 'out.json': Permission denied`.
  func failure(writing path: String, because failure: OutputFile.Failure) -> ExitCode {
    self.failure("cannot write '\(path)': \(failure.reason)")
  }

  /// Runs `body`; an error it throws is printed on standard error as a diagnostic (`error: ...`)
  /// and the command exits with status 1.
  ///
  /// ```swift
  /// let store = try console.failing { try Store(path: path, schema: schema) }
  /// ```
  func failing<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch is CancellationError {
      // Only a signal cancels the command line's work (``Interrupts``).
      throw failure(
        "interrupted by \(Interrupts.signalName): the import in progress was stopped and rolled back",
        status: ExitCode(Interrupts.status ?? 130))
    } catch {
      throw failure(Self.diagnostic(for: error))
    }
  }

  /// Runs `write`; when the XML writer refuses (a name or a character XML cannot hold), prints
  /// why as a diagnostic against `sourceName`, with the element it was in (`(inside /a/b)`) and
  /// at the place in the input that `location` finds, if it finds one, and exits with 1.
  ///
  /// ```swift
  /// try console.failingXMLWriting(sourceName: "feed.xml") { () throws(XMLWritingError) in
  ///   try tree.writeXML(options: .compact, to: write)
  /// }
  /// ```
  func failingXMLWriting<T>(
    sourceName: String,
    locatedBy location: (XMLWritingError) -> SourceLocation? = { _ in nil },
    _ write: () throws(XMLWritingError) -> T
  ) throws -> T {
    do {
      return try write()
    } catch {
      let message = error.elementPath.isEmpty ? error.message : "\(error.message) (inside \(error.path))"
      guard let location = location(error) else { throw failure(Diagnostic.render(message: message, sourceName: sourceName)) }
      throw failure(Diagnostic.render(message: message, location: location, sourceName: sourceName))
    }
  }

  /// How `error` prints: as itself, but a malformed JSON or XML payload, however deep the
  /// library wrapped it, names the command's flags rather than the parser's properties.
  static func diagnostic(for error: any Error) -> String {
    if let store = error as? StoreError, store.code == .mapping, let underlying = store.underlying { return diagnostic(for: underlying) }
    if let parsing = error as? JSONParsingError { return InputError.json(parsing).description }
    if let parsing = error as? XMLParsingError { return InputError.xml(parsing).description }
    if let mapping = error as? MappingError, mapping.code == .malformedDocument {
      if let parsing = mapping.underlying as? JSONParsingError { return InputError.json(parsing).description }
      if let parsing = mapping.underlying as? XMLParsingError { return InputError.xml(parsing).description }
    }
    return "\(error)"
  }
}
