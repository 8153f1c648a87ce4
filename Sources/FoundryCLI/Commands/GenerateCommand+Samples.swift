import ArgumentParser
import Foundry
import FoundryGraph
import FoundryJSON
import FoundryXML

extension GenerateCommand {
  /// `--from-sample`: reads the samples, merges their shapes, infers the model and writes it.
  func runSamples(console: Console) throws {
    let loader = DocumentLoader(console: console)
    var roots: [JSONNode] = []
    var format: SampleModel.Format?
    for path in samples {
      let loaded = try console.failing { try loader.load(path) }
      let document: JSONDocument
      switch loaded {
      case .json(let json):
        document = json
        if format == nil { format = .json }
      case .xml(let tree):
        document = XMLJSONView.document(of: tree.root)
        if format == nil { format = Self.xmlFormat(of: tree) }
      }
      if (format == .json) != (loaded.format == .json) {
        throw console.failure("\(DocumentLoader.sourceName(for: path)): the samples mix JSON and XML; give samples of one kind")
      }
      guard let root else {
        roots.append(document.root)
        continue
      }
      guard let node = document.root[path: root] else {
        throw console.failure("\(DocumentLoader.sourceName(for: path)): no value at --root '\(root)'")
      }
      roots.append(node)
    }
    var shapeOptions = ShapeOptions()
    shapeOptions.profilesValues = true
    let shape = Shape(merging: roots, options: shapeOptions)
    var options = SampleInference.Options()
    options.usesEnums = enums
    let model = try console.failing {
      try SampleInference(shape: shape, format: format ?? .json, options: options).infer(
        rootName: rootTypeName(singular: false), elementRootName: rootTypeName(singular: true), sampleCount: roots.count)
    }
    let sources = samples.map { Self.fileName(of: DocumentLoader.sourceName(for: $0)) }
    guard graph || modelFile != nil else {
      let writer = MappableSourceWriter(model: model, sources: sources)
      return try write(source: writer.makeSource(), files: writer.makeFiles(), console: console)
    }
    let schema: Schema
    do {
      schema = try SampleGraphSchema(model: model).makeSchema()
    } catch {
      throw console.failure("the schema guessed from the samples does not resolve: \(error)")
    }
    if let modelFile { return try writeModelFile(schema, to: modelFile, console: console) }
    let generator = EntitySourceGenerator(schema: schema, modelName: SwiftNames.proseList(sources))
    for warning in generator.warnings { console.print(warning, to: .error) }
    try write(source: generator.makeSource(), files: generator.makeFiles(), console: console)
  }

  /// Writes `schema` as `path/contents` and prints that path.
  private func writeModelFile(_ schema: Schema, to path: String, console: Console) throws {
    let file = (path.hasSuffix("/") ? path : path + "/") + "contents"
    do {
      try OutputDirectory.create(path)
      try OutputFile.write(ModelFileWriter(schema: schema).makeContents(), to: file)
    } catch {
      throw console.failure(writing: file, because: error)
    }
    console.print(file)
  }

  /// `--name`, else `--root`'s last key, else the first sample's file name without its
  /// extension, as a type name; `singular` for the elements of a payload that is an array.
  func rootTypeName(singular: Bool) -> String {
    if let name { return SwiftNames.typeName(for: name) }
    if let root, let last = root.split(separator: ".").last(where: { Int($0) == nil }) {
      return SampleNames.typeName(forKey: String(last), singular: singular)
    }
    guard let first = samples.first, first != "-" else { return "Root" }
    var stem = Self.fileName(of: first)
    if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = String(stem[..<dot]) }
    let typeName = SampleNames.typeName(forKey: stem, singular: singular)
    return SampleNames.reservedTypes.contains(typeName) ? "Root" : typeName
  }

  /// The last component of a path.
  static func fileName(of path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  /// XML samples' format: the root element's name and the namespaces declared.
  static func xmlFormat(of tree: XMLTree) -> SampleModel.Format {
    let summary = XMLSummary(of: tree)
    return .xml(root: summary.rootName, namespaces: summary.namespaces.map { SampleModel.Namespace(prefix: $0.prefix ?? "", uri: $0.uri) })
  }
}
