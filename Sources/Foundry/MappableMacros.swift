// The `@Mappable` family. The macros expand in the FoundryMacros plugin; the field attributes
// expand to nothing and only check where they are placed: `@Mappable` reads them.

/// Makes a struct, final class or raw-value enum mappable: generates its ``MappingSchema``,
/// `init(from:)` and `encode(to:)`, and the conformances to ``Mappable`` and `Codable`.
///
/// Every stored property is a field, in declaration order. A property's key is its name,
/// passed through `keys`, unless `@Key` says otherwise; an initial value or
/// ``Default(_:)`` is the value for a missing key or `null`; an optional is `nil` then;
/// anything else is required. Computed, `static` and `lazy` properties are not fields.
///
/// ```swift
/// @Mappable(keys: .snakeCase)
/// struct User: Equatable {
///   @Key("user_name") var name: String
///   @Key("user_stats.views") var views: Int = 0
///   @Key(["id", "uuid"]) let id: String
///   @Default(0) let score: Int
///   @Ignore var cache: [String: Int] = [:]
///   var websiteURL: URL?                // key "website_url"
///   var followers: [User] = []
/// }
///
/// @Mappable enum Gender: String { case male, female }   // maps through its raw values
///
/// let user = try MappingDecoder().decode(User.self, from: json)
/// let text = try MappingEncoder().encodeToString(user)
/// ```
///
/// The `Codable` conformance goes through ``MappingCodableBridge``, so `JSONEncoder`,
/// `PropertyListEncoder` and friends see the same keys as ``MappingEncoder``; a type that
/// declares `Codable` itself keeps its own (or the synthesized) implementation.
///
/// Structs keep their memberwise initializer: the generated members go in the conformance
/// extension. Classes must be `final` (the generated initializer is a designated one, in the
/// class body). Generic types map when their generic parameters are ``MappableValue``s, and
/// build their schema on each use, since generic types cannot have static stored properties.
/// Enums whose cases carry payloads map through ``Mappable(discriminator:keys:)`` or
/// ``Mappable(variants:keys:)``.
///
/// - Parameters:
///   - keys: How property names become keys when no `@Key` is given.
///   - unknownKeys: What to do with input keys no field maps; `.preserve` when the type has an
///     ``UnknownKeys()`` property and this argument is left out.
///   - nilEncoding: Whether `nil` optionals are left out or written as `null`.
///   - coercion: Overrides the decoder's coercion mode for this type's fields.
///   - formats: How this type's `Date` and `Data` fields without a transformer read and
///     write, instead of the decoder's and encoder's settings.
@attached(member, names: named(mappingSchema), named(init(from:)), named(update(from:)), named(encode(to:)))
@attached(
  extension, conformances: Mappable, MappableValue, Decodable, Encodable,
  names: named(mappingSchema), named(init(from:)), named(update(from:)), named(encode(to:))
)
public macro Mappable(
  keys: KeyStrategy = .asWritten,
  unknownKeys: UnknownKeyPolicy = .ignore,
  nilEncoding: NilEncodingPolicy = .omit,
  coercion: CoercionMode? = nil,
  formats: ValueFormats? = nil
) = #externalMacro(module: "FoundryMacros", type: "MappableMacro")

/// Maps a property to an explicit key path instead of its name.
///
/// Dots walk into objects, numeric segments index arrays (`-1` is the last element), `\.`
/// escapes a dot inside a key, and the empty path maps a nested model's fields from the
/// current object (flattening).
///
/// ```swift
/// @Key("user_name") var name: String
/// @Key("user_stats.views") var views: Int = 0
/// @Key("user_avatars.0.image_url") var avatar: URL?
/// @Key(#"version\.major"#) var major: Int           // the key "version.major"
/// @Key("") var address: Address                      // fields of Address sit on this object
/// ```
///
/// - Parameter path: The key path.
@attached(peer)
public macro Key(_ path: String) = #externalMacro(module: "FoundryMacros", type: "KeyMacro")

/// Maps a property to the first of several key paths present in the input; encoding writes
/// the first.
///
/// ```swift
/// @Key(["id", "uuid", "identifier"]) let id: String
/// ```
///
/// - Parameter paths: The key paths, in order of preference.
@attached(peer)
public macro Key(_ paths: [String]) = #externalMacro(module: "FoundryMacros", type: "KeyMacro")

/// Maps a property to a key path through a transformer.
///
/// ```swift
/// @Key("created", .iso8601) var created: Date?
/// @Key("price", CentsTransformer()) var cents: Int
/// ```
///
/// - Parameters:
///   - path: The key path.
///   - transformer: Converts between the document value and the property's type.
@attached(peer)
public macro Key<Transformer: MappingTransformer>(_ path: String, _ transformer: Transformer) =
  #externalMacro(module: "FoundryMacros", type: "KeyMacro")

