#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundry
import FoundryGraph
internal import FoundryInternals
import FoundryJSON

extension Store {
  /// Imports a JSON file of any size into the store in batches, with bounded memory, in one
  /// transaction: all of it or nothing.
  ///
  /// The elements of the payload's array (its top level, or the array at `root`) are read a
  /// batch at a time, imported into a context of the import's own, written, and let go of.
  /// Later batches find the objects earlier ones wrote by identity, so an object named all
  /// over the payload is one row, updated in place. The store's ``changes()`` stream hears of
  /// the import once it is committed.
  ///
  /// ```swift
  /// let report = try await store.importJSON(contentsOf: url, entity: "Author", root: "authors")
  /// print(report.elementCount, report.saved.inserted.count)
  /// ```
  /// - Parameters:
  ///   - url: The payload file.
  ///   - entity: The entity of the payload's objects.
  ///   - root: The key path of the objects' array in the payload.
  ///   - options: The graph import's options (mapping transformers, lossy mode, to-many merging);
  ///     `progress` hears the bytes of the file read so far, and the file's size, after each batch.
  ///   - transformers: The contexts' transformers, to write objects out; the store's own (``Store/transformers``) when `nil`.
  ///   - batchSize: The top-level objects imported (and held in memory) at once.
  ///   - dryRun: Report every change the import would make, and write nothing.
  /// - Returns: What was imported; its ``StoreImportReport/changes`` are listed for a dry run only.
  /// - Throws: ``StoreError``: ``StoreError/Code/mapping`` carrying the `MappingError` (payload
  ///   path and line:column) or the parser's error, or the database's error; the store is then
  ///   as it was.
  @discardableResult
  nonisolated(nonsending) public func importJSON(
    contentsOf url: URL, entity: String, root: String? = nil, options: GraphImportOptions = .init(),
    transformers: TransformerRegistry? = nil, batchSize: Int = 1000, dryRun: Bool = false
  ) async throws -> StoreImportReport {
    let job = BatchImport(entity: entity, root: root, options: options, transformers: transformers, batchSize: max(1, batchSize), dryRun: dryRun, sourceName: url.lastPathComponent)
    return try await importFile(url.path, format: .json, job: job)
  }

  /// Imports an XML file of any size into the store in batches, with bounded memory, in one
  /// transaction: all of it or nothing.
  ///
  /// The elements at `root` are read one at a time by a streaming parser (the whole document
  /// is never in memory), each seen through the XML view (`@attr`, `#text`, repeated children
  /// as arrays) as a whole import sees it, and imported a batch at a time as
  /// ``importJSON(contentsOf:entity:root:options:transformers:batchSize:dryRun:)`` does: the
  /// same objects, values and links as importing the whole document with `root`.
  ///
  /// ```swift
  /// // <library><author id="1">...</author><author id="2">...</author></library>
  /// let report = try await store.importXML(contentsOf: url, entity: "Author", root: "author")
  /// print(report.elementCount, report.saved.inserted.count)
  /// ```
  /// - Parameters:
  ///   - url: The payload file.
  ///   - entity: The entity of the elements' objects.
  ///   - root: The element names from the root element's children down to the repeated
  ///     elements, separated by dots (`channel.item`): qualified names as written,
  ///     `{uri}local`, or `*` for any element. Error paths start with it, a `*` spelled as the
  ///     name of the element met, and count the elements met at the same names:
  ///     `$.channel.item[7].title`.
  ///   - options: The graph import's options; the parser reads as `options.mapping.xmlParsing`
  ///     says, and `progress` hears the bytes of the file read so far, and its size.
  ///   - transformers: The contexts' transformers, to write objects out; the store's own (``Store/transformers``) when `nil`.
  ///   - batchSize: The elements imported (and held in memory) at once.
  ///   - dryRun: Report every change the import would make, and write nothing.
  /// - Returns: What was imported; its ``StoreImportReport/changes`` are listed for a dry run only.
  /// - Throws: ``StoreError``: ``StoreError/Code/mapping`` carrying the `MappingError` (element
  ///   path and line:column) or the `XMLParsingError` of a malformed file, or the database's
  ///   error; the store is then as it was.
  @discardableResult
  nonisolated(nonsending) public func importXML(
    contentsOf url: URL, entity: String, root: String, options: GraphImportOptions = .init(),
    transformers: TransformerRegistry? = nil, batchSize: Int = 1000, dryRun: Bool = false
  ) async throws -> StoreImportReport {
    let job = BatchImport(entity: entity, root: root, options: options, transformers: transformers, batchSize: max(1, batchSize), dryRun: dryRun, sourceName: url.lastPathComponent)
    return try await importFile(url.path, format: .xml, job: job)
  }

  /// ``importJSON(contentsOf:entity:root:options:transformers:batchSize:dryRun:)`` or
  /// ``importXML(contentsOf:entity:root:options:transformers:batchSize:dryRun:)`` now, blocking
  /// the caller: for the command line.
  package func importFileNow(
    contentsOf path: String, format: PayloadFileFormat, entity: String, root: String?, options: GraphImportOptions,
    transformers: TransformerRegistry?, batchSize: Int = 1000, dryRun: Bool, sourceName: String?, author: String? = nil
  ) throws -> StoreImportReport {
    var job = BatchImport(entity: entity, root: root, options: options, transformers: transformers, batchSize: max(1, batchSize), dryRun: dryRun, sourceName: sourceName)
    job.author = author
    let summary = try backend.transactionNow(commits: !dryRun) { transaction in
      var elements = try format.elements(ofFile: path, for: job)
      return try job.run(store: self, elements: &elements, in: transaction)
    }
    if !dryRun, backend.hasReplicas { _ = recordCommitNow() }
    return finish(summary, dryRun: dryRun)
  }

  /// Runs `job` over the file at `path` in one transaction, committed unless it is a dry run.
  ///
  /// The job runs on the database's thread, outside the caller's task: a flag carries the task's
  /// cancellation to it, checked between batches and between objects.
  nonisolated(nonsending) private func importFile(_ path: String, format: PayloadFileFormat, job: BatchImport) async throws -> StoreImportReport {
    var job = job
    let cancellation = job.options.cancellation ?? CancellationFlag()
    job.options.cancellation = cancellation
    try Task.checkCancellation()
    let summary = try await withTaskCancellationHandler {
      try await backend.transaction(commits: !job.dryRun) { [self, job] transaction in
        var elements = try format.elements(ofFile: path, for: job)
        return try job.run(store: self, elements: &elements, in: transaction)
      }
    } onCancel: {
      cancellation.cancel()
    }
    if !job.dryRun, backend.hasReplicas { _ = await recordCommit() }
    return finish(summary, dryRun: job.dryRun)
  }

  /// The report of a finished import, after telling the change stream what it committed.
  private func finish(_ summary: BatchImport.Summary, dryRun: Bool) -> StoreImportReport {
    if !dryRun { publish(summary.saved) }
    return summary.report
  }
}
