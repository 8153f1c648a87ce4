import Foundation

/// Writes an OpenStreetMap-like XML 0.6 file of a given size for `foundry-bench memory`.
///
/// The shapes are those of a real planet extract with editing metadata: nodes (one in six with
/// 1–3 `tag` children), then ways (2–24 `nd` references to earlier nodes, 1–5 tags), then
/// relations (3–12 `member`s, 2 tags) — about 70 %, 25 % and 5 % of the bytes. Ids,
/// coordinates, versions and tag choices vary through a seeded generator, so every run writes
/// the same file. Some values hold an entity reference or non-ASCII text, as real data does.
///
/// The text is written in chunks of about 1 MB, so generating even a large file keeps only
/// one chunk in memory; node ids are a function of their index, so ways need no table of them.
struct OSMFileGenerator {
  /// The size to reach, in bytes; the file ends with the element that crosses it.
  var targetByteCount: Int

  private var random = SplitMix64(seed: 0x05F0_05F0)
  private var chunk = ""
  private var written = 0
  private var nodeCount = 0

  init(targetByteCount: Int) {
    self.targetByteCount = targetByteCount
  }

  /// Writes the file at `path`, replacing any file there.
  ///
  /// - Returns: The number of bytes written.
  mutating func write(to path: String) throws -> Int {
    guard FileManager.default.createFile(atPath: path, contents: nil) else {
      throw SetupError("cannot create '\(path)'")
    }
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    chunk.reserveCapacity(Self.chunkSize + 4096)

    append("<?xml version='1.0' encoding='UTF-8'?>\n<osm version=\"0.6\" generator=\"foundry-bench\">\n")
    append("\t<bounds minlat=\"39.5001\" minlon=\"-119.802\" maxlat=\"39.5435\" maxlon=\"-119.7065\"/>\n")
    while projected < targetByteCount * 70 / 100 {
      appendNode()
      try flushIfFull(handle)
    }
    var wayID: Int64 = 14_370_407
    while projected < targetByteCount * 95 / 100 {
      appendWay(id: wayID)
      wayID += Int64(1 + random.next(below: 30))
      try flushIfFull(handle)
    }
    var relationID: Int64 = 162_773
    while projected < targetByteCount {
      appendRelation(id: relationID, wayRange: 14_370_407..<wayID)
      relationID += Int64(1 + random.next(below: 50))
      try flushIfFull(handle)
    }
    append("</osm>\n")
    try flush(handle)
    return written
  }

  // MARK: - Elements

  /// The id of the node written `index`-th: increasing, with gaps, as in an extract.
  private static func nodeID(_ index: Int) -> Int64 {
    139_980_476 + Int64(index) * 7 + Int64(index % 5)
  }

  private mutating func appendNode() {
    let id = Self.nodeID(nodeCount)
    nodeCount += 1
    let lat = Double(395_001_000 + random.next(below: 434_000)) / 10_000_000
    let lon = Double(-1_198_020_000 + random.next(below: 955_000)) / 10_000_000
    var line = "\t<node id=\"\(id)\" " + metadata() + " lat=\"\(lat)\" lon=\"\(lon)\""
    let tagCount = random.next(below: 6) == 0 ? 1 + random.next(below: 3) : 0
    if tagCount == 0 {
      line += "/>\n"
    } else {
      line += ">\n"
      for _ in 0..<tagCount { line += tag(Self.nodeTags) }
      line += "\t</node>\n"
    }
    append(line)
  }

  private mutating func appendWay(id: Int64) {
    var text = "\t<way id=\"\(id)\" " + metadata() + ">\n"
    let first = random.next(below: max(1, nodeCount))
    for offset in 0..<(2 + random.next(below: 23)) {
      text += "\t\t<nd ref=\"\(Self.nodeID(min(first + offset, max(0, nodeCount - 1))))\"/>\n"
    }
    for _ in 0..<(1 + random.next(below: 5)) { text += tag(Self.wayTags) }
    text += "\t</way>\n"
    append(text)
  }

