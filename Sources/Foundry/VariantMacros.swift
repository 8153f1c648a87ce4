// `@Mappable` for enums whose cases carry payloads (polymorphic payloads), and `@DefaultCase`.
// They expand in the FoundryMacros plugin, through the same macro as `@Mappable`.

/// Makes an enum whose cases carry payloads mappable, each payload naming its case in member
/// `discriminator`: `{"type": "image", "url": "a.png"}` is `.image(Image(url: "a.png"))`.
///
/// A case's name is its own name passed through `keys`, or what `@Key` on the case
/// says (several names are all read; the first is written). A case carries one payload, a
/// ``Mappable`` model read from the same object (the discriminator is not one of its unknown
/// keys), or none (`{"type": "deleted"}`). A ``DefaultCase()`` with a `JSONValue` keeps a
/// payload whose name no case has; without one, such a payload is an error whose path ends at
/// the discriminator, which lossy decoding reports where it drops the value. Encoding writes
/// each case back in the same shape (in XML, the discriminator as an attribute; reading takes
/// an attribute or a child element).
///
/// ```swift
/// @Mappable(discriminator: "type")
/// enum Attachment {
///   case image(Image)
///   @Key(["video", "movie"]) case video(Video)
///   case deleted
///   @DefaultCase case other(JSONValue)
/// }
/// let attachments = try MappingDecoder().decode([Attachment].self, from: json)
/// ```
///
/// - Parameters:
///   - discriminator: The payload member that names the case.
///   - keys: How case names become the names payloads use when no `@Key` is given.
@attached(member, names: named(mappingSchema), named(init(from:)), named(update(from:)), named(encode(to:)))
@attached(
  extension, conformances: Mappable, MappableValue, Decodable, Encodable,
  names: named(read(from:)), named(write(to:)), named(markupSchema), named(init(from:)), named(encode(to:))
)
public macro Mappable(discriminator: String, keys: KeyStrategy = .asWritten) =
  #externalMacro(module: "FoundryMacros", type: "MappableMacro")

/// Makes an enum whose cases carry payloads mappable, telling the cases apart by a wrapping
/// key (`{"image": {"url": "a.png"}}`) or by trying them in order.
///
/// ```swift
/// @Mappable(variants: .wrapped)
/// enum Event { case created(Item), deleted(Tombstone) }   // {"created": {...}}
///
/// @Mappable(variants: .untagged)
/// enum Identifier { case number(Int), text(String) }      // 42 or "A-42"
/// ```
///
/// - Parameters:
///   - variants: How a payload names its case.
///   - keys: How case names become wrapping keys when no `@Key` is given.
@attached(member, names: named(mappingSchema), named(init(from:)), named(update(from:)), named(encode(to:)))
@attached(
  extension, conformances: Mappable, MappableValue, Decodable, Encodable,
  names: named(read(from:)), named(write(to:)), named(markupSchema), named(init(from:)), named(encode(to:))
)
public macro Mappable(variants: VariantStyle, keys: KeyStrategy = .asWritten) =
  #externalMacro(module: "FoundryMacros", type: "MappableMacro")

/// How the payloads of an enum's cases name their case, for ``Mappable(variants:keys:)``.
///
/// ```swift
/// @Mappable(variants: .wrapped) enum Event { case created(Item), deleted(Tombstone) }
/// ```
public enum VariantStyle: Sendable {
  /// An object with one member, whose key names the case and whose value is its payload:
  /// `{"created": {...}}` (in XML, one child element).
  case wrapped
  /// No name at all: each case's payload type is tried in declaration order (strictly, not
  /// lossily), and the first that reads the value wins.
  case untagged
}

/// Marks the case of a variant enum that keeps, as a `JSONValue`, any payload no other case
/// reads, so that new kinds of payload do not fail a decode; it encodes back unchanged.
///
/// ```swift
/// @Mappable(discriminator: "type")
/// enum Attachment {
///   case image(Image)
///   @DefaultCase case other(JSONValue)   // {"type": "poll", ...} is kept whole
/// }
/// ```
@attached(peer)
public macro DefaultCase() = #externalMacro(module: "FoundryMacros", type: "DefaultCaseMacro")
