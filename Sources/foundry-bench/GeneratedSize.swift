import ArgumentParser

/// `--megabytes N`: the size of a memory command's generated input, 1 to 4,000 MB (10^6 bytes).
struct GeneratedSize: ParsableArguments {
  @Option(help: "The size of the generated input in MB (10^6 bytes).")
  var megabytes: Int = 100

  /// The size in bytes.
  var byteCount: Int { megabytes * 1_000_000 }

  func validate() throws {
    guard megabytes > 0, megabytes <= 4000 else { throw ValidationError("--megabytes must be in 1...4000") }
  }
}
