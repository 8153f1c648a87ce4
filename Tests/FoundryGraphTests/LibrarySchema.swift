import FoundryGraph

/// The Modelmatic-style library used across the graph tests: authors with books, books with
/// tags (identity by label) and a publisher referred to by id.
enum LibrarySchema {
  static func make() throws -> Schema {
    try Schema {
      Entity("Author", identity: ["id"]) {
        Attribute("id", .integer64, keyPath: "author_id")
        Attribute("firstName", .string)
        Attribute("lastName", .string, optional: true)
        Attribute("born", .date, optional: true, keyPath: "born", transformer: "date:yyyy-MM-dd")
        Attribute("rating", .integer16, default: 3)
        Relationship("books", to: "Book", toMany: true, ordered: true, inverse: "author", deleteRule: .cascade)
      }
      Entity("Book", identity: ["id"]) {
        Attribute("id", .integer64, keyPath: "book_id")
        Attribute("title", .string)
        Attribute("year", .integer32, optional: true)
        Attribute("retailPrice", .decimal, optional: true, keyPath: "pricing.retail_price")
        Relationship("author", to: "Author", inverse: "books")
        Relationship("tags", to: "Tag", toMany: true, inverse: "books")
        Relationship("publisher", to: "Publisher", inverse: "books", keyPath: "publisher_id")
      }
      Entity("Tag", identity: ["label"]) {
        Attribute("label", .string)
        Relationship("books", to: "Book", toMany: true, inverse: "tags")
      }
      Entity("Publisher", identity: ["id"]) {
        Attribute("id", .integer64)
        Attribute("name", .string, optional: true)
        Relationship("books", to: "Book", toMany: true, inverse: "publisher", deleteRule: .deny)
      }
    }
  }

  static let payload = """
    {"version": "2", "authors": [
      {"author_id": "101", "firstName": "William", "lastName": "Shakespeare", "born": "1564-04-01",
       "books": [
         {"book_id": 3001, "title": "The Tempest", "year": "1611", "tags": ["drama", "fantasy"], "publisher_id": 7,
          "pricing": {"retail_price": "12.50"}},
         {"book_id": 3002, "title": "Hamlet", "tags": ["drama"], "publisher_id": 7}
       ]},
      {"author_id": 106, "firstName": "Mark", "lastName": "Twain", "rating": 5,
       "books": [{"book_id": 3501, "title": "A Connecticut Yankee", "tags": [{"label": "satire"}]}]}
    ]}
    """
}
