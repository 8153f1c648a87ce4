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
      return StreamedJSONFileElements(reader: reader, fileSize: size, path: PathExpression(job.root ?? "").mappingComponents)
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
  /// The key path of the array.
  let path: [MappingPath.Component]
  private var count = 0

  init(reader: JSONElementReader, fileSize: Int?, path: [MappingPath.Component]) {
    self.reader = reader
    self.fileSize = fileSize
    self.path = path
  }

  mutating func next() throws -> (node: JSONNode, place: PayloadPlace)? {
    guard let element = try reader.next() else { return nil }
    defer { count += 1 }
    return (element.root, PayloadPlace(path: path, index: count))
  }

  var progress: (done: Int, total: Int)? { fileSize.map { (min(reader.byteOffset, $0), $0) } }
}

/// The repeated elements of an XML file, read a chunk at a time, each as the JSON view a
/// whole import would see it in: its nodes keep their place in the file for errors.
struct StreamedXMLFileElements: PayloadElements {
  let reader: XMLElementReader
  let decoder: MappingDecoder
  let fileSize: Int?
  let job: BatchImport
  /// The element path's names (`*` for any element).
  private let segments: [String]
  /// The elements met so far at each path (a path with a `*` names several).
  private var counts: [[MappingPath.Component]: Int] = [:]

  init(reader: XMLElementReader, decoder: MappingDecoder, fileSize: Int?, job: BatchImport) {
    self.reader = reader
    self.decoder = decoder
    self.fileSize = fileSize
    self.job = job
    segments = PathExpression(job.root ?? "*").segments.map(\.name)
  }

  /// The next element's view, and its place: the names it was met at, as the path spells
  /// them where it names one (`{uri}local` included) and as written where it has `*`, and its
  /// index among the elements met at those names (`$.book[3]`, not `$.*[3]`).
  ///
  /// - Throws: `XMLParsingError` for a malformed file; a `MappingError` when no element is at
  ///   the path, as a whole import fails on a root that leads nowhere.
  mutating func next() throws -> (node: JSONNode, place: PayloadPlace)? {
    guard let element = try reader.next() else {
      if reader.elementCount == 0 { throw missingElements() }
      return nil
    }
    let names = segments.contains("*") ? element.namesBelowRoot : []
    var path: [MappingPath.Component] = []
    for (level, segment) in segments.enumerated() {
      path.append(.key(segment == "*" && names.indices.contains(level) ? names[level].qualifiedName : segment))
    }
    let index = counts[path, default: 0]
    counts[path] = index + 1
    return (decoder.view(of: element), PayloadPlace(path: path, index: index))
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
