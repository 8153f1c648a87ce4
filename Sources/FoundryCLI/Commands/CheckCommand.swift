import ArgumentParser
import FoundrySQLite
import FoundryStore

/// `foundry check --store FILE`: SQLite's integrity and foreign-key checks and the store's own
/// (its record's format, every table and index it was made with), one line per problem.
///
/// ```
/// $ foundry check --store library.sqlite
/// library.sqlite: ok
/// ```
struct CheckCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check an SQLite store file for damage.",
    discussion: """
      Runs SQLite's integrity_check (every page, every index against its table) and \
      foreign_key_check, then checks that the store records a format this Foundry reads and \
      still has every table and index it was made with. The file is not changed. Prints one \
      line per problem, or FILE: ok. Exit status: 0 when the store is sound, 1 when a problem \
      was found.
      """
  )

  @Option(help: ArgumentHelp("The SQLite store file.", valueName: "file"))
  var store: String

  func run(console: Console) throws {
    let problems = Store.problems(ofFileAt: store)
    guard !problems.isEmpty else { return console.print("\(store): ok") }
    for problem in problems { console.print(problem) }
    throw ExitCode.failure
  }
}
