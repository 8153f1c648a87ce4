// swift-tools-version: 6.2
import CompilerPluginSupport
import PackageDescription

// Layers (see ARCHITECTURE.md): dependencies point one way, top to bottom.
//   foundry (CLI) -> FoundryCLI -> Foundry (mapping) -> FoundryJSON -> FoundryInternals
//   Foundry declares the macros that FoundryMacros (thin plugin) expands with the
//   SwiftSyntax logic of FoundryMacrosCore.
//   FoundryXML sits beside FoundryJSON: Foundry maps both.
//   FoundryGraph (schemas, managed objects, graph import/export) sits on Foundry.
//   FoundryStore (contexts, schema to tables, queries, backend-neutral) sits on FoundryGraph;
//   FoundrySQLite is its SQLite backend (GRDB), so only users of that backend build GRDB;
//   FoundryPostgres its PostgreSQL backend (postgres-nio), built only by those who use it.

let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

// `FOUNDRY_SANITIZE=thread` (or `address`), as `scripts/sanitize` sets it: Foundry's own
// modules, tests and executables are compiled with that sanitizer and linked with its runtime;
// the dependencies and the macros (which run inside the compiler) are not. Foundry's code is
// checked, its locks, queues and tasks are seen through the runtime's interceptors, and the
// build reuses the dependencies of a normal debug build instead of compiling swift-syntax,
// SwiftNIO and BoringSSL again. Without the variable (always, for a package that depends on
// Foundry) there is no unsafe flag.
let sanitizer = Context.environment["FOUNDRY_SANITIZE"].flatMap { ["thread", "address"].contains($0) ? $0 : nil }
let sanitizing: [String] = sanitizer.map { ["-sanitize=\($0)"] } ?? []
// `FOUNDRY_MACRO_PLUGIN=<absolute path of a built FoundryMacros-tool>`, as `.ci/run` sets it
// for the benchmark's release build and `scripts/fuzz` for its sanitized one: the macros are
// expanded by that plugin (the debug build's: what a macro writes does not depend on how the
// plugin was compiled), and the FoundryMacros target is not built, nor swift-syntax with it,
// a second time in release or instrumented. Without the variable, the plugin is built as usual.
let macroPlugin = Context.environment["FOUNDRY_MACRO_PLUGIN"].flatMap { $0.isEmpty ? nil : $0 }
/// The dependency on the macros of the targets that declare or expand them.
let macroDependency: [Target.Dependency] = macroPlugin == nil ? ["FoundryMacros"] : []
let macroLoading: [String] = macroPlugin.map { ["-load-plugin-executable", "\($0)#FoundryMacros"] } ?? []
/// The settings of every target but the macros': strict, sanitized when asked, and loading a
/// prebuilt macro plugin when given one.
let ownFlags = sanitizing + macroLoading
let ownSettings: [SwiftSetting] = strictSettings + (ownFlags.isEmpty ? [] : [.unsafeFlags(ownFlags)])
/// The linker settings of the executables and tests, which link the sanitizer's runtime when asked.
let ownLinking: [LinkerSetting] = sanitizing.isEmpty ? [] : [.unsafeFlags(sanitizing)]

