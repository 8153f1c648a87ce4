#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundry
import FoundryGraph
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
  ///   - transformers: The transformers of the store's transformable attributes.
  ///   - batchSize: The top-level objects imported (and held in memory) at once.
  ///   - dryRun: Report every change the import would make, and write nothing.
  /// - Returns: What was imported; its ``StoreImportReport/changes`` are listed for a dry run only.
  /// - Throws: A `MappingError` with the payload path and line:column, ``StoreError``, or the
  ///   database's error; the store is then as it was.
  @discardableResult
  nonisolated(nonsending) public func importJSON(
    contentsOf url: URL, entity: String, root: String? = nil, options: GraphImportOptions = .init(),
    transformers: TransformerRegistry = .standard, batchSize: Int = 1000, dryRun: Bool = false
  ) async throws -> StoreImportReport {
    let job = BatchImport(entity: entity, root: root, options: options, transformers: transformers, batchSize: max(1, batchSize), dryRun: dryRun, sourceName: url.lastPathComponent)
    let summary = try await backend.transaction(commits: !dryRun) { [self] transaction in
      var elements = try Self.elements(ofFile: url.path, for: job)
      return try job.run(store: self, elements: &elements, in: transaction)
    }
    if !dryRun { publish(summary.saved) }
    return summary.report
  }

  /// ``importJSON(contentsOf:entity:root:options:transformers:batchSize:dryRun:)`` now,
  /// blocking the caller: for the command line.
  package func importJSONNow(
    contentsOf path: String, entity: String, root: String?, options: GraphImportOptions,
    transformers: TransformerRegistry, batchSize: Int = 1000, dryRun: Bool, sourceName: String?
  ) throws -> StoreImportReport {
    let job = BatchImport(entity: entity, root: root, options: options, transformers: transformers, batchSize: max(1, batchSize), dryRun: dryRun, sourceName: sourceName)
    let summary = try backend.transactionNow(commits: !dryRun) { transaction in
      var elements = try Self.elements(ofFile: path, for: job)
      return try job.run(store: self, elements: &elements, in: transaction)
    }
    if !dryRun { publish(summary.saved) }
    return summary.report
  }

  /// The elements of the JSON file at `path`'s array at the job's root, streamed.
  private static func elements(ofFile path: String, for job: BatchImport) throws -> StreamedElements {
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
    return StreamedElements(
      reader: try JSONElementReader(contentsOfFile: path, layout: .array(at: job.root ?? ""), options: job.options.mapping.parsing),
      fileSize: size)
  }
}

/// The elements of a JSON file's array, read a chunk at a time.
struct StreamedElements: PayloadElements {
  let reader: JSONElementReader
  let fileSize: Int?

  mutating func next() throws -> JSONNode? { try reader.next()?.root }

  var progress: (done: Int, total: Int)? { fileSize.map { (min(reader.byteOffset, $0), $0) } }
}
