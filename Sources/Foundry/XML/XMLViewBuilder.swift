import FoundryJSON
@_spi(FoundryTape) import FoundryXML

/// Walks an element's tape depth-first and appends its view to a ``JSONDocumentBuilder``.
///
/// Works on name ids and byte ranges: no `String` per name or value. Children are gathered
/// on shared scratch arrays, so an element costs no allocation of its own, and the walk keeps
/// its own stack of tasks, so any nesting depth is safe.
struct XMLViewBuilder {
  var json: JSONDocumentBuilder
  let tape: XMLTapeReader
  let options: XMLJSONView.Options
  /// Namespace URI by prefix as first seen ("" for the default namespace), for `{uri}local`.
  var prefixes: [String: String] = [:]
  /// Whether a prefix was seen bound to a namespace other than the one in ``prefixes``.
  private(set) var bindsPrefixesAmbiguously = false
  /// Tape indices of the child elements of the element being emitted.
  private var children: [Int] = []
  /// The same children regrouped by name (first-appearance order).
  private var grouped: [Int] = []
  /// The distinct child names (spelling ids) of the element being grouped, their counts, and
  /// their slots once there are many.
  private var names: [Int] = []
  private var counts: [Int] = []
  private var slotOfName: [Int: Int] = [:]
  /// The view nodes of the objects and arrays open, innermost last.
  private var containers: [Int] = []
  /// The view node ranges of child elements already emitted, for an element whose ordered
  /// content (`#content`) repeats them: copying a range is cheaper than emitting it again.
  private var emitted: [(child: Int, start: Int, end: Int)] = []
  /// The walk's work list, kept between the elements of a batch (an allocation each, otherwise).
  private var taskScratch: [Task] = []
  /// How many elements with ordered content the walk has met so far: a child's view is
  /// copied into `#content` only if none was met inside it (see ``Form``).
  private var orderedElements = 0
  /// Per name id, whether its namespace prefix is already noted (ids from ``denseLimit`` on in
  /// ``farNotedNames``).
  private var notedNames: [Bool] = []
  private var farNotedNames: Set<Int> = []
  /// Key slots: 0 `#text`, 1 `#content`, then two per spelling (element, `@attribute`):
  /// spelling ids below ``denseLimit`` are their own number, larger ones are numbered from
  /// there in ``farSpellings``.
  private static let textSlot = 0, contentSlot = 1
  private var farSpellings: [Int: Int] = [:]
  /// Name and spelling ids grow with every new name a stream meets, and an element of a long
  /// stream may carry large ones: tables indexed by id stop at this bound, proportional to the
  /// element, so that a view costs what its element holds, not what came before it.
  private let denseLimit: Int
  /// The name table's spelling ids, by name id (``XMLTapeReader/spellingsByName``).
  private let spellingOfName: [UInt32]

  init(tape: XMLTapeReader, options: XMLJSONView.Options, estimatedNodes: Int, estimatedBytes: Int) {
    json = JSONDocumentBuilder(estimatedNodes: estimatedNodes, estimatedBytes: estimatedBytes)
    self.tape = tape
    self.options = options
    denseLimit = estimatedNodes + 64
    spellingOfName = tape.spellingsByName
    // The walk's scratch lists start at a size most elements stay within: each streamed batch
    // has a builder of its own, and growing them from nothing cost a dozen allocations a batch.
    children.reserveCapacity(32)
    grouped.reserveCapacity(32)
    names.reserveCapacity(16)
    counts.reserveCapacity(16)
    containers.reserveCapacity(16)
  }

  /// Keys an element by its name id: the key is the qualified name, and names spelled alike
  /// share a key slot (see ``XMLTapeReader/spelling(ofName:)``).
  mutating func key(forElementName id: Int, sourceOffset: Int) {
    let slot = 2 + 2 * keyNumber(ofName: id)
    guard !json.appendStoredKey(slot: slot, sourceOffset: sourceOffset) else { return }
    json.key(slot: slot, sourceOffset: sourceOffset, utf8: tape.qualifiedName(id))
  }

