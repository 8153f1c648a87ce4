import ArgumentParser
import Foundry
import FoundryGraph

/// The options of `foundry import` that bring a model annotated for another library over:
/// key and identity conventions, Sync's operations and stale-object scope, and entity mappers
/// bound to tables.
///
/// ```
/// $ foundry import users.json --model Notes.xcdatamodel --entity User \
///     --keys snake-case --operations insert,update --scope all
/// ```
struct PayloadConventionOptions: ParsableArguments {
  /// How names without a key path become keys.
  enum Keys: String, ExpressibleByArgument, CaseIterable {
    case asNamed = "as-named"
    case snakeCase = "snake-case"
  }

  /// A library's whole set of conventions.
  enum Library: String, ExpressibleByArgument, CaseIterable {
    case none, sync
    case magicalRecord = "magical-record"

    var conventions: PayloadConventions {
      switch self {
      case .none: .none
      case .sync: .sync
      case .magicalRecord: .magicalRecord
      }
    }
  }

  @Option(help: "How names without a key path become payload keys: as-named or snake-case (created_at for createdAt; the name is read too).")
  var keys: Keys?

  @Option(
    help: ArgumentHelp(
      "Read the model with a library's conventions: sync, magical-record or none (a model using their user-info keys takes them by itself).",
      valueName: "library"))
  var conventions: Library?

  @Option(help: ArgumentHelp("The changes an import may make, comma-separated: insert, update, delete (default: all three).", valueName: "list"))
  var operations: OperationList?

  @Option(
    help: ArgumentHelp(
      "Delete the entity's objects the payloads leave out, within: all, ENTITY[ID].RELATIONSHIP (the objects that object holds), or where:PREDICATE (with --store).",
      valueName: "scope"))
  var scope: StaleScope?

  @Option(
    name: .customLong("entity-mapper"),
    help: ArgumentHelp("Bind an entity mapper the model names to a table: NAME=KEYPATH:VALUE=ENTITY,VALUE=ENTITY.", valueName: "binding"))
  var entityMappers: [EntityMapperBinding] = []

  /// The conventions the model is read with, besides its own.
  var payloadConventions: PayloadConventions {
    var conventions = self.conventions?.conventions ?? .none
    if keys == .snakeCase { conventions.keys = .snakeCase }
    return conventions
  }

  /// Sets the operations, the stale-object scope (but a predicate's, which needs the store)
  /// and the entity mappers.
  func apply(to options: inout GraphImportOptions) {
    if let operations { options.operations = operations.operations }
    if case .scope(let stale)? = scope { options.staleObjects = stale }
    for binding in entityMappers { options.entityMappers[binding.name] = GraphImportOptions.entityMapper(keyPath: binding.keyPath, table: binding.table) }
  }
}

/// `insert,update,delete`: the operations an import may make.
struct OperationList: ExpressibleByArgument {
  let operations: ImportOperations

  init?(argument: String) {
    var operations: ImportOperations = []
    for name in argument.split(separator: ",") {
      switch name.filter({ $0 != " " }) {
      case "insert": operations.insert(.insert)
      case "update": operations.insert(.update)
      case "delete": operations.insert(.delete)
      default: return nil
      }
    }
    self.operations = operations
  }
}

/// `all`, `ENTITY[ID].RELATIONSHIP` or `where:PREDICATE`: which objects the payloads are the full list of.
enum StaleScope: ExpressibleByArgument {
  case scope(GraphImportOptions.StaleObjects)
  /// The objects a store query matches: resolved once the store is open.
  case predicate(String)

  init?(argument: String) {
    if argument == "all" {
      self = .scope(.all)
    } else if argument.hasPrefix("where:") {
      let predicate = String(argument.dropFirst("where:".count))
      guard !predicate.isEmpty else { return nil }
      self = .predicate(predicate)
    } else {
      guard let open = argument.firstIndex(of: "["), let close = argument.lastIndex(of: "]"), open < close,
        argument[argument.index(after: close)...].first == "."
      else { return nil }
      let entity = String(argument[..<open])
      let identity = argument[argument.index(after: open)..<close].split(separator: ",").map { GraphValue(scalarText: String($0)) }
      let relationship = String(argument[argument.index(close, offsetBy: 2)...])
      guard !entity.isEmpty, !identity.isEmpty, !relationship.isEmpty else { return nil }
      self = .scope(.related(to: entity, identity: identity, through: relationship))
    }
  }
}

/// `NAME=KEYPATH:VALUE=ENTITY,VALUE=ENTITY`: an entity mapper bound to a table.
struct EntityMapperBinding: ExpressibleByArgument {
  let name: String
  let keyPath: String
  let table: [String: String]

  init?(argument: String) {
    guard let equals = argument.firstIndex(of: "="), let colon = argument[equals...].firstIndex(of: ":") else { return nil }
    name = String(argument[..<equals])
    keyPath = String(argument[argument.index(after: equals)..<colon])
    var table: [String: String] = [:]
    for pair in argument[argument.index(after: colon)...].split(separator: ",") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
      table[String(parts[0])] = String(parts[1])
    }
    guard !name.isEmpty, !keyPath.isEmpty, !table.isEmpty else { return nil }
    self.table = table
  }
}

extension GraphValue {
  /// An identity value as a command line writes it: an integer when it reads as one, else text.
  /// The import converts it to the identity attribute's type.
  init(scalarText text: String) {
    self = Int64(text).map(GraphValue.integer) ?? .string(text)
  }
}
