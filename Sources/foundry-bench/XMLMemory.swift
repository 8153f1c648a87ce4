import ArgumentParser
import Foundation
import Foundry
import FoundryXML

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `foundry-bench memory`: the peak memory of decoding a large OpenStreetMap file.
///
/// Method:
/// 1. Generate an OSM XML 0.6 file of `--megabytes` MB (10⁶ bytes) in a temporary folder
///    (``OSMFileGenerator``: realistic node/way/relation shapes, written in 1 MB chunks).
/// 2. For each mode, start a fresh child process — this same executable, hidden subcommand
///    `memory-child` — so that nothing the parent allocated (the generator, the runtime's
///    earlier high-water mark) counts. The child reads the whole file into one `[UInt8]`
///    (with `read(2)`, no second copy), decodes it, keeps every model, and reports:
///    - `streaming`: `XMLTree.forEachElement` hands over each child of `<osm>` in turn and
///      drops its nodes afterwards; each is mapped with `MappingDecoder.decode(_:from:)` into
///      arrays of `MappedOSM.Node` / `Way` / `Relation`.
///    - `document`: `MappingDecoder.decode(MappedOSM.Root.self, fromXML:)`, the whole tree at once.
/// 3. The child's peak resident set is `getrusage(RUSAGE_SELF).ru_maxrss` (KiB on Linux, bytes
///    on macOS), cross-checked with `VmHWM` in `/proc/self/status` (Linux). Both include the
///    file's bytes (1x the file size), the runtime (`VmRSS` before reading, shown as "base";
///    `(peak-base)/size` leaves it out), and the decoded models, alive at the end on purpose.
///
/// `decode MB/s` is the file size over the parse-and-map time (the file read is not timed).
///
/// The peak counts the input buffer itself, so 1x is the floor; the target for the streaming
/// mode is a peak under 3x the file size at 100 MB. The default bench run does not run this
/// command: generating and decoding 100 MB twice takes tens of seconds, its rows are not a
/// throughput pair, and at smoke-test sizes the runtime's ~20 MB base swamps the ratio. Run
/// `foundry-bench memory` (or `--megabytes 5` for a quick check that it works).
struct XMLMemoryCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "memory",
    abstract: "Peak RSS of decoding a generated OSM file, streaming and whole-document, each in a fresh process."
  )

  @Option(help: "The size of the generated file in MB (10^6 bytes).")
  var megabytes: Int = 100

  @Option(help: "Where to write the generated file (default: the temporary folder); it is removed afterwards.")
  var directory: String?

  @Flag(help: "Keep the generated file.")
  var keepFile = false

  func validate() throws {
    guard megabytes > 0, megabytes <= 4000 else { throw ValidationError("--megabytes must be in 1...4000") }
  }

  func run() throws {
    let folder = directory ?? FileManager.default.temporaryDirectory.path
    let path = folder + "/foundry-bench-osm-\(getpid()).osm"
    defer { if !keepFile { try? FileManager.default.removeItem(atPath: path) } }

    let start = Harness.now()
    var generator = OSMFileGenerator(targetByteCount: megabytes * 1_000_000)
    let size = try generator.write(to: path)
    let seconds = Harness.now() - start
    print("generated \(path): \(size) bytes in \(Self.format(seconds)) s")

    let executable = try Self.executablePath()
    var rows: [[String]] = []
    for mode in XMLMemoryChild.Mode.allCases {
      let report = try Self.runChild(executable: executable, arguments: ["memory-child", path, "--mode", mode.rawValue])
      rows.append(Self.row(mode: mode, report: report, size: size))
    }
    print(Self.table(rows))
  }

  // MARK: - The child process

  static func executablePath() throws -> String {
    if let path = Bundle.main.executablePath { return path }
    guard let path = CommandLine.arguments.first else { throw SetupError("cannot find the foundry-bench executable") }
    return path
  }

  /// Runs a child command of this executable and returns its `key=value` lines.
  static func runChild(executable: String, arguments: [String]) throws -> [String: String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw SetupError("\(arguments.joined(separator: " ")) failed with status \(process.terminationStatus)")
    }
    var report: [String: String] = [:]
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      let parts = line.split(separator: "=", maxSplits: 1)
      if parts.count == 2 { report[String(parts[0])] = String(parts[1]) }
    }
    return report
  }

  // MARK: - Report

  private static let header = [
    "mode", "peak RSS MB", "VmHWM MB", "base MB", "peak/size", "(peak-base)/size", "nodes", "ways", "relations", "decode MB/s",
  ]

  private static func row(mode: XMLMemoryChild.Mode, report: [String: String], size: Int) -> [String] {
    func kib(_ key: String) -> Int? { report[key].flatMap { Int($0) } }
    func megabytes(_ key: String) -> String { kib(key).map { format(Double($0) * 1024 / 1e6) } ?? "-" }
    let peak = kib("maxrss_kib").map { Double($0) * 1024 }
    let base = kib("base_kib").map { Double($0) * 1024 }
    let seconds = report["seconds"].flatMap { Double($0) }
    return [
      mode.rawValue, megabytes("maxrss_kib"), megabytes("vmhwm_kib"), megabytes("base_kib"),
      peak.map { format($0 / Double(size)) + "x" } ?? "-",
      peak.flatMap { peak in base.map { format((peak - $0) / Double(size)) + "x" } } ?? "-",
      report["nodes"] ?? "-", report["ways"] ?? "-", report["relations"] ?? "-",
      seconds.map { format(Double(size) / 1e6 / $0) } ?? "-",
    ]
  }

  private static func table(_ rows: [[String]]) -> String {
    let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { column, cell in
        let pad = String(repeating: " ", count: widths[column] - cell.count)
        return column == 0 ? cell + pad : pad + cell
      }.joined(separator: "  ")
    }
    let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
    return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
  }

  static func format(_ value: Double) -> String {
    guard value.isFinite else { return "-" }
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}

