// swift-tools-version: 6.2
import PackageDescription

// Coverage-guided fuzz targets for Foundry (libFuzzer), kept out of the root package so that
// `swift build` and `swift test` never see them. Each target is a small executable whose
// `main` is libFuzzer's. Build and run them with `scripts/fuzz`: it compiles every module,
// Foundry's included, with the address sanitizer and libFuzzer's coverage instrumentation;
// only these executables link libFuzzer itself (`--sanitize fuzzer` would give the macro
// plugin, a host executable, libFuzzer's `main` too).

let targets = [
  // name, what it links
  ("FuzzJSONParse", ["FoundryJSON"]),
  ("FuzzJSONRoundTrip", ["FoundryJSON"]),
  ("FuzzXMLParse", ["FoundryXML"]),
  ("FuzzXMLRoundTrip", ["FoundryXML"]),
  ("FuzzMappableDecode", ["Foundry", "FoundryJSON", "FoundryXML"]),
  ("FuzzModelFile", ["FoundryGraph"]),
  ("FuzzGraphImport", ["FoundryGraph", "Foundry"]),
  ("FuzzQueryParse", ["FoundryStore"]),
]

// `FOUNDRY_MACRO_PLUGIN` (see the root package): the macros these targets expand come from that
// prebuilt plugin, and swift-syntax is not built again with the address sanitizer.
let macroLoading: [String] = Context.environment["FOUNDRY_MACRO_PLUGIN"].flatMap { $0.isEmpty ? nil : ["-load-plugin-executable", "\($0)#FoundryMacros"] } ?? []

let package = Package(
  name: "FoundryFuzz",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: "Foundry", path: "..")],
  targets: [
    .target(name: "CFuzzer"),
    .target(name: "FuzzSupport", dependencies: ["CFuzzer"]),
  ]
    + targets.map { name, products in
      .executableTarget(
        name: name,
        dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: "Foundry") },
        // No `main.swift`: libFuzzer's `main` (linked whole) calls `LLVMFuzzerTestOneInput`, and
        // `<Target>_main`, which SwiftPM aliases `main` to, runs the same driver. lld, because
        // gold fails on the two definitions instead of letting the alias win.
        swiftSettings: [.unsafeFlags(["-parse-as-library"] + macroLoading)],
        linkerSettings: [.unsafeFlags(["-sanitize=fuzzer", "-use-ld=lld"])]
      )
    },
  swiftLanguageModes: [.v6]
)
