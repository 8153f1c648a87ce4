import Foundry
import FoundryJSON

/// Graph values read and write themselves like any mappable value: a string is `.string`, an
/// integral number `.integer`, another number `.double`, a Boolean `.bool`, anything else `.json`.
///
/// ```swift
/// let key = try MappingDecoder().decode(GraphValue.self, from: "42")   // .integer(42)
/// ```
extension GraphValue: MappableValue {
  public static func read(from value: ValueReader) throws -> GraphValue {
    switch value.kind {
    case .string: return .string(try value.string())
    case .bool: return .bool(try value.bool())
    case .number:
      let number = try value.number()
      if let integer = number.int64 { return .integer(integer) }
      return .double(try value.double())
    default: return .json(try JSONValue.read(from: value))
    }
  }

  public func write(to writer: inout ValueWriter) throws {
    switch self {
    case .string(let value): writer.write(value)
    case .integer(let value): writer.write(value)
    case .double(let value): try writer.write(value)
    case .float(let value): try value.write(to: &writer)
    case .decimal(let value): try writer.write(value)
    case .bool(let value): writer.write(value)
    case .date(let value): try value.write(to: &writer)
    case .data(let value): try value.write(to: &writer)
    case .uuid(let value): try value.write(to: &writer)
    case .url(let value): try value.write(to: &writer)
    case .json(let value): writer.write(value)
    case .custom(let value): try value.type.write(value.base, &writer)
    }
  }
}
