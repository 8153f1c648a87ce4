#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
import FoundryGraph

/// `foundry diagram --model MODEL [--format svg|mermaid|dot] [--out FILE]`: draws a model's
/// entities and relationships.
///
/// ```
/// $ foundry diagram --model Examples/Library.xcdatamodeld                 # Mermaid
/// $ foundry diagram --model Examples/Library.xcdatamodeld --format dot | dot -Tpng > library.png
/// $ foundry diagram --model Examples/Library.xcdatamodeld --format svg --out library.svg
/// ```
///
/// ``SchemaDiagram`` writes the texts; SVG goes through Graphviz's `dot` when it is on the
/// `PATH` (`--layout auto`, the default), else through the diagram's own layout.
struct DiagramCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "diagram",
    abstract: "Draw a model's entities and relationships as Mermaid, DOT or SVG.",
    discussion: """
      MODEL is a .xcdatamodeld bundle, a .xcdatamodel directory or its contents file. Each \
      entity is a box listing its attributes (name: Type, ? when optional, identity \
      underlined or marked «identity», payload key paths that differ from the name); each \
      relationship is one line with its inverse, cardinalities at its ends (1, 0..1, 0..*), \
      its ordering and non-default delete rule; subentities point at their parent. mermaid \
      (the default) renders on GitHub; dot is Graphviz's language; svg is laid out by \
      Graphviz's dot when it is on the PATH and by Foundry's own layout otherwise (--layout \
      picks). Exit status: 0 on success, 1 when the model cannot be read, Graphviz fails or \
      the file cannot be written.
      """
  )

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case mermaid, dot, svg
  }

  enum Layout: String, ExpressibleByArgument, CaseIterable {
    case auto, graphviz, builtin
  }

  @Option(help: ArgumentHelp("The model: a .xcdatamodeld, a .xcdatamodel or its contents file.", valueName: "model"))
  var model: String

  @Option(help: "What to write: mermaid, dot or svg.")
  var format: Format = .mermaid

  @Option(help: "How SVG is laid out: auto (Graphviz when dot is on the PATH), graphviz or builtin.")
  var layout: Layout = .auto

  @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
  var out: String?

  func run(console: Console) throws {
    let schema = try console.failing { try GenerateCommand.loadSchema(at: model) }
    let diagram = SchemaDiagram(schema: schema, title: EntitySourceGenerator.modelName(ofPath: model))
    let text: String
    switch format {
    case .mermaid: text = diagram.mermaid()
    case .dot: text = diagram.dot()
    case .svg:
      let graphviz = layout == .builtin ? nil : Graphviz.find()
      if layout == .graphviz, graphviz == nil {
        throw console.failure("--layout graphviz needs Graphviz's dot on the PATH")
      }
      if let graphviz {
        do {
          text = try graphviz.svg(from: diagram.dot())
        } catch {
          throw console.failure(error.reason)
        }
      } else {
        text = diagram.svg()
      }
    }
    guard let out else { return console.write(text) }
    do {
      try OutputFile.write(text, to: out)
    } catch {
      throw console.failure(writing: out, because: error)
    }
  }
}
