import SwiftSyntaxMacros

/// Every macro the plugin provides.
public let macros: [any Macro.Type] = []
