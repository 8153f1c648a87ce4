import ArgumentParser
import Foundry
import FoundryGraph
import FoundryJSON
import FoundryXML

/// Writes objects of one entity to a file as a payload: JSON, or XML when the path ends in
/// `.xml`, through the same transformers and `--root` as an import, so that importing the
/// file with the same options gives the same objects. `-` writes to standard output.
///
/// ```
/// $ foundry import authors.json --model Library.xcdatamodeld --entity Author --root authors --export copy.xml
/// $ foundry export --store library.sqlite --model Library.xcdatamodeld --entity Author --root authors -o copy.json
/// ```
/// The XML root element is ``xmlRootElement(forModelNamed:)``; each object is an element
/// named after `--root`, else `object`.
struct GraphFileExport {
  let entity: String
  let root: String?
  /// The model as given, whose name the XML root element takes.
  let modelPath: String
  let transformers: TransformerRegistry
  /// How related objects are written (`--relationships`).
  var relationships = RelationshipExport.nested

  /// Writes `objects` (of `graph`) to `path`. A stored value that does not read back is left
  /// out, and reported after everything else is written.
  /// - Returns: How many objects were written.
  /// - Throws: `ExitCode.failure` after printing why the export could not be made or written,
  ///   or after writing it, when values were left out.
  func write(_ objects: [ManagedObject], of graph: ObjectGraph, to path: String, console: Console) throws -> Int {
    var encoding = EncodingOptions()
    encoding.transformers = transformers
    encoding.writing = .pretty
    let isXML = path.lowercased().hasSuffix(".xml")
    let (text, unreadable) = try console.failing {
      let (value, unreadable) = try graph.exportValueLeavingOutUnreadable(
        objects, root: isXML ? root ?? "object" : root, options: encoding, forXML: isXML, relationships: relationships)
      guard isXML else { return (value.makeJSONString(options: .pretty), unreadable) }
      let rootElement = Self.xmlRootElement(forModelNamed: EntitySourceGenerator.modelName(ofPath: modelPath))
      let bytes = try ObjectGraph.xmlDocument(value, rootElement: rootElement, writing: .pretty(indent: 2))
      return (String(decoding: bytes, as: UTF8.self), unreadable)
    }
    let output = text.hasSuffix("\n") ? text : text + "\n"
    if path == "-" {
      console.write(output)
    } else {
      do {
        try OutputFile.write(output, to: path)
      } catch {
        throw console.failure(writing: path, because: error)
      }
    }
    try Self.report(unreadable, console: console)
    return objects.count
  }

  /// Prints each stored value that did not read back, and exits with 1 when there is one.
  static func report(_ unreadable: [GraphError], console: Console) throws {
    guard !unreadable.isEmpty else { return }
    for error in unreadable { console.printDiagnostic(error.description) }
    throw ExitCode.failure
  }

  /// The root element of an XML export: the model's name lowercased (`library` for
  /// `Library.xcdatamodeld`), or `objects` when that is not a plain XML name (a letter or `_`,
  /// then letters, digits, `_`, `-` or `.`, all ASCII).
  ///
  /// ```swift
  /// GraphFileExport.xmlRootElement(forModelNamed: "Library")        // "library"
  /// GraphFileExport.xmlRootElement(forModelNamed: "Kitchen Sink")   // "objects"
  /// ```
  static func xmlRootElement(forModelNamed name: String) -> String {
    let lowercased = name.lowercased()
    guard let first = lowercased.unicodeScalars.first, first == "_" || ("a"..."z").contains(first) else { return "objects" }
    let isPlain = lowercased.unicodeScalars.allSatisfy { scalar in
      ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || "_-.".unicodeScalars.contains(scalar)
    }
    return isPlain ? lowercased : "objects"
  }
}

/// `--relationships nested|identities|none|depth:N`: how an export writes related objects.
struct RelationshipStyle: ExpressibleByArgument {
  let export: RelationshipExport

  init?(argument: String) {
    switch argument {
    case "nested": export = .nested
    case "identities": export = .identities
    case "none": export = .omitted
    default:
      guard argument.hasPrefix("depth:"), let depth = Int(argument.dropFirst("depth:".count)), depth >= 0 else { return nil }
      export = .nestedToDepth(depth)
    }
  }

  /// The help of the option.
  static let help = ArgumentHelp(
    "How related objects are written: nested (the default), identities, none, or depth:N (nested N levels, identities below).", valueName: "style")
}
