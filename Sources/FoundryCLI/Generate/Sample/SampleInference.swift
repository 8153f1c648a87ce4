import Foundry
import FoundryJSON

/// Turns the merged shape of sample payloads into a ``SampleModel``: one struct per record
/// type, named after the key it was first found under (in the singular for array elements),
/// properties typed to read every sample.
///
/// ```swift
/// var options = ShapeOptions()
/// options.profilesValues = true
/// let shape = Shape(merging: documents.map(\.root), options: options)
/// let model = try SampleInference(shape: shape, format: .json).infer(rootName: "Timeline", sampleCount: 2)
/// ```
///
/// Types are named breadth first, so the shallowest place gets the plain name (`User`) and a
/// later type that wants it is prefixed with its parent's (`RetweetUser`).
package struct SampleInference {
  /// What the inference may do beyond the defaults.
  package struct Options: Sendable, Hashable {
    /// Whether small closed sets of strings become enums with a default case.
    package var usesEnums = false
    /// The most distinct strings an enum takes.
    package var maximumEnumCases = 8

    package init() {}
  }

  let shape: Shape
  let format: SampleModel.Format
  let options: Options
  private let slots: SampleSlots

  /// An inference over `shape`, a shape built with ``ShapeOptions/profilesValues``.
  package init(shape: Shape, format: SampleModel.Format, options: Options = .init()) {
    self.shape = shape
    self.format = format
    self.options = options
    if case .xml = format { slots = SampleSlots(shape: shape, isXML: true) } else { slots = SampleSlots(shape: shape, isXML: false) }
  }

  /// The model, its root type named `rootName`, or `elementRootName` when the samples are
  /// arrays or dictionaries of it (`Status` for `statuses.json`).
  ///
  /// - Throws: ``SampleInferenceError`` when the samples hold no object to make a type of.
  package func infer(rootName: String, elementRootName: String? = nil, sampleCount: Int) throws(SampleInferenceError) -> SampleModel {
    var state = State(rootName: rootName, elementRootName: elementRootName ?? rootName)
    let root = [SampleSlots.Ref(node: Shape.rootID)]
    let payload = valueType(of: root, place: Place(key: rootName, isElement: false, parent: "", path: ""), state: &state)
    guard case .named = payload.type.innermost else { throw .noRecords(found: ScalarInference.describe(shape.root.counts)) }
    while !state.pending.isEmpty {
      let pending = state.pending.removeFirst()
      buildRecord(pending, state: &state)
    }
    RecordCycles.markClasses(in: &state.types)
    return SampleModel(format: format, payloadType: payload.type, types: state.types, sampleCount: sampleCount)
  }

  // MARK: - State

  /// Where a slot is, for naming the types found there.
  struct Place {
    var key: String
    var isElement: Bool
    var parent: String
    var path: String
  }

  /// A record type named but not built yet.
  struct Pending {
    var index: Int
    var records: [Shape.NodeID]
    /// XML text read as the records' `#text`.
    var texts: [SampleSlots.Ref]
  }

  struct State {
    var types: [ModelType] = []
    var pending: [Pending] = []
    var typeByGroup: [Int: Int] = [:]
    /// Enums by the key they were made for: the `lang` of posts and of users is one `Lang`.
    var enumByKey: [String: Int] = [:]
    var usedNames: Set<String> = []
    let rootName: String
    let elementRootName: String

    init(rootName: String, elementRootName: String) {
      self.rootName = rootName
      self.elementRootName = elementRootName
    }

    /// A unique type name: `base`, else prefixed with the parent's name, else numbered.
    mutating func allocateName(_ base: String, parent: String) -> String {
      let used = usedNames
      let isFree = { (name: String) in !used.contains(name) && !SampleNames.reservedTypes.contains(name) && !SwiftNames.keywords.contains(name) }
      var name = base
      if !isFree(name) { name = parent + base }
      var counter = 2
      let stem = name
      while !isFree(name) {
        name = stem + String(counter)
        counter += 1
      }
      usedNames.insert(name)
      return name
    }
  }

  /// A property type with what optionality the values call for.
  struct Inferred {
    var type: ModelValueType
    var transformer: String?
    var notes: [String] = []
    var hasNull = false
    var defaultValue: String?
    /// How many of the values were `null`, and how many values there were, `null`s included.
    var nullCount = 0
    var valueCount = 0
  }

  // MARK: - Slots to types

  /// The note of a key that was never anything but `null`.
  static let alwaysNull = "always null in the samples"

  private func valueType(of refs: [SampleSlots.Ref], place: Place, state: inout State) -> Inferred {
    let summary = slots.summary(of: refs)
    var counts = summary.counts
    let hasNull = counts[.null] > 0
    counts[.null] = 0
    let kinds = counts.kinds
    var inferred: Inferred
    if kinds.isEmpty {
      inferred = Inferred(type: .json, notes: [hasNull ? Self.alwaysNull : "never seen in the samples"])
    } else if kinds == [.array] {
      inferred = arrayType(summary, place: place, state: &state)
    } else if kinds == [.object] {
      inferred = objectType(summary, place: place, state: &state)
    } else if !kinds.contains(.array), !kinds.contains(.object) {
      inferred = scalarType(summary, counts: counts, place: place, state: &state)
    } else {
      inferred = Inferred(type: .json, notes: ["varies: " + ScalarInference.describe(summary.counts)])
    }
    inferred.hasNull = inferred.hasNull || hasNull
    inferred.nullCount = summary.counts[.null]
    inferred.valueCount = summary.counts.total
    return inferred
  }

  private func arrayType(_ summary: SampleSlots.Summary, place: Place, state: inout State) -> Inferred {
    guard !summary.elements.isEmpty else { return Inferred(type: .array(.json), notes: ["always empty in the samples"], defaultValue: "[]") }
    var elementPlace = place
    elementPlace.isElement = true
    elementPlace.path += "[]"
    let element = valueType(of: summary.elements, place: elementPlace, state: &state)
    var notes = element.notes
    var elementType = element.type
    var transformer = element.transformer
    if element.nullCount > 0, elementType != .json {
      // `null` among the elements: optional elements, through `.optional(t)` when transformed.
      notes.append("elements null in \(element.nullCount) of \(element.valueCount)")
      elementType = .optional(elementType)
      transformer = transformer.map { ".optional(\($0))" }
    } else if element.hasNull, elementType != .json {
      // Empty XML elements among values they do not read as.
      notes.append("elements are empty in some samples")
      elementType = .json
      transformer = nil
    }
    if let transformer {
      // Elements through a transformer: `.each(t)` reads every one.
      return Inferred(type: .array(elementType), transformer: ".each(\(transformer))", notes: notes, defaultValue: "[]")
    }
    return Inferred(type: .array(elementType), notes: notes, defaultValue: "[]")
  }

  private func objectType(_ summary: SampleSlots.Summary, place: Place, state: inout State) -> Inferred {
    if !summary.mapValues.isEmpty {
      var valuePlace = place
      valuePlace.isElement = true
      valuePlace.path += ".<key>"
      let fieldRefs = slots.fields(ofTypeOf: summary.records).flatMap(\.refs)
      let value = valueType(of: summary.mapValues + fieldRefs, place: valuePlace, state: &state)
      let type: ModelValueType = value.hasNull || value.transformer != nil ? .json : value.type
      return Inferred(type: .dictionary(type), notes: ["keyed by ids or dates"] + value.notes, defaultValue: "[:]")
    }
    guard let group = slots.type(of: summary.records) else {
      return Inferred(type: .dictionary(.json), notes: ["always empty in the samples"], defaultValue: "[:]")
    }
    if let index = state.typeByGroup[group] { return Inferred(type: .named(state.types[index].name)) }
    // The first record reached is the root's (or the root array's elements').
    let name =
      state.types.isEmpty
      ? (place.isElement ? state.elementRootName : state.rootName) : state.allocateName(SampleNames.typeName(forKey: place.key, singular: place.isElement), parent: place.parent)
    state.usedNames.insert(name)
    let index = state.types.count
    state.types.append(
      ModelType(
        name: name, kind: .record(fields: [], keys: .asWritten, isClass: false), path: place.path,
        occurrences: slots.objectCount(ofTypeOf: summary.records) + textCount(summary.texts)))
    state.typeByGroup[group] = index
    state.pending.append(Pending(index: index, records: summary.records, texts: summary.texts))
    return Inferred(type: .named(name))
  }

  private func scalarType(_ summary: SampleSlots.Summary, counts: KindCounts, place: Place, state: inout State) -> Inferred {
    var isXML = false
    if case .xml = format { isXML = true }
    let scalar = ScalarInference(counts: counts, profile: summary.profile, key: place.key, isXML: isXML, maximumEnumCases: options.maximumEnumCases).result
    if options.usesEnums, var values = scalar.enumValues {
      let index: Int
      let name: String
      if let known = state.enumByKey[place.key], case .enumeration(let cases, _) = state.types[known].kind,
        Set(cases.map(\.value)).union(values).count <= options.maximumEnumCases
      {
        // The same key elsewhere: one enum with the values of both.
        index = known
        name = state.types[known].name
        values = cases.map(\.value) + values.filter { value in !cases.contains { $0.value == value } }
        state.types[known].occurrences += counts[.string]
      } else {
        index = state.types.count
        name = state.allocateName(SampleNames.typeName(forKey: place.key, singular: place.isElement), parent: place.parent)
        state.types.append(ModelType(name: name, kind: .record(fields: [], keys: .asWritten, isClass: false), path: place.path, occurrences: counts[.string]))
        state.enumByKey[place.key] = index
      }
      let enumeration = EnumBuilder(name: name, values: values)
      state.types[index].kind = .enumeration(cases: enumeration.cases, defaultCase: enumeration.defaultCase)
      return Inferred(type: .named(name), transformer: enumeration.transformer, notes: scalar.notes, defaultValue: "." + enumeration.defaultCase)
    }
    return Inferred(type: scalar.type, transformer: scalar.transformer, notes: scalar.notes, hasNull: scalar.hasEmptyText)
  }

  // MARK: - Records

  /// How many strings the text references hold.
  private func textCount(_ texts: [SampleSlots.Ref]) -> Int {
    texts.reduce(0) { $0 + shape[$1.node].counts[.string] }
  }

  private func buildRecord(_ pending: Pending, state: inout State) {
    let type = state.types[pending.index]
    let texts = textCount(pending.texts)
    let total = slots.objectCount(ofTypeOf: pending.records) + texts
    var fields: [ModelField] = []
    var usedNames: Set<String> = []
    var recordFields = slots.fields(ofTypeOf: pending.records)
    if texts > 0 {
      // Elements with text only are records with their `#text` alone.
      if let position = recordFields.firstIndex(where: { $0.key == "#text" }) {
        recordFields[position].refs += pending.texts
        recordFields[position].presence += texts
      } else {
        recordFields.append(("#text", pending.texts, texts))
      }
    }
    for (key, refs, presence) in recordFields where key != "#content" {
      let place = Place(key: key, isElement: false, parent: type.name, path: type.path.isEmpty ? key : type.path + "." + key)
      let inferred = valueType(of: refs, place: place, state: &state)
      var name = SampleNames.propertyName(forKey: key)
      // A keyword in backticks numbers inside them: `default`, then default2.
      let stem = EnumBuilder.bare(name)
      var counter = 2
      while usedNames.contains(name) {
        name = stem + String(counter)
        counter += 1
      }
      usedNames.insert(name)
      var notes: [String] = []
      if presence < total { notes.append("in \(presence) of \(total)") }
      if inferred.nullCount > 0, !inferred.notes.contains(Self.alwaysNull) { notes.append("null in \(inferred.nullCount) of \(total)") }
      notes += inferred.notes
      let isOptional = inferred.defaultValue == nil && (presence < total || inferred.hasNull)
      fields.append(
        ModelField(key: key, name: name, type: inferred.type, isOptional: isOptional, defaultValue: inferred.defaultValue, transformer: inferred.transformer, notes: notes))
    }
    let keys = KeyStrategyChoice.best(for: fields)
    state.types[pending.index].kind = .record(fields: fields, keys: keys, isClass: false)
  }
}