  /// The spelling id of the name with id `id`.
  ///
  /// `mutating` though it changes nothing: called from the mutating walk, the non-mutating
  /// form copied the whole builder (its arrays retained and released) once per child.
  mutating func spelling(of id: Int) -> Int {
    spellingOfName.indices.contains(id) ? Int(spellingOfName[id]) : tape.spelling(ofName: id)
  }

  /// The number of the key slots of the name with id `id` (see ``textSlot``).
  private mutating func keyNumber(ofName id: Int) -> Int {
    let spelling = spelling(of: id)
    if spelling < denseLimit { return spelling }
    if let known = farSpellings[spelling] { return known }
    let number = denseLimit + farSpellings.count
    farSpellings[spelling] = number
    return number
  }

  // MARK: - The walk

  /// Which parts of an element's view are written. Below an element with `#content`, its
  /// children are written twice, once by name and once in order; were both complete, each
  /// level of mixed content would double the view (324 bytes of nested mixed content made
  /// 77 MB). So the copy by name leaves out `#content`, the copy in order holds nothing else,
  /// and every element is written at most twice, however deep mixed content nests.
  /// Where no element below has ordered content, the three forms are the same view.
  enum Form {
    /// Everything: the groups, `#text` and, where grouping loses the order, `#content`.
    case full
    /// What key paths read by name: the groups and `#text`, never `#content` (the form of the
    /// groups of an element that has `#content`).
    case named
    /// What the order of the content needs: where grouping loses it, `#content` alone (beside
    /// the attributes); elsewhere the groups and `#text` (the form of `#content`'s items).
    case ordered

    /// The form of the children grouped by name, in an element of this form whose grouping
    /// loses the order (`ordered`) or keeps it.
    func groups(ordered: Bool) -> Form {
      switch self {
      case .full: ordered ? .named : .full
      case .named: .named
      case .ordered: .ordered
      }
    }
  }

  /// What is left to emit, innermost last: an element's task pushes the tasks of its parts, so
  /// the document's nesting depth never reaches the call stack.
  private enum Task {
    /// The view of the element at this tape index in `form`; `recording` notes its view range
    /// on ``emitted`` once done.
    case element(Int, form: Form, recording: Bool)
    /// Notes the view range of element `child`, which began at view node `start` when
    /// ``orderedElements`` was `ordered`, unless elements with ordered content came since.
    case record(child: Int, start: Int, ordered: Int)
    /// The key of a child element group, by the name id of one of its elements.
    case key(name: Int, sourceOffset: Int)
    /// The `#text` or `#content` key.
    case memberKey(slot: Int, sourceOffset: Int)
    /// Opens an array, closed by the next ``close(count:)`` of its level.
    case beginArray(sourceOffset: Int)
    /// Closes the innermost open object or array.
    case close(count: Int)
    /// An element's direct text: its count of pieces and the tape index of the first.
    case text(element: Int, pieces: Int, first: Int)
    /// The ordered content of an element between `start` and `end` on the tape: text as
    /// strings, elements as one-member objects copied from the records on ``emitted`` from
    /// `record`.
    case beginContent(start: Int, end: Int, sourceOffset: Int, record: Int)
    /// The rest of the ordered content, from tape index `position`, after `count` items.
    case content(position: Int, end: Int, record: Int, count: Int)
    /// Drops the records of an element's children, from `emittedBase` on.
    case finish(emittedBase: Int)
  }

  /// Emits the view of `element` (an element of ``tape``), wrapped as `{"name": ...}` when
  /// the options say so.
  mutating func emitView(of element: XMLTree.Element) {
    emitView(ofElementAt: element.tapeIndex)
  }

  /// ``emitView(of:)`` for the element at tape index `index`.
  mutating func emitView(ofElementAt index: Int) {
    guard options.wrapsRoot else { return emit(index) }
    let offset = tape.sourceOffset(index)
    let object = json.beginObject(sourceOffset: offset)
    key(forElementName: tape.nameID(index), sourceOffset: offset)
    emit(index)
    json.close(object, count: 1)
  }

