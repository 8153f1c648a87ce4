import Foundry
import FoundryGraph
import FoundryJSON

extension ImportCommand {
  /// `--store FILE`: imports each payload into the SQLite store in its own transaction (or,
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
  func importIntoStore(at path: String, schema: Schema, model: ModelFile, options: GraphImportOptions, console: Console) throws {
    let target = try console.failing {
      let target = try StoreImport(path: path, schema: schema)
      if !dryRun { try target.record(transformers) }
      return target
    }
    var summary = ImportSummary(model: model, entity: entity)
    summary.store = path
    for payload in payloads {
      let sourceName = DocumentLoader.sourceName(for: payload)
      let outcome = try console.failing {
        let (bytes, format) = try readPayload(payload, sourceName: sourceName, console: console)
        var options = options
        if ProgressBar.isWanted(byteCount: bytes.count) {
          let label = "importing \(sourceName)"
          options.progress = { done, total in
            ProgressBar.draw(ProgressBar.line(label: label, done: done, total: total) + (done == total ? " saving..." : ""))
          }
        }
        defer { if options.progress != nil { ProgressBar.draw(ProgressBar.clear) } }
        return try target.run(bytes, format: format, entity: entity, root: root, options: options, dryRun: dryRun, sourceName: sourceName)
      }
      summary.add(outcome, from: sourceName, dryRun: dryRun)
    }
    summary.setObjectCounts(try console.failing { try target.objectCounts() })
    switch format {
    case .text: console.print(summary.makeText())
    case .json: console.print(summary.makeJSONValue().makeJSONString(options: .pretty))
    }
  }
}
