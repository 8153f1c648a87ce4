#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundry
import FoundryStore
import FoundryGraph
import FoundryJSON

extension ImportCommand {
  /// `--store FILE` (or a `postgres://` URL): imports each payload into the store in its own transaction (or,
  /// with `--dry-run`, reports what it would change) and prints what the store then holds.
  ///
  /// ```
  /// $ foundry import Examples/authors.json --model Examples/Library.xcdatamodeld \
  ///     --entity Author --root authors --transformer ISODay=date:yyyy-MM-dd --store library.sqlite
  /// model: Library 2 (2 versions)
  /// store: library.sqlite
  /// imported Examples/authors.json: 2 Author (inserted 9, updated 0, deleted 0)
  /// objects: Author 2, Book 3, Tag 4
  /// ```
  ///
  /// SIGINT or SIGTERM during a payload's import stops it between objects and rolls its
  /// transaction back (payloads before it stay imported); the command exits with 130 or 143.
  func importIntoStore(at path: String, schema: Schema, model: ModelFile, options: GraphImportOptions, console: Console) throws {
    var options = options
    options.cancellation = Interrupts.cancellation
    let target = try console.failing {
      let target = try StoreImport(path: path, schema: schema, transformers: options.mapping.transformers)
      if !dryRun { try target.record(transformers.bindings) }
      if case .predicate(let predicate)? = peers.scope { options.staleObjects = try target.staleObjects(of: entity, matching: predicate) }
      return target
    }
    ModelLoader.noteUnbound(in: schema, registry: target.store.transformers, console: console)
    var summary = ImportSummary(model: model, entity: entity)
    summary.store = StoreLocation.displayName(path)
    for payload in payloads {
      let sourceName = DocumentLoader.sourceName(for: payload)
      let outcome = try console.failing {
        try importPayload(payload, sourceName: sourceName, into: target, options: options, console: console)
      }
      summary.add(outcome, from: sourceName, dryRun: dryRun)
    }
    summary.setObjectCounts(try console.failing { try target.objectCounts() })
    switch format {
    case .text: console.print(summary.makeText())
    case .json: console.print(summary.makeJSONValue().makeJSONString(options: .pretty))
    }
  }

  /// Imports one payload into the store: a file in batches when it can be streamed, else whole.
  /// Reading the payload (standard input's copy included) ends at once on a signal; the import
  /// itself is stopped and rolled back (``Interrupts/stoppable(_:)``).
  private func importPayload(
    _ payload: String, sourceName: String, into target: StoreImport, options: GraphImportOptions, console: Console
  ) throws -> StoreImport.Outcome {
    if let (file, fileFormat) = try streamedFile(of: payload, console: console) {
      // A file streams in batches: memory holds one batch, whatever the file's size.
      let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
      let options = withProgress(options, label: "importing \(sourceName)", byteCount: size, unit: "bytes")
      defer { if options.progress != nil { ProgressBar.finish() } }
      let outcome = try Interrupts.stoppable {
        try target.runFile(file, format: fileFormat, entity: entity, root: root, options: options, dryRun: dryRun, sourceName: sourceName)
      }
      if let outcome { return outcome }
    }
    let (bytes, format) = try input.makeLoader(console: console).read(payload)
    let options = withProgress(options, label: "importing \(sourceName)", byteCount: bytes.count, unit: nil)
    defer { if options.progress != nil { ProgressBar.finish() } }
    return try Interrupts.stoppable {
      try target.run(bytes, format: format, entity: entity, root: root, options: options, dryRun: dryRun, sourceName: sourceName)
    }
  }

  /// The file and format of a payload imported in batches: JSON, or XML with `--root` naming its
  /// repeated elements (without one, the root element is the one object). Standard input is
  /// copied to a temporary file first, a chunk at a time, and its format read from its start.
  private func streamedFile(of payload: String, console: Console) throws -> (path: String, format: DocumentFormat)? {
    guard payload == "-" else {
      guard let format = input.inputFormat ?? DocumentFormat(pathExtensionOf: payload) else { return nil }
      return format == .json || root != nil ? (payload, format) : nil
    }
    guard input.inputFormat != .xml || root != nil else { return nil }
    let loader = input.makeLoader(console: console)
    let file = try loader.chunkedPath(for: payload)
    let format = try loader.format(of: payload, readingFrom: file)
    return format == .json || root != nil ? (file, format) : nil
  }

  /// `options` drawing a progress bar on standard error, when that is a terminal and the
  /// payload is large (or `--progress` asks for it): top-level objects imported, or (`unit`)
  /// bytes of the file read.
  private func withProgress(_ options: GraphImportOptions, label: String, byteCount: Int, unit: String?) -> GraphImportOptions {
    guard progress || ProgressBar.isWanted(byteCount: byteCount) else { return options }
    var options = options
    options.progress = { done, total in
      ProgressBar.show(ProgressBar.line(label: label, done: done, total: total) + (unit.map { " " + $0 } ?? "") + (done == total ? " saving..." : ""))
    }
    return options
  }
}