  /// Emits the view of the element at `index` and everything below it.
  ///
  /// - Complexity: O(*n*) in the element's tape nodes, with an explicit stack.
  mutating func emit(_ index: Int) {
    var tasks = taskScratch
    taskScratch = []
    defer {
      tasks.removeAll(keepingCapacity: true)
      taskScratch = tasks
    }
    tasks.append(.element(index, form: .full, recording: false))
    while let task = tasks.popLast() {
      switch task {
      case .element(let index, let form, let recording):
        if recording { tasks.append(.record(child: index, start: json.nodeCount, ordered: orderedElements)) }
        emitElement(index, form: form, tasks: &tasks)
      case .record(let child, let start, let ordered):
        // A child with ordered content inside was written by name only: `#content` writes it again.
        if ordered == orderedElements { emitted.append((child, start, json.nodeCount)) }
      case .key(let name, let sourceOffset):
        key(forElementName: name, sourceOffset: sourceOffset)
      case .memberKey(let slot, let sourceOffset):
        json.key(slot: slot, sourceOffset: sourceOffset) { slot == Self.textSlot ? "#text" : "#content" }
      case .beginArray(let sourceOffset):
        containers.append(json.beginArray(sourceOffset: sourceOffset))
      case .close(let count):
        if let container = containers.popLast() { json.close(container, count: count) }
      case .text(let element, let pieces, let first):
        emitText(of: element, pieces: pieces, first: first)
      case .beginContent(let start, let end, let sourceOffset, let record):
        // The records in document order, which is the order the walk meets the elements in.
        emitted[record...].sort { $0.child < $1.child }
        containers.append(json.beginArray(sourceOffset: sourceOffset))
        emitContent(from: start, to: end, record: record, count: 0, tasks: &tasks)
      case .content(let position, let end, let record, let count):
        emitContent(from: position, to: end, record: record, count: count, tasks: &tasks)
      case .finish(let emittedBase):
        emitted.removeLast(emitted.count - emittedBase)
      }
    }
  }

  /// What one pass over an element's tape nodes finds: where its parts are, its text pieces,
  /// and its child elements (pushed on ``children`` from `childBase`).
  private struct Scan {
    let index: Int
    let sourceOffset: Int
    let end: Int
    let contentStart: Int
    var visibleAttributes = 0
    var textPieces = 0
    var firstText = -1
    /// Text came between child elements.
    var textBetweenChildren = false
    let childBase: Int
    var childCount = 0
    /// No child element has element children of its own (see ``emitChildless(_:)``).
    var childrenAreChildless = true

    var attributes: Range<Int> { (index + 1)..<contentStart }
  }

  /// Scans the element at `index`, pushing its child elements on ``children``.
  private mutating func scan(_ index: Int) -> Scan {
    note(tape.nameID(index))
    let contentStart = index + 1 + tape.attributeCount(index)
    var scan = Scan(
      index: index, sourceOffset: tape.sourceOffset(index), end: tape.end(of: index), contentStart: contentStart,
      childBase: children.count)
    for attribute in scan.attributes where options.includesNamespaceDeclarations || !tape.isNamespaceDeclaration(attribute) {
      scan.visibleAttributes += 1
    }
    var textPending = false
    var position = contentStart
    while position < scan.end {
      switch tape.kind(position) {
      case .element:
        if textPending { scan.textBetweenChildren = true }
        textPending = false
        children.append(position)
        let next = tape.end(of: position)
        if scan.childrenAreChildless, containsElement(from: position + 1, to: next) { scan.childrenAreChildless = false }
        position = next
      case .text, .cdata:
        if !tape.bytes(position).isEmpty {
          textPending = true
          scan.textPieces += 1
          if scan.firstText < 0 { scan.firstText = position }
        }
        position += 1
      case .attribute, .other:
        position += 1
      }
    }
    scan.childCount = children.count - scan.childBase
    return scan
  }

  /// Whether an element node lies between tape indices `start` and `end`.
  private func containsElement(from start: Int, to end: Int) -> Bool {
    var position = start
    while position < end {
      if tape.kind(position) == .element { return true }
      position += 1
    }
    return false
  }

