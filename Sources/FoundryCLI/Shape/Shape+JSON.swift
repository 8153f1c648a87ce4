import FoundryJSON

extension Shape {
  /// The shape as JSON, for programs: one object per node.
  ///
  /// ```json
  /// {
  ///   "types": {"object": 1},
  ///   "fields": {
  ///     "mag": {"optional": false, "presence": 10, "types": {"int": 4, "double": 6}},
  ///     "felt": {"optional": true, "presence": 3, "types": {"int": 3}},
  ///     "coordinates": {"optional": false, "presence": 10, "types": {"array": 10},
  ///                     "length": {"min": 3, "max": 3}, "items": {"types": {"double": 30}}},
  ///     "events": {"optional": false, "presence": 1, "types": {"object": 1},
  ///                "keys": {"pattern": "<id>", "min": 184, "max": 184}, "values": {...}},
  ///     "place": {"optional": false, "presence": 10, "types": {"string": 10}, "example": "..."}
  ///   }
  /// }
  /// ```
  ///
  /// - `types`: how many values of each kind were seen (kinds as ``ValueKind`` names it);
  /// - `length` and `items`: the fewest and most elements of the arrays, and their elements
  ///   (`items` is absent when every array was empty);
  /// - `fields`: the keys of record objects, in order of first appearance, each with
  ///   `optional` and `presence` (how many objects had it);
  /// - `omittedMembers`: with `--all-keys`, the members whose keys a record did not keep
  ///   (past ``ShapeOptions/maximumKeptFields``);
  /// - `keys` and `values`: for objects read as dictionaries, the key placeholder, the fewest
  ///   and most members, and the merged values;
  /// - `example`: the first non-empty string.
  ///
  /// - Complexity: O(*n*) in the number of nodes reachable from the root, with an explicit
  ///   stack.
  package func makeJSONValue() -> JSONValue {
    var built: [NodeID: JSONValue] = [:]
    var stack: [(id: NodeID, isExpanded: Bool)] = [(Self.rootID, false)]
    while let (id, isExpanded) = stack.popLast() {
      let node = nodes[id]
      if isExpanded {
        built[id] = makeObject(node, children: &built)
        continue
      }
      stack.append((id, true))
      if let element = node.element { stack.append((element, false)) }
      if let map = node.map { stack.append((map.value, false)) }
      for field in node.fields { stack.append((field.node, false)) }
    }
    return built[Self.rootID] ?? .null
  }

  /// The object for `node`, taking its children's finished objects out of `children`.
  private func makeObject(_ node: Node, children: inout [NodeID: JSONValue]) -> JSONValue {
    var object = JSONObject()
    var types = JSONObject()
    for kind in node.counts.kinds { types[kind.description] = .number(JSONNumber(node.counts[kind])) }
    object["types"] = .object(types)
    if let lengths = node.lengths {
      object["length"] = Self.range(lengths)
      if let element = node.element { object["items"] = children.removeValue(forKey: element) }
    }
    if let map = node.map {
      var keys: JSONObject = ["pattern": .string(map.pattern.placeholder)]
      if let members = node.memberCounts {
        keys["min"] = .number(JSONNumber(members.lowerBound))
        keys["max"] = .number(JSONNumber(members.upperBound))
      }
      object["keys"] = .object(keys)
      object["values"] = children.removeValue(forKey: map.value)
    } else if node.counts[.object] > 0 {
      var fields = JSONObject()
      for field in node.fields {
        var member: JSONObject = [
          "optional": .bool(field.presence < node.counts[.object]),
          "presence": .number(JSONNumber(field.presence)),
        ]
        if case .object(let child)? = children.removeValue(forKey: field.node) {
          for (key, value) in child { member[key] = value }
        }
        fields[field.name] = .object(member)
      }
      object["fields"] = .object(fields)
      if node.omittedMembers > 0 { object["omittedMembers"] = .number(JSONNumber(node.omittedMembers)) }
    }
    if let example = node.example, node.counts[.string] > 0 { object["example"] = .string(example) }
    return .object(object)
  }

  private static func range(_ range: ClosedRange<Int>) -> JSONValue {
    ["min": .number(JSONNumber(range.lowerBound)), "max": .number(JSONNumber(range.upperBound))]
  }
}
