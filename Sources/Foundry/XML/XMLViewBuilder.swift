import FoundryJSON
import FoundryXML

/// Walks an element's tape depth-first and appends its view to a ``JSONDocumentBuilder``.
///
/// Works on name ids and byte ranges: no `String` per name or value. Children are gathered
/// on one shared stack (`children`), so an element costs no allocation of its own.
struct XMLViewBuilder {
  var json: JSONDocumentBuilder
  let tape: XMLTapeReader
  let options: XMLJSONView.Options
  /// Namespace URI by prefix as first seen ("" for the default namespace), for `{uri}local`.
  var prefixes: [String: String] = [:]
  /// Tape indices of the child elements of the elements being emitted, innermost last.
  private var children: [Int] = []
  /// The same children regrouped by name (first-appearance order), innermost last.
  private var grouped: [Int] = []
  /// The distinct child names (spelling ids) of the elements being grouped, and their counts.
  private var names: [Int] = []
  private var counts: [Int] = []
  /// The view node ranges of child elements already emitted, for an element whose ordered
  /// content (`#content`) repeats them: copying a range is cheaper than emitting it again.
  private var emitted: [(child: Int, start: Int, end: Int)] = []
  /// Per name id, whether its namespace prefix is already noted.
  private var notedNames: [Bool] = []
  /// Per name id, the id of its spelling (qualified name): names in different namespaces
  /// may be spelled alike, and the view groups and keys by spelling. -1: not looked up yet.
  private var spellingOfName: [Int] = []
  private var spellings: [String: Int] = [:]
  private var spellingList: [String] = []

  /// Key slots: 0 `#text`, 1 `#content`, then two per name id (element, `@attribute`).
  private static let textSlot = 0, contentSlot = 1

  init(tape: XMLTapeReader, options: XMLJSONView.Options, estimatedNodes: Int, estimatedBytes: Int) {
    json = JSONDocumentBuilder(estimatedNodes: estimatedNodes, estimatedBytes: estimatedBytes)
    self.tape = tape
    self.options = options
  }

  /// Keys an element by its spelling id (see ``spelling(of:)``).
  mutating func key(forElement spelling: Int, sourceOffset: Int) {
    let text = spellingText(spelling)
    json.key(slot: 2 + 2 * spelling, sourceOffset: sourceOffset) { text }
  }

  /// The spelling id of the name with id `id`.
  mutating func spelling(of id: Int) -> Int {
    if id >= spellingOfName.count { spellingOfName.append(contentsOf: repeatElement(-1, count: id + 1 - spellingOfName.count)) }
    let known = spellingOfName[id]
    if known >= 0 { return known }
    let text = tape.name(id).qualifiedName
    let spelling: Int
    if let known = spellings[text] {
      spelling = known
    } else {
      spelling = spellingList.count
      spellingList.append(text)
      spellings[text] = spelling
    }
    spellingOfName[id] = spelling
    return spelling
  }

  private func spellingText(_ spelling: Int) -> String {
    spellingList.indices.contains(spelling) ? spellingList[spelling] : ""
  }

  mutating func emit(_ index: Int) {
    let offset = tape.sourceOffset(index)
    note(tape.nameID(index))
    let end = tape.end(of: index)
    let attributeStart = index + 1
    let contentStart = attributeStart + tape.attributeCount(index)
    var visibleAttributes = 0
    for attribute in attributeStart..<contentStart where options.includesNamespaceDeclarations || !tape.isNamespaceDeclaration(attribute) {
      visibleAttributes += 1
    }
    // One pass over the content: child elements onto the stack, text counted, order checked.
    let base = children.count
    var textPieces = 0
    var firstText = -1
    var textPending = false
    var orderLost = false
    var position = contentStart
    while position < end {
      switch tape.kind(position) {
      case .element:
        if textPending { orderLost = true }
        textPending = false
        children.append(position)
        position = tape.end(of: position)
      case .text, .cdata:
        if !tape.bytes(position).isEmpty {
          textPending = true
          textPieces += 1
          if firstText < 0 { firstText = position }
        }
        position += 1
      case .attribute, .other:
        position += 1
      }
    }
    defer { children.removeLast(children.count - base) }
    let emittedBase = emitted.count
    defer { emitted.removeLast(emitted.count - emittedBase) }
    let childCount = children.count - base
    if visibleAttributes == 0, childCount == 0 {
      emitText(of: index, pieces: textPieces, first: firstText, from: contentStart, to: end, sourceOffset: offset)
      return
    }
    let object = json.beginObject(sourceOffset: offset)
    var count = 0
    for attribute in attributeStart..<contentStart where options.includesNamespaceDeclarations || !tape.isNamespaceDeclaration(attribute) {
      let id = tape.nameID(attribute)
      note(id)
      let slot = 3 + 2 * spelling(of: id)
      json.key(slot: slot, sourceOffset: offset) { "@" + tape.name(id).qualifiedName }
      json.string(tape.bytes(attribute), sourceOffset: offset)
      count += 1
    }
    let (groups, lost) = emitGrouped(base: base, count: childCount, recording: orderLost)
    count += groups
    if textPieces > 0 {
      json.key(slot: Self.textSlot, sourceOffset: offset) { "#text" }
      emitText(of: index, pieces: textPieces, first: firstText, from: contentStart, to: end, sourceOffset: offset)
      count += 1
    }
    if orderLost || lost {
      json.key(slot: Self.contentSlot, sourceOffset: offset) { "#content" }
      emitContent(from: contentStart, to: end, sourceOffset: offset, emittedFrom: emittedBase)
      count += 1
    }
    json.close(object, count: count)
  }