  /// Emits an element's text, or opens its object, writes its attributes and the rest that
  /// `form` writes: the child element groups, `#text`, `#content`, the closing. What has
  /// children below it goes on `tasks`; an element without child elements is written at once.
  private mutating func emitElement(_ index: Int, form: Form, tasks: inout [Task]) {
    let element = scan(index)
    defer { children.removeLast(children.count - element.childBase) }
    if element.childCount == 0 { return emitChildless(element) }
    containers.append(json.beginObject(sourceOffset: element.sourceOffset))
    emitAttributes(of: element)
    let nameBase = names.count
    defer {
      names.removeLast(names.count - nameBase)
      counts.removeLast(counts.count - nameBase)
    }
    let (groups, groupingLostOrder) = groupCount(base: element.childBase, count: element.childCount)
    let isOrdered = element.textBetweenChildren || groupingLostOrder
    if isOrdered { orderedElements += 1 }
    let hasContent = isOrdered && form != .named
    // Where `#content` is the only copy of the content (in order), it stands alone.
    let hasGroups = !isOrdered || form != .ordered
    let hasText = element.textPieces > 0 && hasGroups
    let count = element.visibleAttributes + (hasGroups ? groups : 0) + (hasText ? 1 : 0) + (hasContent ? 1 : 0)
    // The rest runs in this order: groups, `#text`, `#content`, the closing; so it goes on the
    // task stack backwards, or the groups are written now.
    tasks.append(.finish(emittedBase: emitted.count))
    tasks.append(.close(count: count))
    if hasContent {
      tasks.append(.beginContent(start: element.contentStart, end: element.end, sourceOffset: element.sourceOffset, record: emitted.count))
      tasks.append(.memberKey(slot: Self.contentSlot, sourceOffset: element.sourceOffset))
    }
    if hasText {
      tasks.append(.text(element: index, pieces: element.textPieces, first: element.firstText))
      tasks.append(.memberKey(slot: Self.textSlot, sourceOffset: element.sourceOffset))
    }
    guard hasGroups else { return }
    let regrouped = arrangeGroups(base: element.childBase, count: element.childCount, nameBase: nameBase)
    if element.childrenAreChildless {
      emitGroups(of: element, nameBase: nameBase, regrouped: regrouped, recording: hasContent)
    } else {
      pushGroups(of: element, nameBase: nameBase, regrouped: regrouped, form: form.groups(ordered: isOrdered), recording: hasContent, tasks: &tasks)
    }
  }

  /// Writes an element without child elements: its text, or an object of its attributes (and
  /// `#text`). Grouping and order do not arise, so every form is the same.
  private mutating func emitChildless(_ element: Scan) {
    guard element.visibleAttributes > 0 else { return emitText(of: element) }
    let object = json.beginObject(sourceOffset: element.sourceOffset)
    emitAttributes(of: element)
    if element.textPieces > 0 {
      json.key(slot: Self.textSlot, sourceOffset: element.sourceOffset) { "#text" }
      emitText(of: element)
    }
    json.close(object, count: element.visibleAttributes + (element.textPieces > 0 ? 1 : 0))
  }

  /// Writes the visible attributes of an element whose object is open.
  private mutating func emitAttributes(of element: Scan) {
    for attribute in element.attributes where options.includesNamespaceDeclarations || !tape.isNamespaceDeclaration(attribute) {
      let id = tape.nameID(attribute)
      note(id)
      let slot = 3 + 2 * keyNumber(ofName: id)
      if !json.appendStoredKey(slot: slot, sourceOffset: element.sourceOffset, leading: true) {
        json.key(slot: slot, sourceOffset: element.sourceOffset, leading: true, marker: UInt8(ascii: "@"), utf8: tape.qualifiedName(id))
      }
      json.string(tape.bytes(attribute), sourceOffset: element.sourceOffset)
    }
  }

  /// The direct text of a scanned element.
  private mutating func emitText(of element: Scan) {
    emitText(of: element.index, pieces: element.textPieces, first: element.firstText)
  }

