import FoundryJSON

/// Prints results as a readable table or as a JSON array for machines.
enum Report {
  static func table(_ results: [BenchmarkResult]) -> String {
    let header = ["case", "file", "MB/s", "baseline", "baseline MB/s", "ratio"]
    let rows = results.map { result in
      [
        result.name, result.file, format(result.mbps), result.baselineName,
        format(result.baselineMbps), format(result.ratio) + "x",
      ]
    }
    let numeric: Set<Int> = [2, 4, 5]
    let widths = header.indices.map { column in
      ([header] + rows).map { $0[column].count }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { column, cell in
        let pad = String(repeating: " ", count: widths[column] - cell.count)
        return numeric.contains(column) ? pad + cell : cell + pad
      }.joined(separator: "  ")
    }
    let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
    return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
  }

  static func json(_ results: [BenchmarkResult]) -> String {
    let rows: [JSONValue] = results.map { result in
      [
        "case": .string(result.name),
        "file": .string(result.file),
        "mbps": number(result.mbps),
        "baseline": .string(result.baselineName),
        "baselineMbps": number(result.baselineMbps),
        "ratio": number(result.ratio),
      ]
    }
    var options = JSONWritingOptions()
    options.isPretty = true
    return JSONValue.array(rows).makeJSONString(options: options)
  }

  private static func number(_ value: Double) -> JSONValue {
    JSONNumber((value * 100).rounded() / 100).map(JSONValue.number) ?? .null
  }

  private static func format(_ value: Double) -> String {
    guard value.isFinite else { return "-" }
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}