  /// The element's direct text, joined (most elements have one piece, taken as is).
  private mutating func emitText(of index: Int, pieces: Int, first: Int, from start: Int, to end: Int, sourceOffset: Int) {
    if pieces <= 1 {
      let bytes = first >= 0 ? tape.bytes(first) : UnsafeBufferPointer(start: nil, count: 0)
      json.string(options.trimsText ? Self.trimmed(bytes) : bytes, sourceOffset: first >= 0 ? tape.sourceOffset(first) : sourceOffset)
      return
    }
    var parts: [UnsafeBufferPointer<UInt8>] = []
    var position = start
    while position < end {
      switch tape.kind(position) {
      case .element: position = tape.end(of: position)
      case .text, .cdata:
        parts.append(tape.bytes(position))
        position += 1
      default: position += 1
      }
    }
    if options.trimsText {
      while let head = parts.first, Self.trimmed(head).isEmpty { parts.removeFirst() }
      while let tail = parts.last, Self.trimmed(tail).isEmpty { parts.removeLast() }
      if let head = parts.first { parts[0] = Self.trimmedStart(head) }
      if let tail = parts.last { parts[parts.count - 1] = Self.trimmedEnd(tail) }
    }
    json.string(joining: parts, sourceOffset: tape.sourceOffset(first))
  }

  /// `bytes` without leading and trailing XML whitespace.
  private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> { trimmedEnd(trimmedStart(bytes)) }

  private static func trimmedStart(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    var start = 0
    while start < bytes.count, XMLCharacters.isSpace(bytes[start]) { start += 1 }
    return UnsafeBufferPointer(rebasing: bytes[start...])
  }