  /// The direct text of the element at `index`, joined from its `pieces` (most elements have
  /// one, taken as is), the first at tape index `first` (-1: none).
  private mutating func emitText(of index: Int, pieces: Int, first: Int) {
    if pieces <= 1 {
      let bytes = first >= 0 ? tape.bytes(first) : UnsafeBufferPointer(start: nil, count: 0)
      json.string(options.trimsText ? Self.trimmed(bytes) : bytes, sourceOffset: tape.sourceOffset(first >= 0 ? first : index))
      return
    }
    var parts: [UnsafeBufferPointer<UInt8>] = []
    var position = index + 1 + tape.attributeCount(index)
    let end = tape.end(of: index)
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

  /// The number of groups the children on the stack from `base` form by name (first
  /// appearance order; a name that repeats becomes an array), and whether a name comes back
  /// after another (so grouping changes the order). Leaves the distinct spelling ids and
  /// their counts on ``names`` and ``counts``.
  private mutating func groupCount(base: Int, count: Int) -> (groups: Int, orderLost: Bool) {
    // A linear scan suits the usual handful of names; many distinct names switch to a
    // dictionary.
    let nameBase = names.count
    if !slotOfName.isEmpty { slotOfName.removeAll(keepingCapacity: true) }
    var orderLost = false
    var previous = -1
    for offset in 0..<count {
      let id = spelling(of: tape.nameID(children[base + offset]))
      let slot = groupSlot(of: id, base: nameBase)
      if slot != previous, counts[nameBase + slot] > 0 { orderLost = true }
      previous = slot
      counts[nameBase + slot] += 1
    }
    return (names.count - nameBase, orderLost)
  }

  /// Lays out the groups ``groupCount(base:count:)`` left on ``names`` from `nameBase`: each
  /// group's children are contiguous, in group order, in ``children`` from `base` already
  /// when every child is a group of its own or all are one group; otherwise (returns `true`)
  /// they are bucketed by name, stably, into ``grouped``.
  private mutating func arrangeGroups(base: Int, count: Int, nameBase: Int) -> Bool {
    let groupCount = names.count - nameBase
    guard groupCount > 1, groupCount < count else { return false }
    // The bucket starts go first (in the tail of `grouped`), then the children.
    grouped.removeAll(keepingCapacity: true)
    grouped.append(contentsOf: repeatElement(0, count: count + groupCount))
    var running = 0
    for slot in 0..<groupCount {
      grouped[count + slot] = running
      running += counts[nameBase + slot]
    }
    for offset in 0..<count {
      let child = children[base + offset]
      let slot = groupSlot(of: spelling(of: tape.nameID(child)), base: nameBase)
      let position = grouped[count + slot]
      grouped[position] = child
      grouped[count + slot] = position + 1
    }
    return true
  }

  /// The child at `position` in group order (see ``arrangeGroups(base:count:nameBase:)``).
  private func member(_ position: Int, of element: Scan, regrouped: Bool) -> Int {
    regrouped ? grouped[position] : children[element.childBase + position]
  }

  /// Writes the groups of an element whose children have no child elements: each group is
  /// its key, then the child or an array of them; `recording` notes each child's view range
  /// for `#content`.
  private mutating func emitGroups(of element: Scan, nameBase: Int, regrouped: Bool, recording: Bool) {
    var position = 0
    for slot in nameBase..<names.count {
      let size = counts[slot]
      let first = member(position, of: element, regrouped: regrouped)
      let sourceOffset = tape.sourceOffset(first)
      key(forElementName: tape.nameID(first), sourceOffset: sourceOffset)
      let array = size > 1 ? json.beginArray(sourceOffset: sourceOffset) : nil
      for offset in position..<(position + size) {
        let child = member(offset, of: element, regrouped: regrouped)
        let start = json.nodeCount
        emitChildless(scan(child))
        if recording { emitted.append((child, start, json.nodeCount)) }
      }
      if let array { json.close(array, count: size) }
      position += size
    }
  }

  /// Pushes the tasks that write the groups of an element, last group first: each group is
  /// its key, then the child in `form` or an array of them; `recording` has each child's view
  /// range noted for `#content`.
  private mutating func pushGroups(of element: Scan, nameBase: Int, regrouped: Bool, form: Form, recording: Bool, tasks: inout [Task]) {
    var end = element.childCount
    for slot in (nameBase..<names.count).reversed() {
      let size = counts[slot]
      let first = member(end - size, of: element, regrouped: regrouped)
      if size == 1 {
        tasks.append(.element(first, form: form, recording: recording))
      } else {
        tasks.append(.close(count: size))
        for offset in ((end - size)..<end).reversed() {
          tasks.append(.element(member(offset, of: element, regrouped: regrouped), form: form, recording: recording))
        }
        tasks.append(.beginArray(sourceOffset: tape.sourceOffset(first)))
      }
      tasks.append(.key(name: tape.nameID(first), sourceOffset: tape.sourceOffset(first)))
      end -= size
    }
  }

  /// The slot of spelling `id` among the names from `base` on the name stack, added if new.
  @inline(__always)
  private mutating func groupSlot(of id: Int, base: Int) -> Int {
    let known = names.count - base
    if known <= 16 {
      var slot = 0
      while slot < known {
        if names[base + slot] == id { return slot }
        slot += 1
      }
    } else if let slot = slotOfName[id] {
      return slot
    }
    names.append(id)
    counts.append(0)
    if known == 16 {
      for slot in 0...known { slotOfName[names[base + slot]] = slot }
    } else if known > 16 {
      slotOfName[id] = known
    }
    return known
  }

  /// Emits the ordered content from tape index `start` (after `count` items), its elements
  /// copied from the records on ``emitted`` from `record`, and closes the array; an element
  /// without a record is emitted by tasks, and the content resumes after it.
  private mutating func emitContent(from start: Int, to end: Int, record: Int, count: Int, tasks: inout [Task]) {
    var position = start
    var record = record
    var count = count
    while position < end {
      switch tape.kind(position) {
      case .element:
        let object = json.beginObject(sourceOffset: tape.sourceOffset(position))
        key(forElementName: tape.nameID(position), sourceOffset: tape.sourceOffset(position))
        while record < emitted.count, emitted[record].child < position { record += 1 }
        count += 1
        let next = tape.end(of: position)
        guard record < emitted.count, emitted[record].child == position else {
          tasks.append(.content(position: next, end: end, record: record, count: count))
          containers.append(object)
          tasks.append(.close(count: 1))
          tasks.append(.element(position, form: .ordered, recording: false))
          return
        }
        json.appendCopy(ofNodesFrom: emitted[record].start, to: emitted[record].end)
        json.close(object, count: 1)
        position = next
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
    if let array = containers.popLast() { json.close(array, count: count) }
  }

  /// Records the prefix of a namespaced name, once per name id.
  /// Makes room in ``notedNames`` for `id`, and as many again (within ``denseLimit``), so
  /// that the names of one element, met in rising ids, grow it a few times.
  private mutating func growNotedNames(toInclude id: Int) {
    let count = min(denseLimit, max(id + 1, 2 * notedNames.count, 16))
    notedNames.reserveCapacity(count)
    while notedNames.count < count { notedNames.append(false) }
  }

  /// Inlined for its usual case, a name noted before (each element and attribute notes its
  /// name, and a call each showed in the view's instruction count: the Performance article).
  @inline(__always)
  private mutating func note(_ id: Int) {
    if id < notedNames.count, notedNames[id] { return }
    noteFirst(id)
  }

  /// ``note(_:)`` for a name not noted yet as far as the dense table knows.
  private mutating func noteFirst(_ id: Int) {
    if id < denseLimit {
      if id >= notedNames.count { growNotedNames(toInclude: id) }
      guard !notedNames[id] else { return }
      notedNames[id] = true
    } else {
      guard farNotedNames.insert(id).inserted else { return }
    }
    guard tape.isInNamespace(id) else { return }
    let name = tape.name(id)
    guard let uri = name.namespaceURI, !name.isNamespaceDeclaration else { return }
    let prefix = name.prefix ?? ""
    if let known = prefixes[prefix] {
      if known != uri { bindsPrefixesAmbiguously = true }
    } else {
      prefixes[prefix] = uri
    }
  }
}
