import FoundryJSON
import FoundryXML

extension OutputOptions {
  /// Writes `node` and everything inside it as JSON, streamed as ``emit(console:_:)`` writes.
  ///
  /// ```swift
  /// try out.write(document.root, options: out.jsonWritingOptions, console: console)
  /// ```
  ///
  /// - Throws: `ExitCode.failure` after printing why the `--output` file could not be written.
  func write(_ node: JSONNode, options: JSONWritingOptions, console: Console) throws {
    try emit(console: console) { write in node.writeJSON(options: options, to: write) }
  }

  /// Writes `tree` as XML, streamed as ``emit(console:_:)`` writes; a refusal of the writer is
  /// reported against `sourceName` (see ``Console/failingXMLWriting(sourceName:locatedBy:_:)``).
  ///
  /// - Throws: `ExitCode.failure` after printing the diagnostic, or why the `--output` file
  ///   could not be written.
  func write(_ tree: XMLTree, options: XMLWritingOptions, sourceName: String, console: Console) throws {
    try emit(console: console) { write in
      try console.failingXMLWriting(sourceName: sourceName) { () throws(XMLWritingError) in try tree.writeXML(options: options, to: write) }
    }
  }
}
