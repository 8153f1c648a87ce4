import FoundryGraph
import FoundryXML
import Testing

/// `SchemaDiagram`: what the Mermaid, DOT and SVG texts say about a ten-entity shop schema.
@Suite("SchemaDiagram")
struct SchemaDiagramTests {
  /// Ten entities: identities, key paths, optionals, to-one and to-many links with inverses,
  /// a one-way link, delete rules, an ordered relationship and a subentity.
  static func shop() throws -> Schema {
    try Schema {
      Entity("Customer", identity: ["id"]) {
        Attribute("id", .integer64, keyPath: "customer_id")
        Attribute("name", .string)
        Attribute("email", .string, optional: true)
        Relationship("orders", to: "Order", toMany: true, inverse: "customer", deleteRule: .cascade)
        Relationship("address", to: "Address", inverse: "customer", deleteRule: .cascade)
      }
      Entity("VIPCustomer", parent: "Customer") { Attribute("tier", .integer16) }
      Entity("Address") {
        Attribute("street", .string)
        Attribute("city", .string)
        Relationship("customer", to: "Customer", inverse: "address")
      }
      Entity("Order", identity: ["number"]) {
        Attribute("number", .string)
        Attribute("placed", .date)
        Relationship("customer", to: "Customer", inverse: "orders")
        Relationship("lines", to: "Line", toMany: true, ordered: true, inverse: "order", deleteRule: .cascade, minCount: 1)
        Relationship("shipment", to: "Shipment", inverse: "order")
        Relationship("invoice", to: "Invoice", inverse: "order", deleteRule: .deny)
      }
      Entity("Line") {
        Attribute("quantity", .integer32)
        Relationship("order", to: "Order", inverse: "lines", optional: false)
        Relationship("product", to: "Product", inverse: "lines")
      }
      Entity("Product", identity: ["sku"]) {
        Attribute("sku", .string)
        Attribute("price", .decimal)
        Relationship("lines", to: "Line", toMany: true, inverse: "product")
        Relationship("category", to: "Category", inverse: "products")
        Relationship("supplier", to: "Supplier")
      }
      Entity("Category", identity: ["slug"]) {
        Attribute("slug", .string)
        Relationship("products", to: "Product", toMany: true, inverse: "category")
      }
      Entity("Supplier") { Attribute("name", .string) }
      Entity("Shipment") {
        Attribute("tracking", .string, optional: true)
        Relationship("order", to: "Order", inverse: "shipment")
      }
      Entity("Invoice") {
        Attribute("total", .decimal)
        Relationship("order", to: "Order", inverse: "invoice")
      }
    }
  }

  @Test func linksPairInversesOnce() throws {
    let diagram = SchemaDiagram(schema: try Self.shop(), title: "Shop")
    #expect(diagram.boxes.count == 10)
    #expect(diagram.links.count == 8)
    let lines = try #require(diagram.links.first { $0.forward.name == "lines" })
    #expect(lines.source == "Order")
    #expect(lines.label == "lines (ordered, cascade) / order")
    #expect(lines.forward.cardinality == "1..*")
    #expect(lines.inverse?.cardinality == "1")
    let supplier = try #require(diagram.links.first { $0.forward.name == "supplier" })
    #expect(supplier.inverse == nil)
  }

  @Test func mermaidListsEntitiesLinksAndInheritance() throws {
    let text = SchemaDiagram(schema: try Self.shop(), title: "Shop").mermaid()
    #expect(text.hasPrefix("---\ntitle: Shop\n---\nclassDiagram\n"))
    #expect(text.contains("  class Customer {\n    +Int64 id «identity» «key customer_id»\n    +String name\n    +String? email\n  }"))
    #expect(text.contains(#"  Customer "0..1" -- "0..*" Order : orders (cascade) / customer"#))
    #expect(text.contains(#"  Order "1" -- "1..*" Line : lines (ordered, cascade) / order"#))
    #expect(text.contains(#"  Product "*" --> "0..1" Supplier : supplier"#))
    #expect(text.contains("  Customer <|-- VIPCustomer"))
  }

  @Test func dotHasATablePerEntityAndCrowsFeet() throws {
    let text = SchemaDiagram(schema: try Self.shop(), title: "Shop").dot()
    #expect(text.hasPrefix("digraph \"Shop\" {"))
    #expect(text.contains(##"<tr><td align="left"><u>id: Int64</u> <font color="#888888">customer_id</font></td></tr>"##))
    #expect(text.contains(#""Customer" -> "Order" [dir=both, arrowhead=crowodot, arrowtail=teeodot, label="orders (cascade) / customer"];"#))
    #expect(text.contains(#""Order" -> "Line" [dir=both, arrowhead=crow, arrowtail=tee"#))
    #expect(text.contains(#""VIPCustomer" -> "Customer" [arrowhead=empty, style=dashed];"#))
    #expect(text.hasSuffix("}\n"))
  }

  /// The SVG parses as XML, has a box per entity with its name, a curve per link and per
  /// subentity, and no two boxes overlap.
  @Test func svgIsWellFormedAndBoxesDoNotOverlap() throws {
    let svg = SchemaDiagram(schema: try Self.shop(), title: "Shop").svg()
    let tree = try XMLTree(string: svg)
    #expect(tree.root.qualifiedName == "svg")
    let groups = tree.root.elements(named: "g")
    let entities = groups.filter { $0["class"] == "entity" }
    #expect(entities.count == 10)
    #expect(groups.count - entities.count == 8)
    #expect(svg.ranges(of: "class=\"inheritance\"").count == 1)
    var frames: [(x: Double, y: Double, width: Double, height: Double)] = []
    for entity in entities {
      let rect = try #require(entity.firstElement(named: "rect"))
      let number = { (name: String) in Double(rect[name] ?? "") ?? -1 }
      frames.append((number("x"), number("y"), number("width"), number("height")))
      #expect(entity.firstElement(named: "text") != nil)
    }
    for (position, a) in frames.enumerated() {
      for b in frames[(position + 1)...] {
        let overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
        #expect(!overlaps)
      }
    }
    for name in ["Customer", "VIPCustomer", "Invoice", "Supplier"] { #expect(svg.contains(">\(name)</text>")) }
  }

  /// `@Entity` classes draw the same way: the generated library's subentity points at its parent.
  @Test func entityClassesDrawThroughTheLibrary() throws {
    let schema = try Schema(GenAuthor.self, GenPoet.self, GenBook.self, GenTag.self)
    let text = SchemaDiagram(schema: schema, title: "Library").mermaid()
    #expect(text.contains("  GenAuthor <|-- GenPoet"))
    #expect(text.contains("    +Int64 id «identity» «key author_id»"))
    #expect(text.contains(#"  GenBook "0..*" -- "0..*" GenTag : tags (ordered) / books"#))
  }
}
