#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One benchmark: our operation and a baseline doing the same job on the same input.
struct BenchmarkCase {
  /// The case name, e.g. `json.parse`.
  var name: String
  /// The input file's name, for the report.
  var file: String
  /// The number of input bytes one run processes; throughput is counted against this.
  var byteCount: Int
  var baselineName: String
  var ours: () throws -> Void
  var baseline: () throws -> Void
  /// Run before every run of either side, outside its time (emptying a database both write).
  var setUp: (() throws -> Void)? = nil
}

/// One row of the report.
struct BenchmarkResult {
  var name: String
  var file: String
  var mbps: Double
  var baselineName: String
  var baselineMbps: Double
  var ratio: Double { baselineMbps > 0 ? mbps / baselineMbps : 0 }
}

/// Runs cases: warm-up, then interleaved timed samples of ours and the baseline, median of each.
///
/// A sample repeats the operation until it has run for at least `sampleTarget` seconds, so
/// sub-millisecond operations are not lost in clock resolution.
struct Harness {
  var iterations: Int
  var warmups: Int
  var sampleTarget = 0.02

  func run(_ benchmark: BenchmarkCase) throws -> BenchmarkResult {
    let setUp = benchmark.setUp
    let ourRepeats = try calibrate(benchmark.ours, setUp: setUp)
    let baselineRepeats = try calibrate(benchmark.baseline, setUp: setUp)
    for _ in 0..<warmups {
      _ = try sample(benchmark.ours, setUp: setUp, repeats: ourRepeats)
      _ = try sample(benchmark.baseline, setUp: setUp, repeats: baselineRepeats)
    }
    var ours: [Double] = []
    var baseline: [Double] = []
    for _ in 0..<iterations {
      ours.append(try sample(benchmark.ours, setUp: setUp, repeats: ourRepeats))
      baseline.append(try sample(benchmark.baseline, setUp: setUp, repeats: baselineRepeats))
    }
    let megabytes = Double(benchmark.byteCount) / 1e6
    return BenchmarkResult(
      name: benchmark.name,
      file: benchmark.file,
      mbps: megabytes / Self.median(ours),
      baselineName: benchmark.baselineName,
      baselineMbps: megabytes / Self.median(baseline)
    )
  }

  /// How many runs make one sample last about `sampleTarget` seconds.
  private func calibrate(_ operation: () throws -> Void, setUp: (() throws -> Void)?) throws -> Int {
    let once = try sample(operation, setUp: setUp, repeats: 1)
    return max(1, min(10_000, Int(sampleTarget / max(once, 1e-7))))
  }

  /// Seconds per run, averaged over `repeats` runs (each after `setUp`, untimed, if any).
  private func sample(_ operation: () throws -> Void, setUp: (() throws -> Void)?, repeats: Int) throws -> Double {
    guard let setUp else {
      let start = Self.now()
      for _ in 0..<repeats { try operation() }
      return (Self.now() - start) / Double(repeats)
    }
    var total = 0.0
    for _ in 0..<repeats {
      try setUp()
      let start = Self.now()
      try operation()
      total += Self.now() - start
    }
    return total / Double(repeats)
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
  }

  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

/// Keeps a result alive so the optimizer cannot drop the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