  private static func trimmedEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    var end = bytes.count
    while end > 0, XMLCharacters.isSpace(bytes[end - 1]) { end -= 1 }
    return UnsafeBufferPointer(rebasing: bytes[..<end])
  }

  /// The children on the stack from `base`, grouped by name in order of first appearance; a
  /// name that repeats becomes an array. Returns the member count and whether a name came
  /// back after another (so grouping changed the order). When the order is lost (or
  /// `recording`), each child's view range goes on `emitted` for ``emitContent``.
  private mutating func emitGrouped(base: Int, count: Int, recording: Bool) -> (members: Int, orderLost: Bool) {
    guard count > 0 else { return (0, false) }
    // Distinct spellings in first-appearance order with their counts, on shared stacks (no
    // allocation per element): a linear scan suits the usual handful of names; many distinct
    // names switch to a dictionary.
    let nameBase = names.count
    defer {
      names.removeLast(names.count - nameBase)
      counts.removeLast(counts.count - nameBase)
    }
    var slotOfName: [Int: Int] = [:]
    var orderLost = false
    var previous = -1
    for offset in 0..<count {
      let id = spelling(of: tape.nameID(children[base + offset]))
      let slot = groupSlot(of: id, base: nameBase, index: &slotOfName)
      if slot != previous, counts[nameBase + slot] > 0 { orderLost = true }
      previous = slot
      counts[nameBase + slot] += 1
    }
    let groupCount = names.count - nameBase
    let recording = recording || orderLost
    guard groupCount > 1 else {
      emitGroup(names[nameBase], regrouped: false, base: base, count: count, recording: recording)
      return (1, false)
    }
    if groupCount == count {
      // Every name once (a record-like element): the children in order, no regrouping.
      for slot in 0..<count {
        emitGroup(names[nameBase + slot], regrouped: false, base: base + slot, count: 1, recording: recording)
      }
      return (count, false)
    }
    // Regroup: bucket the children by name, stably, onto the second stack.
    let groupBase = grouped.count
    defer { grouped.removeLast(grouped.count - groupBase) }
    grouped.append(contentsOf: repeatElement(0, count: count + groupCount))
    // The bucket starts first (reusing the tail of `grouped`), then the children.
    var running = 0
    for slot in 0..<groupCount {
      grouped[groupBase + count + slot] = running
      running += counts[nameBase + slot]
    }
    for offset in 0..<count {
      let child = children[base + offset]
      let slot = groupSlot(of: spelling(of: tape.nameID(child)), base: nameBase, index: &slotOfName)
      let position = grouped[groupBase + count + slot]
      grouped[groupBase + position] = child
      grouped[groupBase + count + slot] = position + 1
    }
    var start = groupBase
    for slot in 0..<groupCount {
      let size = counts[nameBase + slot]
      emitGroup(names[nameBase + slot], regrouped: true, base: start, count: size, recording: recording)
      start += size
    }
    return (groupCount, orderLost)
  }

  /// The slot of spelling `id` among the names from `base` on the name stack, added if new.
  private mutating func groupSlot(of id: Int, base: Int, index: inout [Int: Int]) -> Int {
    let known = names.count - base
    if known <= 16 {
      var slot = 0
      while slot < known {
        if names[base + slot] == id { return slot }
        slot += 1
      }
    } else if let slot = index[id] {
      return slot
    }
    names.append(id)
    counts.append(0)
    if known == 16 {
      for slot in 0...known { index[names[base + slot]] = slot }
    } else if known > 16 {
      index[id] = known
    }
    return known
  }

  /// Writes one group from `children` or (`regrouped`) `grouped`: the key, then the element
  /// or an array of them. Reads the stack by index each time: holding a copy of it while
  /// `emit` pushes would copy the whole array.
  private mutating func emitGroup(_ id: Int, regrouped: Bool, base: Int, count: Int, recording: Bool) {
    let first = regrouped ? grouped[base] : children[base]
    key(forElement: id, sourceOffset: tape.sourceOffset(first))
    if count == 1 { return emitChild(first, recording: recording) }
    let array = json.beginArray(sourceOffset: tape.sourceOffset(first))
    for offset in 0..<count { emitChild(regrouped ? grouped[base + offset] : children[base + offset], recording: recording) }
    json.close(array, count: count)
  }

  /// Emits a child element, noting its view range on `emitted` when `recording`.
  private mutating func emitChild(_ index: Int, recording: Bool) {
    let start = json.nodeCount
    emit(index)
    if recording { emitted.append((index, start, json.nodeCount)) }
  }

  /// The content in document order: text as strings, elements as one-member objects. The
  /// elements' views are copies of those on `emitted` from `recordBase` (the grouped members).
  private mutating func emitContent(from start: Int, to end: Int, sourceOffset: Int, emittedFrom recordBase: Int) {
    // The records in document order, which is the order the walk meets the elements in.
    emitted[recordBase...].sort { $0.child < $1.child }
    var record = recordBase
    let array = json.beginArray(sourceOffset: sourceOffset)
    var count = 0
    var position = start
    while position < end {
      switch tape.kind(position) {
      case .element:
        let object = json.beginObject(sourceOffset: tape.sourceOffset(position))
        key(forElement: spelling(of: tape.nameID(position)), sourceOffset: tape.sourceOffset(position))
        while record < emitted.count, emitted[record].child < position { record += 1 }
        if record < emitted.count, emitted[record].child == position {
          json.appendCopy(ofNodesFrom: emitted[record].start, to: emitted[record].end)
        } else {
          emit(position)
        }
        json.close(object, count: 1)
        count += 1
        position = tape.end(of: position)
      case .text, .cdata:
        if !tape.bytes(position).isEmpty {
          json.string(tape.bytes(position), sourceOffset: tape.sourceOffset(position))
          count += 1
        }
        position += 1
      case .attribute, .other:
        position += 1
      }
    }
    json.close(array, count: count)
  }

  /// Records the prefix of a namespaced name, once per name id.
  private mutating func note(_ id: Int) {
    if id >= notedNames.count { notedNames.append(contentsOf: repeatElement(false, count: id + 1 - notedNames.count)) }
    guard !notedNames[id] else { return }
    notedNames[id] = true
    let name = tape.name(id)
    guard let uri = name.namespaceURI, !name.isNamespaceDeclaration else { return }
    let prefix = name.prefix ?? ""
    if prefixes[prefix] == nil { prefixes[prefix] = uri }
  }
}