/// `foundry-bench memory-child FILE --mode M` (hidden): decodes `FILE` in this fresh process and
/// prints `key=value` lines for ``XMLMemoryCommand``.
struct XMLMemoryChild: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "memory-child", shouldDisplay: false)

  enum Mode: String, ExpressibleByArgument, CaseIterable {
    case streaming, document
    /// `XMLElementReader` over the file on disk, 64 KiB at a time; models counted, not kept.
    case fileStream = "file-stream"
  }

  @Argument var path: String
  @Option var mode: Mode = .streaming

  func run() throws {
    if mode == .fileStream { return try streamFile() }
    let base = MemoryUsage.statusKiB("VmRSS")
    let bytes = try MemoryUsage.readFile(path)
    let decoder = MappingDecoder()
    let start = Harness.now()
    var nodes: [MappedOSM.Node] = []
    var ways: [MappedOSM.Way] = []
    var relations: [MappedOSM.Relation] = []
    switch mode {
    case .streaming:
      try XMLTree.forEachElement(in: bytes, options: XMLParsingOptions(), sourceName: path) { (element: XMLTree.Element) in
        switch element.qualifiedName {
        case "node": nodes.append(try decoder.decode(MappedOSM.Node.self, from: element))
        case "way": ways.append(try decoder.decode(MappedOSM.Way.self, from: element))
        case "relation": relations.append(try decoder.decode(MappedOSM.Relation.self, from: element))
        default: break
        }
      }
    case .document:
      let root = try decoder.decode(MappedOSM.Root.self, fromXML: bytes, sourceName: path)
      nodes = root.nodes
      ways = root.ways
      relations = root.relations
    case .fileStream:
      break
    }
    let seconds = Harness.now() - start
    let lines = [
      "bytes=\(bytes.count)", "seconds=\(seconds)",
      "nodes=\(nodes.count)", "ways=\(ways.count)", "relations=\(relations.count)",
      "maxrss_kib=\(MemoryUsage.maxResidentKiB())",
      "vmhwm_kib=\(MemoryUsage.statusKiB("VmHWM").map(String.init) ?? "-")",
      "base_kib=\(base.map(String.init) ?? "-")",
    ]
    print(lines.joined(separator: "\n"))
    // The models stay alive until the peak has been read.
    blackHole((bytes, nodes, ways, relations))
  }
}

extension XMLMemoryChild {
  /// `file-stream`: the file is never in memory whole. Each child of `<osm>` is cut out of
  /// 64 KiB reads, parsed and decoded, then dropped; the peak is the runtime plus about one
  /// chunk and one element, whatever the file's size.
  func streamFile() throws {
    let base = MemoryUsage.statusKiB("VmRSS")
    let decoder = MappingDecoder()
    let start = Harness.now()
    let reader = try XMLElementReader(contentsOfFile: path, at: "*")
    var counts = (nodes: 0, ways: 0, relations: 0)
    var sum = 0.0
    while let element = try reader.next() {
      switch element.qualifiedName {
      case "node":
        sum += try decoder.decode(MappedOSM.Node.self, from: element).lat
        counts.nodes += 1
      case "way":
        sum += Double(try decoder.decode(MappedOSM.Way.self, from: element).nodeRefs.count)
        counts.ways += 1
      case "relation":
        sum += Double(try decoder.decode(MappedOSM.Relation.self, from: element).members.count)
        counts.relations += 1
      default: break
      }
    }
    let seconds = Harness.now() - start
    let lines = [
      "bytes=\(reader.byteOffset)", "seconds=\(seconds)",
      "nodes=\(counts.nodes)", "ways=\(counts.ways)", "relations=\(counts.relations)",
      "maxrss_kib=\(MemoryUsage.maxResidentKiB())",
      "vmhwm_kib=\(MemoryUsage.statusKiB("VmHWM").map(String.init) ?? "-")",
      "base_kib=\(base.map(String.init) ?? "-")",
    ]
    print(lines.joined(separator: "\n"))
    blackHole(sum)
  }
}

// MARK: - Measuring

enum MemoryUsage {
  /// The peak resident set of this process in KiB, from `getrusage`.
  static func maxResidentKiB() -> Int {
    var usage = rusage()
    #if canImport(Glibc)
    let who = __rusage_who_t(RUSAGE_SELF.rawValue)
    #else
    let who = RUSAGE_SELF
    #endif
    guard getrusage(who, &usage) == 0 else { return -1 }
    #if canImport(Darwin)
    return Int(usage.ru_maxrss) / 1024  // bytes on macOS
    #else
    return Int(usage.ru_maxrss)  // KiB on Linux
    #endif
  }

  /// A `kB` line of `/proc/self/status` (`VmHWM`, `VmRSS`), or `nil` where there is none.
  static func statusKiB(_ key: String) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix(key + ":") {
      return Int(line.dropFirst(key.count + 1).filter(\.isNumber))
    }
    return nil
  }

  /// The whole file in one array, read straight into it: no `Data` beside it to double the peak.
  static func readFile(_ path: String) throws -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw SetupError("cannot open '\(path)'") }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw SetupError("cannot stat '\(path)'") }
    let size = Int(info.st_size)
    var failed = false
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      count = 0
      guard let base = buffer.baseAddress else { return }
      while count < size {
        let result = read(descriptor, base + count, size - count)
        if result <= 0 {
          failed = result < 0
          return
        }
        count += result
      }
    }
    guard !failed, bytes.count == size else { throw SetupError("cannot read '\(path)'") }
    return bytes
  }
}
