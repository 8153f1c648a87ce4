import Foundry
import FoundryGraph
import FoundryJSON
import FoundryStore

extension QueryCommand {
  /// `--aggregate` and `--group-by`: the computed values, a row per group, as a table (`-` for
  /// nil) or as a JSON array of objects (nil values left out).
  func runAggregate(_ context: ObjectContext, console: Console) throws {
    let rows = try console.failing { () throws -> [[String: GraphValue]] in
      do {
        var request = AggregateRequest(entity: options.entity, groupBy: groupBy, values: try aggregate.map { text throws(StoreError) in try AggregateValue(parsing: text) })
        request.predicate = try queryPredicate()
        request.limit = limit
        return try context.aggregateNow(request)
      } catch let error as StoreError {
        throw Self.namingFlags(error)
      }
    }
    let names = groupBy + aggregate.compactMap { try? AggregateValue(parsing: $0).name }
    switch format {
    case .table:
      console.print(rows.isEmpty ? "(no groups)" : Self.aligned(names, rows.map { row in names.map { Self.cell(row[$0]) } }))
    case .json:
      // Each value as the exporter writes it (a date as ISO 8601 text), its columns in order.
      let encoder = MappingEncoder()
      let objects = try console.failing {
        try rows.map { row in
          JSONValue.object(JSONObject(try names.compactMap { name in try row[name].map { (name, try JSONDocument(string: try encoder.encodeToString($0)).value) } }))
        }
      }
      console.print(JSONValue.array(objects).makeJSONString(options: .pretty))
    }
  }
}
