#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
import Foundry
import FoundryGraph
import FoundryJSON
import FoundryStore

/// `foundry query --store FILE --model MODEL --entity NAME [PREDICATE]`: the stored objects
/// that meet a predicate, as a table or as JSON written through the model's key paths.
///
/// ```
/// $ foundry query --store library.sqlite --model Examples/Library.xcdatamodeld --entity Book \
///     "year < 1980 AND ANY tags.name == 'classic'" --sort title
/// id    title                      year
/// 1001  A Wizard of Earthsea       1968
/// 1002  The Left Hand of Darkness  1969
/// ```
struct QueryCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "query",
    abstract: "Print the stored objects of an entity that meet a predicate.",
    discussion: """
      PREDICATE is in the query language Core Data users know: comparisons (==, !=, <, <=, \
      >, >=, BEGINSWITH, ENDSWITH, CONTAINS, LIKE, IN {...}, BETWEEN {a, b}, [c] for \
      case-insensitive), AND, OR, NOT and parentheses, key paths through to-one \
      relationships, ANY/ALL/NONE and @count on to-many ones, and key paths inside \
      transformable attributes. Strings take single or double quotes. --format table prints \
      the attributes of each object; --format json prints an array of the objects written \
      through the model's key paths, each match once and at the top level (its length is the \
      number of matches), with related objects as their identities; --nest writes them in \
      full, nested, as foundry export does. --aggregate (count, sum:KEYPATH, avg:, min:, max:) \
      prints computed values instead, per group of --group-by key paths (alone: their \
      distinct values). Exit status: 0 on success, 1 when the store, the \
      model or the predicate cannot be read.
      """
  )

  enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json
  }

  @OptionGroup var options: StoreOptions

  @Argument(help: ArgumentHelp("The condition the objects meet; every object when omitted.", valueName: "predicate"))
  var predicate: String?

  @Option(help: ArgumentHelp("Sort by this attribute (name, or name:desc); repeat for more.", valueName: "key"))
  var sort: [String] = []

  @Option(help: ArgumentHelp("At most this many objects.", valueName: "n"))
  var limit: Int?

  @Option(help: ArgumentHelp("Skip this many objects first.", valueName: "n"))
  var offset: Int = 0

  @Option(help: "How to print the objects: table or json.")
  var format: OutputFormat = .table

  @Flag(help: "With --format json: write related objects in full, nested, as foundry export does, instead of as identities.")
  var nest = false

  @Option(
    help: ArgumentHelp(
      "Print a computed value instead of objects: count, count:KEYPATH, sum:KEYPATH, avg:KEYPATH, min:KEYPATH or max:KEYPATH, =NAME after it to name it; repeat for more.",
      valueName: "value"))
  var aggregate: [String] = []

  @Option(
    name: .customLong("group-by"),
    help: ArgumentHelp(
      "With --aggregate, compute per group of objects sharing this attribute's value (or a key path through to-one relationships); alone, print its distinct values. Repeat for more.",
      valueName: "key-path"))
  var groupBy: [String] = []

  @Option(
    name: .customLong("var"),
    help: ArgumentHelp(
      "A value for a $name variable of the predicate: name=value (an integer, a decimal number, true, false or nil as written, else text); repeat for more.",
      valueName: "name=value"))
  var variables: [QueryVariable] = []

  // The limits on the predicate's text (see QueryLimits); each refusal names its flag.
  @Option(name: .customLong("max-query-length"), help: ArgumentHelp("The longest predicate accepted, in characters.", valueName: "n"))
  var maximumQueryLength: Int = QueryLimits().maximumLength
  @Option(
    name: .customLong("max-query-depth"),
    help: ArgumentHelp("The most parentheses and NOTs nested in the predicate (at most \(QueryLimits.depthCeiling)).", valueName: "n")
  )
  var maximumQueryDepth: Int = QueryLimits().maximumDepth

  func validate() throws {
    for (flag, value) in [("--max-query-length", maximumQueryLength), ("--max-query-depth", maximumQueryDepth)] where value < 1 {
      throw ValidationError("\(flag) must be at least 1, got \(value).")
    }
    guard maximumQueryDepth <= QueryLimits.depthCeiling else {
      throw ValidationError("--max-query-depth must be at most \(QueryLimits.depthCeiling), got \(maximumQueryDepth).")
    }
    if isAggregate, let flag = [(!sort.isEmpty, "--sort"), (offset != 0, "--offset"), (nest, "--nest")].first(where: \.0)?.1 {
      throw ValidationError("\(flag) applies to objects, not to --aggregate or --group-by (their rows are ordered by the groups).")
    }
  }

  /// Whether the command prints computed values rather than objects.
  var isAggregate: Bool { !aggregate.isEmpty || !groupBy.isEmpty }

  func run(console: Console) throws {
    let (_, context) = try options.open(console: console)
    if isAggregate { return try runAggregate(context, console: console) }
    let objects = try console.failing { () throws -> [ManagedObject] in
      do {
        var request = FetchRequest(entity: options.entity)
        request.predicate = try queryPredicate()
        request.sortBy = sort.map { key in
          key.hasSuffix(":desc") ? SortKey(String(key.dropLast(5)), ascending: false) : SortKey(key.hasSuffix(":asc") ? String(key.dropLast(4)) : key)
        }
        request.limit = limit
        request.offset = offset
        return try context.fetchNow(request)
      } catch let error as StoreError {
        throw Self.namingFlags(error)
      }
    }
    switch format {
    case .table:
      let (text, unreadable) = Self.table(objects)
      console.print(text)
      try GraphFileExport.report(unreadable, console: console)
    case .json:
      var encoding = EncodingOptions()
      encoding.transformers = context.transformers
      encoding.writing = .pretty
      let (value, unreadable) = try console.failing {
        nest
          ? try context.graph.exportValueLeavingOutUnreadable(objects, options: encoding)
          : try context.graph.listingValueLeavingOutUnreadable(objects, options: encoding)
      }
      console.print(value.makeJSONString(options: .pretty))
      try GraphFileExport.report(unreadable, console: console)
    }
  }

  /// The predicate argument with its `--var` values, under the `--max-query-*` limits.
  func queryPredicate() throws(StoreError) -> QueryPredicate? {
    let limits = QueryLimits(maximumLength: maximumQueryLength, maximumDepth: maximumQueryDepth)
    let values = Dictionary(variables.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    return try predicate.map { text throws(StoreError) in try QueryPredicate(text, variables: values, limits: limits) }
  }

  /// `error`, with a limit it names by its ``QueryLimits`` property named by its flag instead:
  /// `column 9: the query is longer than 8 characters (--max-query-length)`.
  static func namingFlags(_ error: StoreError) -> StoreError {
    guard error.code == .queryLimitExceeded else { return error }
    let message = error.message
      .replacing("(maximumLength)", with: "(--max-query-length)")
      .replacing("(maximumDepth)", with: "(--max-query-depth)")
    return StoreError(error.code, message, details: error.details)
  }

  /// The objects' attributes in aligned columns, `-` for no value, `?` for a stored value that
  /// does not read back (its error returned beside the table); `(no objects)` for none.
  static func table(_ objects: [ManagedObject]) -> (text: String, unreadable: [GraphError]) {
    guard let entity = objects.first?.entity else { return ("(no objects)", []) }
    let names = entity.attributes.map(\.name)
    var unreadable: [GraphError] = []
    let rows = objects.map { object in
      names.map { name -> String in
        do throws(GraphError) {
          return cell(try object.value(forKey: name))
        } catch {
          unreadable.append(error)
          return "?"
        }
      }
    }
    return (aligned(names, rows), unreadable)
  }

  /// A value as a table shows it: `-` for none.
  static func cell(_ value: GraphValue?) -> String {
    guard let value else { return "-" }
    switch value {
    case .string(let text): return text
    case .date(let date): return date.formatted(.iso8601)
    case .json(let json): return json.makeJSONString()
    default: return "\(value)"
    }
  }

  /// Rows of cells under their column names, in columns as wide as their widest cell.
  static func aligned(_ names: [String], _ rows: [[String]]) -> String {
    let widths = names.indices.map { column in ([names[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0 }
    return ([names] + rows).map { cells in
      zip(cells, widths).map { $0 + String(repeating: " ", count: max(0, $1 - $0.count)) }.joined(separator: "  ").trimmingTrailingSpaces()
    }.joined(separator: "\n")
  }
}

extension String {
  /// The text without spaces at its end.
  fileprivate func trimmingTrailingSpaces() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}

/// `--var name=value`: a value for a predicate's `$name`.
struct QueryVariable: ExpressibleByArgument {
  let name: String
  let value: GraphValue?

  init?(argument: String) {
    guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else { return nil }
    name = String(argument[..<equals])
    let text = String(argument[argument.index(after: equals)...])
    switch text {
    case "true": value = .bool(true)
    case "false": value = .bool(false)
    case "nil": value = nil
    default: value = Int64(text).map(GraphValue.integer) ?? Double(text).flatMap { $0.isFinite ? GraphValue.double($0) : nil } ?? .string(text)
    }
  }
}