/// Maps a property to the first present of several key paths, through a transformer.
///
/// ```swift
/// @Key(["created", "created_at"], .iso8601) var created: Date?
/// ```
///
/// - Parameters:
///   - paths: The key paths, in order of preference.
///   - transformer: Converts between the document value and the property's type.
@attached(peer)
public macro Key<Transformer: MappingTransformer>(_ paths: [String], _ transformer: Transformer) =
  #externalMacro(module: "FoundryMacros", type: "KeyMacro")

/// Maps a property to a key path through a transformer known by name: Mantle's keymap with
/// transformer names. The name (or a spec such as `date:yyyy-MM-dd`) is resolved in the
/// decoder's or encoder's ``TransformerRegistry`` when the field is read or written.
///
/// ```swift
/// @Key("piyo", transformer: "url") var piyoURL: URL
/// @Key("price", transformer: "cents") var cents: Int     // registered by the app
/// ```
///
/// - Parameters:
///   - path: The key path.
///   - name: The registered name or spec of the transformer.
@attached(peer)
public macro Key(_ path: String, transformer name: String) = #externalMacro(module: "FoundryMacros", type: "KeyMacro")

/// Maps a property to the first present of several key paths, through a transformer known by name.
///
/// ```swift
/// @Key(["updated", "modified"], transformer: "iso8601") var updated: Date
/// ```
@attached(peer)
public macro Key(_ paths: [String], transformer name: String) = #externalMacro(module: "FoundryMacros", type: "KeyMacro")

/// Reads and writes a property through a transformer known by name, keeping its default key.
///
/// ```swift
/// @Transform(named: "epoch-ms") var updatedAt: Date
/// ```
@attached(peer)
public macro Transform(named name: String) = #externalMacro(module: "FoundryMacros", type: "TransformMacro")

/// Reads and writes a property through a transformer, keeping its default key.
///
/// ```swift
/// @Transform(.iso8601) var updatedAt: Date
/// ```
///
/// - Parameter transformer: Converts between the document value and the property's type.
@attached(peer)
public macro Transform<Transformer: MappingTransformer>(_ transformer: Transformer) =
  #externalMacro(module: "FoundryMacros", type: "TransformMacro")

/// The value a property takes when its key is missing or `null`; unlike an initial value it
/// works on `let` properties too.
///
/// ```swift
/// @Default(0) let retries: Int
/// @Default(Status.active) var status: Status
/// @Default([String]()) let tags: [String]     // empty literals need a type
/// ```
///
/// - Parameter value: The default.
@attached(peer)
public macro Default<Value>(_ value: Value) = #externalMacro(module: "FoundryMacros", type: "DefaultMacro")

/// Leaves a property out of mapping: decoding gives it its initial value (or `nil`), encoding
/// skips it.
///
/// ```swift
/// @Ignore var cache: [String: Int] = [:]
/// @Ignore var selection: Int?
/// ```
@attached(peer)
public macro Ignore() = #externalMacro(module: "FoundryMacros", type: "IgnoreMacro")

/// Collects the input keys no field maps, and writes them back when encoding.
///
/// Declaring one makes the type's unknown-key policy ``UnknownKeyPolicy/preserve`` unless
/// `@Mappable(unknownKeys:)` says otherwise.
///
/// ```swift
/// @Mappable
/// struct Settings {
///   var theme: String
///   @UnknownKeys var extra: JSONObject = [:]
/// }
/// // {"theme": "dark", "beta": true} → extra == ["beta": true], and encodes back the same
/// ```
@attached(peer)
public macro UnknownKeys() = #externalMacro(module: "FoundryMacros", type: "UnknownKeysMacro")

/// Checks a property's value after it is read: a failure is a `validationFailed`
/// ``MappingError`` at the property's path, or in lossy mode a defaulted field with the reason.
///
/// ```swift
/// @Validate(.range(0...150)) var age: Int
/// @Validate(.atLeast(1)) var quantity: Int = 1
/// @Validate(Validator<String>.nonEmpty) var name: String?
/// @Validate(.custom("an address with @") { (email: String) in email.contains("@") }) var email: String
/// ```
///
/// The validator checks the wrapped value of an optional. Validators with no argument to infer
/// the type from (`.nonEmpty`, `.count(_:)`) need it spelled: `Validator<String>.nonEmpty`.
///
/// - Parameter validator: The check.
@attached(peer)
public macro Validate<Value>(_ validator: Validator<Value>) = #externalMacro(module: "FoundryMacros", type: "ValidateMacro")
