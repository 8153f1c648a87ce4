import SwiftSyntaxMacros

/// Every macro the plugin provides.
public let macros: [any Macro.Type] = [
  MappableMacro.self,
  KeyMacro.self,
  TransformMacro.self,
  DefaultMacro.self,
  IgnoreMacro.self,
  UnknownKeysMacro.self,
  ValidateMacro.self,
]