  private mutating func appendRelation(id: Int64, wayRange: Range<Int64>) {
    var text = "\t<relation id=\"\(id)\" " + metadata() + ">\n"
    let wayCount = Int(max(1, wayRange.upperBound - wayRange.lowerBound))
    for _ in 0..<(3 + random.next(below: 10)) {
      if random.next(below: 4) == 0 {
        let ref = Self.nodeID(random.next(below: max(1, nodeCount)))
        text += "\t\t<member type=\"node\" ref=\"\(ref)\" role=\"stop\"/>\n"
      } else {
        let ref = wayRange.lowerBound + Int64(random.next(below: wayCount))
        let role = ["outer", "inner", "", "forward"][random.next(below: 4)]
        text += "\t\t<member type=\"way\" ref=\"\(ref)\" role=\"\(role)\"/>\n"
      }
    }
    text += tag([("type", "multipolygon"), ("type", "route"), ("type", "boundary")])
    text += tag([("name", "Truckee River Trail"), ("name", "RTC Route 11"), ("name", "Reno &amp; Sparks")])
    text += "\t</relation>\n"
    append(text)
  }

  /// The editing attributes of a full planet file.
  private mutating func metadata() -> String {
    let version = 1 + random.next(below: 12)
    let user = Self.users[random.next(below: Self.users.count)]
    let uid = 10_000 + random.next(below: 4_000_000)
    let changeset = 1_000_000 + random.next(below: 60_000_000)
    let day = 1 + random.next(below: 28)
    let month = 1 + random.next(below: 12)
    let second = random.next(below: 86_400)
    let timestamp =
      "20\(10 + random.next(below: 9))-\(Self.twoDigits(month))-\(Self.twoDigits(day))T"
      + "\(Self.twoDigits(second / 3600)):\(Self.twoDigits(second / 60 % 60)):\(Self.twoDigits(second % 60))Z"
    return "version=\"\(version)\" timestamp=\"\(timestamp)\" uid=\"\(uid)\" user=\"\(user)\" changeset=\"\(changeset)\""
  }

  private mutating func tag(_ choices: [(String, String)]) -> String {
    let (k, v) = choices[random.next(below: choices.count)]
    return "\t\t<tag k=\"\(k)\" v=\"\(v)\"/>\n"
  }

  private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

  private static let users = ["woodpeck_fixbot", "TIGERcnl", "Jörg Ostertag", "nmixter", "Reno Mapper", "DaveHansenTiger", "B&amp;B edits"]

  private static let nodeTags = [
    ("highway", "crossing"), ("highway", "traffic_signals"), ("highway", "motorway_junction"), ("ref", "21"),
    ("crossing", "zebra"), ("source", "survey"), ("amenity", "bench"), ("name", "Café Verdi"),
  ]

  private static let wayTags = [
    ("highway", "residential"), ("name", "7th Street"), ("tiger:cfcc", "A41"), ("tiger:county", "Washoe, NV"),
    ("tiger:name_base", "7th"), ("tiger:reviewed", "no"), ("oneway", "yes"), ("surface", "asphalt"),
    ("building", "yes"), ("name", "Smith &amp; Sons"), ("lanes", "2"), ("maxspeed", "25 mph"),
  ]

  // MARK: - Output

  private static let chunkSize = 1 << 20

  private var projected: Int { written + chunk.utf8.count }

  private mutating func append(_ text: String) { chunk += text }

  private mutating func flushIfFull(_ handle: FileHandle) throws {
    if chunk.utf8.count >= Self.chunkSize { try flush(handle) }
  }

  private mutating func flush(_ handle: FileHandle) throws {
    let data = Data(chunk.utf8)
    try handle.write(contentsOf: data)
    written += data.count
    chunk.removeAll(keepingCapacity: true)
  }
}

/// A small seeded generator (SplitMix64): the same sequence on every platform and run.
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in `0..<bound` (`bound` > 0).
  mutating func next(below bound: Int) -> Int {
    Int(next() % UInt64(max(1, bound)))
  }
}
