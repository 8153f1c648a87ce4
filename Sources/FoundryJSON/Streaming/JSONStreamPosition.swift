import FoundryInternals

/// The JSON scanner's name for the position type shared with the XML stream scanner.
typealias JSONStreamPosition = StreamPosition
