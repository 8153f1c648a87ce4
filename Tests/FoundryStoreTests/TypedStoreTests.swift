import Foundation
import FoundryGraph
import FoundrySQLite
import FoundryStore
import Testing

/// `@Entity` classes kept in a store.
enum Shop {
  @Entity(identity: ["sku"])
  final class Product {
    var sku: String = ""
    var name: String = ""
    var price: Double = 0
    @Related(inverse: "products") var category: Category?
  }

  @Entity(identity: ["name"])
  final class Category {
    var name: String = ""
    @Related(inverse: "category") var products: [Product]
  }
}

@Suite("@Entity classes in a store")
struct TypedStoreTests {
  @Test("insert, find, fetch with a predicate and follow relationships, all typed", arguments: StoreBackendKind.available)
  func typed(_ backend: StoreBackendKind) async throws {
    let store = try await backend.makeStore(try Schema(Shop.Product.self, Shop.Category.self)).store
    let context = try store.makeContext()
    let tools = try context.insert(Shop.Category.self)
    tools.name = "tools"
    for (sku, name, price) in [("h1", "Hammer", 12.5), ("s1", "Saw", 30), ("w1", "Wrench", 8)] {
      let product = try context.insert(Shop.Product.self)
      product.sku = sku
      product.name = name
      product.price = price
      product.category = tools
    }
    try await context.save()

    let other = try store.makeContext()
    let cheap = try await other.fetch(Shop.Product.self, where: "price < 20 AND category.name == 'tools'", sortBy: [SortKey("price")])
    #expect(cheap.map(\.name) == ["Wrench", "Hammer"])
    #expect(cheap.first?.category?.products.count == 3)
    let saw = try #require(try other.object(Shop.Product.self, identity: "s1"))
    #expect(saw.price == 30)
    saw.price = 25
    try await other.save()
    #expect(try await store.makeContext().fetch(Shop.Product.self, where: "price == 25").map(\.sku) == ["s1"])
  }
}
