import ArgumentParser
import Foundry
import FoundryGraph
import FoundryJSON
import FoundryXML

extension ImportCommand {
  /// Writes every object of the entity to `path`: JSON, or XML when the path ends in `.xml`,
  /// through the same transformers and `--root` as the import, so that importing the file
  /// with the same options gives an equal graph.
  ///
  /// ```
  /// $ foundry import authors.json --model Library.xcdatamodeld --entity Author --root authors --export copy.xml
  /// ```
  /// The XML root element is ``xmlRootElement(forModelNamed:)``; each object is an element
  /// named after `--root`, else `object`.
  ///
  /// - Returns: How many objects of the entity were written.
  /// - Throws: `ExitCode.failure` after printing why the export could not be made or written.
  func exportGraph(_ graph: ObjectGraph, to path: String, modelName: String, options: GraphImportOptions, console: Console) throws -> Int {
    var encoding = EncodingOptions()
    encoding.transformers = options.mapping.transformers
    encoding.writing = .pretty
    let text: String
    let objects: [ManagedObject]
    do {
      objects = try graph.objects(of: entity)
      let bytes: [UInt8]
      if path.lowercased().hasSuffix(".xml") {
        let rootElement = Self.xmlRootElement(forModelNamed: modelName)
        bytes = try graph.exportXML(objects, root: root, rootElement: rootElement, options: encoding, writing: .pretty(indent: 2))
      } else {
        bytes = try graph.exportJSON(objects, root: root, options: encoding)
      }
      text = String(decoding: bytes, as: UTF8.self)
    } catch {
      let message = "\(error)"
      console.print(message.hasPrefix("error:") ? message : "error: \(message)", to: .error)
      throw ExitCode.failure
    }
    do {
      try OutputFile.write(text.hasSuffix("\n") ? text : text + "\n", to: path)
    } catch {
      console.print("error: cannot write '\(path)': \(error.reason)", to: .error)
      throw ExitCode.failure
    }
    return objects.count
  }

  /// The root element of an XML export: the model's name lowercased (`library` for
  /// `Library.xcdatamodeld`), or `objects` when that is not a plain XML name (a letter or `_`,
  /// then letters, digits, `_`, `-` or `.`, all ASCII).
  ///
  /// ```swift
  /// ImportCommand.xmlRootElement(forModelNamed: "Library")        // "library"
  /// ImportCommand.xmlRootElement(forModelNamed: "Kitchen Sink")   // "objects"
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
