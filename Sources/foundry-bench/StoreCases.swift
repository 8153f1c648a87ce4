import Foundation
import FoundryGraph
import FoundrySQLite
import FoundryStore
import GRDB

/// The store cases, each against GRDB on the same SQLite file layout, same run:
///
/// - `store.import`: `citm_catalog.json` imported into a new SQLite store (parsing, identity
///   uniquing, relationships, one transaction) against GRDB inserting the same rows into the
///   same tables with raw prepared statements, no mapping (each row's arguments made the fast
///   way, as the store makes its own). Target: a ratio of at least 0.5.
/// - `store.fetch`: every object of a 100,000-row entity fetched into a new context with its
///   to-one relationship prefetched, against GRDB decoding the same rows (joined with the
///   related rows) into `FetchableRecord` structs. Target: at least 1.0. Throughput counts
///   the store file's size.
/// - `store.fetch.objects`: the same fetch against GRDB doing what the store's objects do
///   beyond structs: a class instance per item and per owner (one per owner), and each item
///   registered by row in a dictionary. For reference: the bar is `store.fetch`'s.
/// - `store.fetch.read`: the fetch of `store.fetch`, then every attribute of every item and
///   its owner's name read (fetched objects decode their rows on first use, so this is what
///   a caller that uses every value pays), against the same GRDB structs. For reference.
/// - `store.save.history`: the import of `store.import` (one save) into a store that keeps
///   its history, against the same import into one that does not; and a small save (ten
///   events fetched, changed and saved) on each. Target: at least 0.87 (history costs a save
///   at most 15%).
///
/// Both sides of `store.import` write a fresh file each run, in WAL mode. The store side uses
/// the blocking calls the command line uses (the harness is synchronous); they run the same
/// code as `save()` and `fetch(_:)` around the database call.
enum StoreCases {
  static func make(corpus: Corpus) throws -> [BenchmarkCase] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("foundry-bench-store")
    try? FileManager.default.removeItem(at: directory)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var cases: [BenchmarkCase] = []
    if let data = corpus.data("json", "citm_catalog.json") {
      cases.append(try importCase(bytes: [UInt8](data), directory: directory.path))
      cases.append(try historyCase(bytes: [UInt8](data), directory: directory.path))
      cases.append(try smallSaveHistoryCase(bytes: [UInt8](data), directory: directory.path))
    }
    cases += try fetchCases(directory: directory.path)
    return cases
  }

  // MARK: - store.import

  private static func importCase(bytes: [UInt8], directory: String) throws -> BenchmarkCase {
    let schema = try GraphCatalog.schema()
    let reference = directory + "/reference.sqlite"
    try importCatalog(bytes, schema: schema, path: reference)
    let tables = try RawTable.all(in: reference)
    let ours = directory + "/ours.sqlite"
    let raw = directory + "/raw.sqlite"
    return BenchmarkCase(
      name: "store.import", file: "citm_catalog.json", byteCount: bytes.count, baselineName: "GRDB raw inserts",
      ours: { try importCatalog(bytes, schema: schema, path: ours) },
      baseline: { try RawTable.insertAll(tables, path: raw) }
    )
  }

  private static func importCatalog(_ bytes: [UInt8], schema: Schema, path: String) throws {
    removeDatabase(at: path)
    try importCatalog(bytes, into: try Store(path: path, schema: schema))
  }

  private static func importCatalog(_ bytes: [UInt8], into store: Store) throws {
    let report = try store.makeContext().importNow(dryRun: false) { try $0.importJSON(bytes, entity: "Catalog") }
    blackHole(report)
  }

  // MARK: - store.save.history

  /// Both sides import into a new store made before the run (outside its time): one that keeps
  /// its history, one that does not.
  private static func historyCase(bytes: [UInt8], directory: String) throws -> BenchmarkCase {
    let schema = try GraphCatalog.schema()
    let stores = FreshStores(schema: schema, paths: (directory + "/history.sqlite", directory + "/plain.sqlite"))
    try stores.make()
    try importCatalog(bytes, into: try stores.withHistory())
    guard let recorded = try stores.withHistory().historyNow(after: nil).first, recorded.changes.count > 1_000 else {
      throw SetupError("store.save.history: the import recorded no history")
    }
    return BenchmarkCase(
      name: "store.save.history", file: "citm_catalog.json", byteCount: bytes.count, baselineName: "the same save without history",
      ours: { try importCatalog(bytes, into: try stores.withHistory()) },
      baseline: { try importCatalog(bytes, into: try stores.plain()) },
      setUp: { try stores.make() }
    )
  }

  /// Ten events of the imported catalog fetched into a new context, changed and saved, on a
  /// store with history and one without; each run writes new values.
  private static func smallSaveHistoryCase(bytes: [UInt8], directory: String) throws -> BenchmarkCase {
    let stores = FreshStores(schema: try GraphCatalog.schema(), paths: (directory + "/small-history.sqlite", directory + "/small-plain.sqlite"))
    try stores.make()
    try importCatalog(bytes, into: try stores.withHistory())
    try importCatalog(bytes, into: try stores.plain())
    var request = FetchRequest(entity: "Event")
    request.sortBy = [SortKey("id")]
    request.limit = 10
    let runs = Counter()
    func changeTen(_ store: Store) throws {
      let context = try store.makeContext()
      let value = GraphValue.string("run \(runs.next())")
      for event in try context.fetchNow(request) { try event.setValue(value, forKey: "subtitle") }
      guard try context.saveNow().updated.count == 10 else { throw SetupError("store.save.history: the small save did not change ten events") }
    }
    let before = try stores.withHistory().historyNow(after: nil).count
    try changeTen(try stores.withHistory())
    guard try stores.withHistory().historyNow(after: nil).count == before + 1 else { throw SetupError("store.save.history: the small save recorded no history") }
    return BenchmarkCase(
      name: "store.save.history", file: "10 events changed", byteCount: 10 * 100, baselineName: "the same save without history",
      ours: { try changeTen(try stores.withHistory()) },
      baseline: { try changeTen(try stores.plain()) }
    )
  }

  /// A number that goes up by one each time it is asked.
  final class Counter {
    private var count = 0
    func next() -> Int {
      count += 1
      return count
    }
  }

  /// The two stores of `store.save.history`, made anew before each run.
  final class FreshStores {
    let schema: Schema
    let paths: (history: String, plain: String)
    private var made: (history: Store, plain: Store)?

    init(schema: Schema, paths: (history: String, plain: String)) {
      self.schema = schema
      self.paths = paths
    }

    func make() throws {
      made = nil
      removeDatabase(at: paths.history)
      removeDatabase(at: paths.plain)
      let history = try Store(path: paths.history, schema: schema)
      try history.enableHistoryNow()
      made = (history, try Store(path: paths.plain, schema: schema))
    }

    func withHistory() throws -> Store {
      guard let made else { throw SetupError("store.save.history: no store") }
      return made.history
    }

    func plain() throws -> Store {
      guard let made else { throw SetupError("store.save.history: no store") }
      return made.plain
    }
  }

  /// One table's definition and rows as a store wrote them, to insert again without mapping.
  struct RawTable {
    let create: [String]
    let insert: String
    /// Each row's values.
    let rows: [[DatabaseValue]]

    /// The tables of the store at `path`, with their indexes and rows.
    static func all(in path: String) throws -> [RawTable] {
      try DatabaseQueue(path: path).read { db in
        let names = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'foundry_store' ORDER BY rowid")
        return try names.map { name in
          let create = try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE tbl_name = ? AND sql IS NOT NULL ORDER BY rowid", arguments: [name])
          let rows = try Row.fetchAll(db, sql: "SELECT * FROM \"\(name)\"")
          let columns = rows.first.map { Array($0.columnNames) } ?? []
          let list = columns.map { "\"\($0)\"" }.joined(separator: ", ")
          let marks = columns.map { _ in "?" }.joined(separator: ", ")
          return RawTable(create: create, insert: "INSERT INTO \"\(name)\" (\(list)) VALUES (\(marks))", rows: rows.map { Array($0.databaseValues) })
        }
      }
    }

    /// Creates the tables in a new file at `path` and inserts every row in one transaction.
    static func insertAll(_ tables: [RawTable], path: String) throws {
      removeDatabase(at: path)
      let pool = try DatabasePool(path: path)
      try pool.write { db in
        for table in tables {
          for statement in table.create { try db.execute(sql: statement) }
          guard !table.rows.isEmpty else { continue }
          let insert = try db.makeStatement(sql: table.insert)
          // Each row's arguments as optional existentials: GRDB's initializer for concrete
          // values instantiates a key path per call (what the store avoids too).
          for row in table.rows { try insert.execute(arguments: StatementArguments(row.map { value -> (any DatabaseValueConvertible)? in value })) }
        }
      }
    }
  }

  // MARK: - store.fetch

  static let fetchSchema = try! Schema {
    Entity("Owner", identity: ["id"]) {
      Attribute("id", .integer64)
      Attribute("name", .string)
      Relationship("items", to: "Item", toMany: true, inverse: "owner")
    }
    Entity("Item", identity: ["id"]) {
      Attribute("id", .integer64)
      Attribute("name", .string)
      Attribute("price", .double)
      Attribute("created", .date)
      Relationship("owner", to: "Owner", inverse: "items")
    }
  }

  private static func fetchCases(directory: String) throws -> [BenchmarkCase] {
    let path = directory + "/fetch.sqlite"
    removeDatabase(at: path)
    let store = try Store(path: path, schema: fetchSchema)
    let context = try store.makeContext()
    var owners: [ManagedObject] = []
    for id in 0..<1_000 {
      let owner = try context.insert("Owner")
      owner.id = .integer(Int64(id))
      owner.name = .string("owner \(id)")
      owners.append(owner)
    }
    for id in 0..<100_000 {
      let item = try context.insert("Item")
      item.id = .integer(Int64(id))
      item.name = .string("item number \(id)")
      item.price = .double(Double(id) * 0.25)
      item.created = .date(Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(id) * 1.5))
      try item.setRelated(owners[id % owners.count], forKey: "owner")
    }
    try context.saveNow()
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    var request = FetchRequest(entity: "Item")
    request.prefetch = ["owner"]
    // The context holds the objects' relationships: keep it while checking them.
    let checking = try store.makeContext()
    let fetched = try checking.fetchNow(request)
    let last = try fetched.last?.relatedObject(forKey: "owner")
    guard fetched.count == 100_000, last?.id == .integer(999) else {
      throw SetupError("store.fetch: the store holds \(fetched.count) items (the last one's owner \(last.map { "\($0)" } ?? "none")), not the 100,000 saved")
    }
    let pool = try DatabasePool(path: path)
    guard try pool.read({ db in try ItemRecord.fetchAll(db, sql: ItemRecord.query) }).count == 100_000 else {
      throw SetupError("store.fetch: GRDB reads another number of items")
    }
    let uniqued = try pool.read { db in try ItemObject.fetchUniqued(db) }
    guard uniqued.count == 100_000, uniqued.last?.owner?.id == 999 else {
      throw SetupError("store.fetch.objects: GRDB's objects are not the 100,000 items with their owners")
    }
    return [
      BenchmarkCase(
        name: "store.fetch", file: "100k items", byteCount: size, baselineName: "GRDB FetchableRecord",
        ours: { blackHole(try store.makeContext().fetchNow(request)) },
        baseline: { blackHole(try pool.read { db in try ItemRecord.fetchAll(db, sql: ItemRecord.query) }) }
      ),
      BenchmarkCase(
        name: "store.fetch.objects", file: "100k items", byteCount: size, baselineName: "GRDB records as uniqued objects",
        ours: { blackHole(try store.makeContext().fetchNow(request)) },
        baseline: { blackHole(try pool.read { db in try ItemObject.fetchUniqued(db) }) }
      ),
      BenchmarkCase(
        name: "store.fetch.read", file: "100k items", byteCount: size, baselineName: "GRDB FetchableRecord",
        ours: { blackHole(readEveryValue(try store.makeContext().fetchNow(request))) },
        baseline: { blackHole(try pool.read { db in try ItemRecord.fetchAll(db, sql: ItemRecord.query) }) }
      ),
    ]
  }

  /// Reads every attribute of every item and its owner's name: the fetched values in use.
  /// - Returns: How many values were there, so that nothing is optimized away.
  private static func readEveryValue(_ items: [ManagedObject]) -> Int {
    var count = 0
    for item in items {
      for slot in item.entity.attributes.indices where item.value(at: slot) != nil { count += 1 }
      if let owner = item.relatedObjects(at: 0).first, owner.value(at: 1) != nil { count += 1 }
    }
    return count
  }

  /// What `store.fetch`'s objects do beyond GRDB's structs, done with GRDB: an item and an
  /// owner are class instances, each owner one instance however many items share it, and each
  /// item registered by row in a dictionary (an identity map). For reference beside the bar.
  final class ItemObject: FetchableRecord {
    final class Owner {
      let id: Int64
      let name: String
      init(id: Int64, name: String) { (self.id, self.name) = (id, name) }
    }
    let row: Int64
    let id: Int64
    let name: String
    let price: Double
    let created: Date
    var owner: Owner?
    let ownerRow: Int64?

    static let query = """
      SELECT i."_pk", i."id", i."name", i."price", i."created", i."owner", o."id", o."name" FROM "Item" i LEFT JOIN "Owner" o ON o."_pk" = i."owner"
      """

    required init(row: Row) throws {
      self.row = row[0]
      id = row[1]
      name = row[2]
      price = row[3]
      created = Date(timeIntervalSinceReferenceDate: row[4])
      ownerRow = row[5]
    }

    /// Every item, registered by row, each sharing its owner's one instance.
    static func fetchUniqued(_ db: Database) throws -> [ItemObject] {
      var items: [Int64: ItemObject] = [:]
      var owners: [Int64: Owner] = [:]
      var result: [ItemObject] = []
      let rows = try Row.fetchCursor(db, sql: query)
      while let row = try rows.next() {
        let item = try ItemObject(row: row)
        if let ownerRow = item.ownerRow {
          if let owner = owners[ownerRow] {
            item.owner = owner
          } else if let id = row[6] as Int64? {
            let owner = Owner(id: id, name: row[7])
            owners[ownerRow] = owner
            item.owner = owner
          }
        }
        items[item.row] = item
        result.append(item)
      }
      return result
    }
  }

  /// An item and its owner as GRDB decodes them from the store's tables.
  struct ItemRecord: FetchableRecord {
    struct Owner {
      var id: Int64
      var name: String
    }
    var id: Int64
    var name: String
    var price: Double
    var created: Date
    var owner: Owner?

    static let query = """
      SELECT i."id", i."name", i."price", i."created", o."id", o."name" FROM "Item" i LEFT JOIN "Owner" o ON o."_pk" = i."owner"
      """

    init(row: Row) throws {
      id = row[0]
      name = row[1]
      price = row[2]
      created = Date(timeIntervalSinceReferenceDate: row[3])
      owner = (row[4] as Int64?).map { Owner(id: $0, name: row[5]) }
    }
  }

  static func removeDatabase(at path: String) {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
  }
}