/// Why ``SampleInference`` made no model.
package enum SampleInferenceError: Error, CustomStringConvertible {
  /// The samples' root (or `--root`) held no object: only the kinds named.
  case noRecords(found: String)

  package var description: String {
    switch self {
    case .noRecords(let found):
      "error: the samples hold no object to make a model of (found \(found.isEmpty ? "nothing" : found)); use --root to pick one"
    }
  }
}

extension ModelValueType {
  /// The element of arrays and dictionaries, or the type itself.
  var innermost: ModelValueType {
    switch self {
    case .array(let element), .dictionary(let element), .optional(let element): element.innermost
    default: self
    }
  }
}

extension KeyStrategyChoice {
  /// The strategy under which the fewest fields need `@Key`; `asWritten` on a tie.
  static func best(for fields: [ModelField]) -> KeyStrategyChoice {
    let scored = allCases.map { choice in (choice, fields.filter { !choice.produces($0.key, for: $0.name) }.count) }
    return scored.min { $0.1 < $1.1 }?.0 ?? .asWritten
  }

  /// The library's strategy.
  var strategy: KeyStrategy {
    switch self {
    case .asWritten: .asWritten
    case .snakeCase: .snakeCase
    case .kebabCase: .kebabCase
    }
  }

  /// Whether the strategy makes `key` of property `name` (backticks left out).
  func produces(_ key: String, for name: String) -> Bool {
    let bare = name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
    return strategy.key(for: bare) == key
  }
}