let package = Package(
  name: "Foundry",
  // Observation (observable @Entity objects) needs these.
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
  products: [
    .library(name: "Foundry", targets: ["Foundry"]),
    .library(name: "FoundryJSON", targets: ["FoundryJSON"]),
    .library(name: "FoundryXML", targets: ["FoundryXML"]),
    .library(name: "FoundryGraph", targets: ["FoundryGraph"]),
    .library(name: "FoundryStore", targets: ["FoundryStore"]),
    .library(name: "FoundrySQLite", targets: ["FoundrySQLite"]),
    .library(name: "FoundryPostgres", targets: ["FoundryPostgres"]),
    .executable(name: "foundry", targets: ["foundry"]),
    .executable(name: "foundry-bench", targets: ["foundry-bench"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.0"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    // The XML baseline of foundry-bench only; no library target depends on it.
    .package(url: "https://github.com/CoreOffice/XMLCoder", from: "0.18.0"),
    // `swift package generate-documentation` (.ci/run builds every catalog); no target depends on it.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // Property-based and differential tests only; no library target depends on it.
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
  ],
  targets: [
    // Package-internal utilities shared by the document layers: source locations,
    // compiler-style diagnostics, key-path syntax.
    .target(name: "FoundryInternals", swiftSettings: ownSettings),
    .target(name: "FoundryJSON", dependencies: ["FoundryInternals"], swiftSettings: ownSettings),
    .target(name: "FoundryXML", dependencies: ["FoundryInternals"], swiftSettings: ownSettings),
    .target(
      name: "FoundryMacrosCore",
      dependencies: [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
      ],
      swiftSettings: strictSettings
    ),
    .macro(
      name: "FoundryMacros",
      dependencies: [
        "FoundryMacrosCore",
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
      ],
      swiftSettings: strictSettings
    ),
    .target(
      name: "Foundry",
      dependencies: ["FoundryJSON", "FoundryXML", "FoundryInternals"] + macroDependency,
      swiftSettings: ownSettings
    ),
    .target(
      name: "FoundryGraph",
      dependencies: ["Foundry", "FoundryJSON", "FoundryXML", "FoundryInternals"] + macroDependency,
      swiftSettings: ownSettings
    ),
    .target(
      name: "FoundryStore",
      dependencies: ["FoundryGraph", "Foundry", "FoundryJSON", "FoundryXML", "FoundryInternals"],
      swiftSettings: ownSettings
    ),
    .target(
      name: "FoundrySQLite",
      dependencies: [
        "FoundryStore", "FoundryGraph", .product(name: "GRDB", package: "GRDB.swift"),
        // SQLite's C API, to read column values without GRDB's per-row types.
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ],
      swiftSettings: ownSettings
    ),
    .target(
      name: "FoundryPostgres",
      dependencies: [
        "FoundryStore", "FoundryGraph", "FoundryInternals",
        .product(name: "PostgresNIO", package: "postgres-nio"),
      ],
      swiftSettings: ownSettings
    ),
    .target(
      name: "FoundryCLI",
      dependencies: [
        "Foundry",
        "FoundryGraph",
        "FoundryStore",
        "FoundrySQLite",
        "FoundryPostgres",
        "FoundryJSON",
        "FoundryXML",
        "FoundryInternals",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: ownSettings
    ),
    .executableTarget(name: "foundry", dependencies: ["FoundryCLI"], swiftSettings: ownSettings, linkerSettings: ownLinking),
    .executableTarget(
      name: "foundry-bench",
      dependencies: [
        "Foundry",
        "FoundryGraph",
        "FoundryStore",
        "FoundrySQLite",
        // The store cases' baseline: raw GRDB inserts and records.
        .product(name: "GRDB", package: "GRDB.swift"),
        // store.import.postgres, and its baseline: raw postgres-nio inserts.
        "FoundryPostgres",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        "FoundryJSON",
        "FoundryXML",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "XMLCoder", package: "XMLCoder"),
      ],
      swiftSettings: ownSettings, linkerSettings: ownLinking
    ),
    .target(name: "FoundryTestSupport", dependencies: ["FoundryJSON"], swiftSettings: ownSettings),
    .testTarget(
      name: "FoundryXMLTests",
      dependencies: ["FoundryXML", "FoundryTestSupport", .product(name: "PropertyBased", package: "swift-property-based")],
      swiftSettings: ownSettings, linkerSettings: ownLinking
    ),
    .testTarget(
      name: "FoundryInternalsTests",
      dependencies: ["FoundryInternals", .product(name: "PropertyBased", package: "swift-property-based")],
      swiftSettings: ownSettings, linkerSettings: ownLinking
    ),
    .testTarget(
      name: "FoundryJSONTests",
      dependencies: ["FoundryJSON", "FoundryInternals", "FoundryTestSupport", .product(name: "PropertyBased", package: "swift-property-based")],
      swiftSettings: ownSettings, linkerSettings: ownLinking
    ),
    .testTarget(
      name: "FoundryTests",
      dependencies: [
        "Foundry", "FoundryJSON", "FoundryXML", "FoundryTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: ownSettings, linkerSettings: ownLinking
    ),
    // The models `foundry generate --from-sample` writes for Fixtures/Samples and Examples,
    // compiled in a target of their own so their type names meet no other test's.
    .testTarget(
      name: "FoundrySampleModelTests",
      dependencies: ["Foundry", "FoundryJSON", "FoundryXML"],
      exclude: ["Fixtures"],
      swiftSettings: ownSettings, linkerSettings: ownLinking
    ),
    .testTarget(
      name: "FoundryGraphTests",
      dependencies: [
        "FoundryGraph", "Foundry", "FoundryJSON", "FoundryXML", "FoundryInternals", "FoundryTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      exclude: ["Fixtures"],
      swiftSettings: ownSettings, linkerSettings: ownLinking
    ),
    .testTarget(
      name: "FoundryStoreTests",
      dependencies: [
        "FoundryStore", "FoundrySQLite", "FoundryPostgres", "FoundryGraph", "Foundry", "FoundryJSON", "FoundryInternals", "FoundryTestSupport",
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      exclude: ["Fixtures"],
      swiftSettings: ownSettings, linkerSettings: ownLinking
    ),
    .testTarget(
      name: "FoundryMacrosTests",
      dependencies: [
        "FoundryMacrosCore",
        .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
      ],
      swiftSettings: strictSettings
    ),
    // Every Swift block of the README and the DocC articles, compiled and run; a test checks
    // that the blocks are word for word the code the tests run.
    .testTarget(
      name: "FoundryDocSnippetTests",
      dependencies: ["Foundry", "FoundryJSON", "FoundryXML", "FoundryGraph", "FoundryStore", "FoundrySQLite", "FoundryPostgres"],
      swiftSettings: ownSettings, linkerSettings: ownLinking
    ),
    .testTarget(
      name: "FoundryCLITests",
      dependencies: ["FoundryCLI", "FoundryTestSupport"],
      swiftSettings: ownSettings, linkerSettings: ownLinking
    ),
  ],
  swiftLanguageModes: [.v6]
)
