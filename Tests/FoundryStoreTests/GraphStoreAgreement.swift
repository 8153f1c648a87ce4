import Foundation
import Foundry
import FoundryGraph
import FoundryJSON
import FoundryStore
import Testing

/// Imports one payload into an in-memory graph and into a store, and says where the objects
/// they hold differ: the check both the model-zoo tests and the differential property test make.
enum GraphStoreAgreement {
  /// Each object of `entity` (not of its subentities), as a sorted line of its values by
  /// attribute name: two sets of objects agree when their lines do.
  static func lines(_ objects: [ManagedObject], of entity: EntityDescription) -> [String] {
    objects.filter { $0.entity.name == entity.name }.map { object in
      let relationships = entity.relationships.map { relationship -> String in
        let targets = ((try? object.related(forKey: relationship.name)) ?? []).map(reference)
        return "\(relationship.name)=[\((relationship.isOrdered ? targets : targets.sorted()).joined(separator: ", "))]"
      }
      return ([attributes(of: object)] + relationships).joined(separator: " ")
    }.sorted()
  }

  /// An object's attribute values by name.
  static func attributes(of object: ManagedObject) -> String {
    object.entity.attributes.map { attribute in
      let value = (try? object.value(forKey: attribute.name)) ?? nil
      return "\(attribute.name)=\(value.map(describe) ?? "nil")"
    }.joined(separator: " ")
  }

  /// A related object as its entity and identity, or its values when it has no identity.
  static func reference(_ object: ManagedObject) -> String {
    let entity = object.entity
    guard entity.hasIdentity else { return "\(entity.name)(\(attributes(of: object)))" }
    let identity = entity.identitySlots.map { slot in ((try? object.value(forKey: entity.attributes[slot].name)) ?? nil).map(describe) ?? "nil" }
    return "\(entity.name)#\(identity.joined(separator: ","))"
  }

  /// A value's description that tells apart what equality tells apart (a date's exact seconds).
  static func describe(_ value: GraphValue) -> String {
    switch value {
    case .date(let date): "date(\(date.timeIntervalSinceReferenceDate.bitPattern))"
    case .double(let double): "double(\(double.bitPattern))"
    case .json(let json): "json(\(json.makeJSONString()))"
    default: "\(value)"
    }
  }

  /// The differences between importing `payload` (objects of `entity`) into `graph`, which
  /// had every earlier payload the store had, and into `store`; empty when they agree object
  /// for object and value for value, and (for an entity with identity) a second import into
  /// the store changes nothing.
  static func differences(
    importing payload: [UInt8], entity: EntityDescription, into store: Store, graph: ObjectGraph, options: GraphImportOptions = .init()
  ) async throws -> [String] {
    try graph.importJSON(payload, entity: entity.name, options: options)
    try await store.makeContext().importJSON(payload, entity: entity.name, options: options)
    var differences: [String] = []
    let context = try store.makeContext()
    for described in store.schema.entities where !described.isAbstract {
      var request = FetchRequest(entity: described.name)
      request.includesSubentities = false
      let stored = lines(try await context.fetch(request), of: described)
      let inMemory = lines(graph.objects.filter { !$0.isDeleted }, of: described)
      guard stored != inMemory else { continue }
      let only = Set(stored).symmetricDifference(inMemory).sorted().prefix(4)
      differences.append("\(described.name): store \(stored.count), graph \(inMemory.count); differing: \(only.joined(separator: " | "))")
    }
    // Objects without identity cannot be found again: importing them twice makes them twice.
    guard entity.hasIdentity else { return differences }
    let again = try await store.makeContext().importJSON(payload, entity: entity.name, options: options)
    if !(again.saved.inserted.isEmpty && again.saved.updated.isEmpty && again.saved.deleted.isEmpty) {
      differences.append(
        "\(entity.name): importing again inserted \(again.saved.inserted.count), updated \(again.saved.updated.count), deleted \(again.saved.deleted.count)")
    }
    return differences
  }
}
