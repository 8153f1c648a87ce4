#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundry
import FoundryGraph
internal import FoundryInternals
import FoundryJSON
import FoundryXML

/// The kind of file an import in batches streams, and how it reads one's elements.
package enum PayloadFileFormat: Sendable {
  /// The elements of the array at the import's root key path (the top level without one).
  case json
  /// The elements at the import's root element path, each as its XML view.
  case xml

  /// The elements of the file at `path` for `job`, read a chunk at a time.
  func elements(ofFile path: String, for job: BatchImport) throws -> any PayloadElements {
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
    switch self {
    case .json:
      let reader = try JSONElementReader(contentsOfFile: path, layout: .array(at: job.root ?? ""), options: job.options.mapping.parsing)
      return StreamedJSONFileElements(reader: reader, fileSize: size)
    case .xml:
      let reader = try XMLElementReader(contentsOfFile: path, at: job.root ?? "*", options: job.options.mapping.xmlParsing)
      return StreamedXMLFileElements(reader: reader, decoder: MappingDecoder(options: job.options.mapping), fileSize: size, job: job)
    }
  }
}

/// The elements of a JSON file's array, read a chunk at a time.
struct StreamedJSONFileElements: PayloadElements {
  let reader: JSONElementReader
  let fileSize: Int?

  mutating func next() throws -> JSONNode? { try reader.next()?.root }

  var progress: (done: Int, total: Int)? { fileSize.map { (min(reader.byteOffset, $0), $0) } }
}

/// The repeated elements of an XML file, read a chunk at a time, each as the JSON view a
/// whole import would see it in: its nodes keep their place in the file for errors.
struct StreamedXMLFileElements: PayloadElements {
  let reader: XMLElementReader
  let decoder: MappingDecoder
  let fileSize: Int?
  let job: BatchImport

  /// The next element's view.
  ///
  /// - Throws: `XMLParsingError` for a malformed file; a `MappingError` when no element is at
  ///   the path, as a whole import fails on a root that leads nowhere.
  mutating func next() throws -> JSONNode? {
    guard let element = try reader.next() else {
      if reader.elementCount == 0 { throw missingElements() }
      return nil
    }
    return decoder.view(of: element)
  }

  var progress: (done: Int, total: Int)? { fileSize.map { (min(reader.byteOffset, $0), $0) } }

  /// `$.channel.item: required key not found, expected Item objects`.
  private func missingElements() -> MappingError {
    var failure = MappingError(code: .keyNotFound, expected: "\(job.entity) objects", reason: "required key not found")
    for component in PathExpression(job.root ?? "*").mappingComponents.reversed() { failure.prepend(component) }
    failure.sourceName = job.sourceName
    return failure
  }
}
