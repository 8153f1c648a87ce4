import ArgumentParser
import Foundation
import Foundry
import FoundryJSON

/// `foundry-bench json-memory [--megabytes 100]`: the peak memory of streaming a generated
/// GeoJSON-like file (`{"type": ..., "features": [...]}`) into models, in a fresh process.
///
/// The child reads the file with ``JSONElementReader`` (64 KiB at a time), decodes each
/// feature with `MappingDecoder.decode(_:from:)` and keeps only a count and a sum, so its peak
/// is the runtime plus one chunk and one element, whatever the file's size. Run it at two sizes
/// (`--megabytes 100`, `--megabytes 1000`) to see that the peak does not grow with the file.
struct JSONMemoryCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "json-memory",
    abstract: "Peak RSS of streaming a generated JSON array file into models, in a fresh process."
  )

  @OptionGroup var input: GeneratedSize

  func run() throws {
    let path = FileManager.default.temporaryDirectory.path + "/foundry-bench-json-memory-\(getpid()).json"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let size = try Self.writeFeatures(to: path, byteCount: input.byteCount)
    let report = try XMLMemoryCommand.runChild(executable: try XMLMemoryCommand.executablePath(), arguments: ["json-memory-child", path])
    let peak = (report["maxrss_kib"].flatMap { Double($0) } ?? 0) * 1024
    let base = (report["base_kib"].flatMap { Double($0) } ?? 0) * 1024
    let seconds = report["seconds"].flatMap { Double($0) } ?? .nan
    let megabytes = { (bytes: Double) in XMLMemoryCommand.format(bytes / 1e6) }
    print("file \(megabytes(Double(size))) MB, \(report["features"] ?? "-") features decoded in \(XMLMemoryCommand.format(seconds)) s (\(megabytes(Double(size) / seconds)) MB/s)")
    print("peak RSS \(megabytes(peak)) MB (\(XMLMemoryCommand.format(peak / Double(size)))x the file; \(megabytes(base)) MB before reading it)")
  }

  /// Writes features until the file reaches `byteCount`, 1 MB at a time.
  static func writeFeatures(to path: String, byteCount: Int) throws -> Int {
    guard FileManager.default.createFile(atPath: path, contents: nil) else { throw SetupError("cannot create \(path)") }
    let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? file.close() }
    var text = #"{"type": "FeatureCollection", "metadata": {"title": "generated [quakes]"}, "features": ["# + "\n"
    var written = 0
    var id = 0
    while written + text.utf8.count < byteCount {
      if id > 0 { text += ",\n" }
      text +=
        #"{"type": "Feature", "id": "q\#(id)", "properties": {"mag": \#(Double(id % 70) / 10), "place": "\#(id % 97) km N of \"Somewhere\" [\#(id)]", "time": \#(1_700_000_000_000 + id)}, "geometry": {"type": "Point", "coordinates": [\#(Double(id % 360) - 180), \#(Double(id % 180) - 90), 10.5]}}"#
      id += 1
      if text.utf8.count >= 1_000_000 {
        try file.write(contentsOf: Data(text.utf8))
        written += text.utf8.count
        text = ""
      }
    }
    text += "\n], \"bbox\": [-180, -90, 180, 90]}\n"
    try file.write(contentsOf: Data(text.utf8))
    return written + text.utf8.count
  }
}

/// The child of `json-memory`: streams the file into models and prints its peak.
struct JSONMemoryChild: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "json-memory-child", shouldDisplay: false)

  @Mappable
  struct Feature {
    let id: String
    @Key("properties.mag") var magnitude: Double
    @Key("properties.place") var place: String
    @Key("geometry.coordinates") var coordinates: [Double]
  }

  @Argument var path: String

  func run() throws {
    let base = MemoryUsage.statusKiB("VmRSS")
    let decoder = MappingDecoder()
    let start = Harness.now()
    let reader = try JSONElementReader(contentsOfFile: path, layout: .array(at: "features"))
    var count = 0
    var magnitudes = 0.0
    while let element = try reader.next() {
      let feature = try decoder.decode(Feature.self, from: element.root, sourceName: path)
      count += 1
      magnitudes += feature.magnitude
    }
    let seconds = Harness.now() - start
    print(
      [
        "features=\(count)", "seconds=\(seconds)", "maxrss_kib=\(MemoryUsage.maxResidentKiB())",
        "base_kib=\(base.map(String.init) ?? "-")",
      ].joined(separator: "\n"))
    blackHole(magnitudes)
  }
}
