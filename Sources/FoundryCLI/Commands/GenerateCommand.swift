#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
import FoundryGraph

/// `foundry generate --model MODEL [--out DIR]`: writes an `@Entity` class for each entity of
/// an Xcode Core Data model.
///
/// ```
/// $ foundry generate --model Library.xcdatamodeld
/// $ foundry generate --model Library.xcdatamodeld --out Sources/Library/Model
/// Sources/Library/Model/Author.swift
/// Sources/Library/Model/Book.swift
/// ```
///
/// Without `--out` all classes go to standard output as one file. ``EntitySourceGenerator``
/// decides what each class holds; its warnings go to standard error.
struct GenerateCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate",
    abstract: "Generate @Entity classes from an Xcode Core Data model.",
    discussion: """
      MODEL is a .xcdatamodeld bundle (its current version), a .xcdatamodel directory or \
      its contents file. Each entity becomes a final class (a class when it has \
      subentities, which become its subclasses) named after it, with a property per \
      attribute and relationship; names that are not Swift identifiers are sanitized, \
      keywords are written in backticks. A required attribute is initialized with the \
      model's default, else with a zero value the getter returns until it is set (.zero, \
      String(), Bool(), the 1970 epoch, empty data, the nil UUID), which the entity does \
      not take as its default; required URLs, transformables with a transformer and \
      to-one relationships are optional, as their comments say. Without --out, every class goes to standard output; with \
      --out, each goes to <Class>.swift in DIR (created if needed), and the paths written \
      are listed. Exit status: 0 on success, 1 when the model cannot be read or a file \
      cannot be written.
      """
  )

  @Option(help: ArgumentHelp("The model: a .xcdatamodeld, a .xcdatamodel or its contents file.", valueName: "model"))
  var model: String

  @Option(help: ArgumentHelp("Write one <Class>.swift per entity into this directory.", valueName: "dir"))
  var out: String?

  func run(console: Console) throws {
    let schema: Schema
    do {
      schema = try Self.loadSchema(at: model)
    } catch {
      let message = "\(error)"
      console.print(message.hasPrefix("error:") ? message : "error: \(message)", to: .error)
      throw ExitCode.failure
    }
    let generator = EntitySourceGenerator(schema: schema, modelName: EntitySourceGenerator.modelName(ofPath: model))
    for warning in generator.warnings { console.print(warning, to: .error) }
    guard let out else {
      console.write(generator.makeSource())
      return
    }
    do {
      try OutputDirectory.create(out)
    } catch {
      console.print("error: cannot create directory '\(out)': \(error.reason)", to: .error)
      throw ExitCode.failure
    }
    let directory = out.hasSuffix("/") ? out : out + "/"
    for file in generator.makeFiles() {
      let path = directory + file.name
      do {
        try OutputFile.write(file.text, to: path)
      } catch {
        console.print("error: cannot write '\(path)': \(error.reason)", to: .error)
        throw ExitCode.failure
      }
      console.print(path)
    }
  }

  /// The schema of the model at `path`: the one place the command reads a model.
  ///
  /// - Throws: `ModelFileError`, whose description is a compiler-style diagnostic.
  static func loadSchema(at path: String) throws -> Schema {
    try Schema(modelAt: URL(fileURLWithPath: path))
  }
}
