import FoundryInternals
import FoundryJSON
import FoundryXML

/// The elements of a stream for the mapping sequences, JSON's and XML's alike: each with its
/// index, a malformed one as a value (when the scan can go on past it), decoded strictly or
/// lossily with paths that start at the input's root.
///
/// Inlinable, with the mapping sequences' iterators, so that the loop over a chunk's elements
/// is compiled for the model it decodes (unspecialized, each element looked up the runtime
/// metadata of its optional results and decoded through generic code).
@usableFromInline
struct StreamedElements<Base: ElementStreamIterator> {
  @usableFromInline var base: Base
  /// Where the elements stand, as error paths begin.
  @usableFromInline let path: StreamedElementPath
  @usableFromInline let sourceName: String?
  /// Elements read ahead by ``nextValues(_:decoder:into:)`` and not decoded because one before
  /// them failed, handed out before anything else is read.
  @usableFromInline var readAhead: [(index: Int, element: Result<Base.Element, MappingError>)] = []
  @usableFromInline var readAheadPosition = 0

  @usableFromInline
  init(_ base: Base, path: StreamedElementPath, sourceName: String?) {
    self.base = base
    self.path = path
    self.sourceName = sourceName
  }

  /// The next element and its index, or `nil` after the last.
  ///
  /// - Throws: A `.malformedDocument` ``MappingError`` when the input is broken outside an
  ///   element (or cut short), or what the chunk source throws.
  @inlinable
  mutating func next() async throws -> (index: Int, element: Result<Base.Element, MappingError>)? {
    if let ahead = nextReadAhead() { return ahead }
    do {
      guard let element = try await base.next() else { return nil }
      return (base._elementCount - 1, .success(element))
    } catch {
      let (index, failure) = try malformed(error)
      return (index, .failure(failure))
    }
  }

  /// The next of the elements read ahead, if any is left; the last one handed out lets go of
  /// them all.
  @inlinable
  mutating func nextReadAhead() -> (index: Int, element: Result<Base.Element, MappingError>)? {
    guard readAheadPosition < readAhead.count else { return nil }
    let ahead = readAhead[readAheadPosition]
    readAheadPosition += 1
    if readAheadPosition == readAhead.count {
      readAhead = []
      readAheadPosition = 0
    }
    return ahead
  }

  /// A malformed element as a failure, when the scan can go on past it.
  ///
  /// - Throws: `error` when it is not the format's parsing error; the located failure when it
  ///   ended the scan.
  @usableFromInline
  func malformed(_ error: any Error) throws -> (index: Int, error: MappingError) {
    guard let failure = Base._malformed(error, sourceName: sourceName) else { throw error }
    if base._isFailed { throw failure }
    let index = base._elementCount - 1
    return (index, located(failure, index: index, name: nil))
  }

  /// The next element decoded as `Value` (awaiting input as needed), then every element
  /// already complete in what was read, appended to `values`: one await for a run of
  /// elements, so that a chunk's elements decode in one synchronous loop, from nodes the
  /// format builds for the run at once (``ElementStreamIterator/_roots(of:decoder:)``).
  /// Nothing is appended after the last element.
  ///
  /// - Returns: The error of an element after the first, which stops the run: the caller
  ///   hands out `values` first, then throws it. The elements after it are kept for the next
  ///   call; an error that ended the scan is thrown again by the scanner when it is reached.
  /// - Throws: The first element's error, or what the chunk source throws.
  @inlinable
  mutating func nextValues<Value: MappableValue>(_: Value.Type, decoder: MappingDecoder, into values: inout [Value?]) async throws
    -> (any Error)?
  {
    guard let first = try await next() else { return nil }
    // The run: the elements up to the first malformed one (kept apart: a failure is large).
    // Their indices follow on from the first's: the scanner counts every element it hands out
    // or rejects, and a rejected one ends the run.
    let firstIndex = first.index
    var elements: [Base.Element] = []
    elements.reserveCapacity(16)
    var malformed: (index: Int, error: MappingError)?
    var stop: (any Error)?
    var item: (index: Int, element: Result<Base.Element, MappingError>)? = first
    run: while let (index, element) = item {
      switch element {
      case .success(let element):
        assert(index == firstIndex + elements.count, "streamed elements are counted one by one")
        elements.append(element)
      case .failure(let error):
        malformed = (index, error)
        break run
      }
      // Straight from the scanner while nothing is read ahead: a `Result` built, copied and
      // destroyed per element cost more than the rest of the loop.
      while readAheadPosition == readAhead.count {
        do {
          guard let element = try base._nextBuffered() else { break run }
          assert(base._elementCount - 1 == firstIndex + elements.count, "streamed elements are counted one by one")
          elements.append(element)
        } catch {
          do { malformed = try self.malformed(error) } catch { stop = error }
          break run
        }
      }
      item = nextReadAhead()
    }
    let roots = Base._roots(of: elements, decoder: decoder)
    // One context for the run: a decode that throws ends the run.
    let context = decoder.makeContext()
    values.reserveCapacity(values.count + elements.count)
    for position in elements.indices {
      do {
        let root = position < roots.count ? roots[position] : nil
        values.append(try decode(Value.self, index: firstIndex + position, elements[position], root: root, decoder: decoder, context: context))
      } catch {
        readAhead = elements[(position + 1)...].indices.map { (firstIndex + $0, .success(elements[$0])) }
        if let malformed { readAhead.append((malformed.index, .failure(malformed.error))) }
        readAheadPosition = 0
        if position == 0 { throw error }
        return error
      }
    }
    if let malformed {
      if elements.isEmpty { throw malformed.error }
      return malformed.error
    }
    return stop
  }

  /// Element `index` decoded as `Value` in `context`, from `root` when its node is built.
  @inlinable
  func decode<Value: MappableValue>(
    _: Value.Type, index: Int, _ element: Base.Element, root: JSONNode?, decoder: MappingDecoder, context: MappingContext
  ) throws -> Value {
    do {
      return try decoder.decode(Value.self, from: root ?? Base._root(of: element, decoder: decoder), sourceName: sourceName, context: context)
    } catch let error as MappingError {
      throw located(error, index: index, name: Base._name(of: element))
    }
  }

  /// The next element decoded lossily as `Value`, or `nil` after the last.
  ///
  /// - Throws: A `.malformedDocument` ``MappingError`` for input broken outside the elements,
  ///   or what the chunk source throws.
  mutating func nextLossy<Value: MappableValue>(_: Value.Type, decoder: MappingDecoder) async throws -> LossyResult<Value>? {
    guard let (index, result) = try await next() else { return nil }
    switch result {
    case .failure(let error):
      return LossyResult(value: nil, issues: [], error: error)
    case .success(let element):
      let name = Base._name(of: element)
      let decoded = decoder.decodeLossy(Value.self, from: Base._root(of: element, decoder: decoder), sourceName: sourceName)
      return LossyResult(
        value: decoded.value,
        issues: decoded.issues.map { located($0, index: index, name: name) },
        error: decoded.error.map { located($0, index: index, name: name) }
      )
    }
  }

  /// `error` with the path of element `index` (named `name`) in front of its own.
  @usableFromInline
  func located(_ error: MappingError, index: Int, name: String?) -> MappingError {
    var error = error
    for component in path.components(index: index, name: name).reversed() { error.prepend(component) }
    return error
  }

  /// `issue` with the path of element `index` (named `name`) in front of its own.
  private func located(_ issue: MappingIssue, index: Int, name: String?) -> MappingIssue {
    var issue = issue
    for component in path.components(index: index, name: name).reversed() { issue.prepend(component) }
    return issue
  }
}

/// Where streamed elements stand in the input, as the paths of their errors begin: the object
/// keys down to a JSON array, or the names down to repeated XML elements in the root's view.
@usableFromInline
struct StreamedElementPath: Sendable {
  private let keys: [String]
  /// Whether the last key stands for any name (`*`, `{uri}local`): the element's own name
  /// replaces it.
  private let namesLast: Bool
  /// Whether the elements are indexed (all but the root element of XML, the only one there is).
  private let isIndexed: Bool

  /// The keys down to a JSON array (none: a top-level array, or JSON Lines).
  init(keys: [String]) {
    self.keys = keys
    namesLast = false
    isIndexed = true
  }

  /// An element path of XML streaming (`channel.item`, `*`).
  init(xmlPath: String) {
    keys = PathExpression(xmlPath).segments.map(\.name)
    namesLast = keys.last.map { $0 == "*" || $0.hasPrefix("{") } ?? false
    isIndexed = !keys.isEmpty
  }

  /// `channel`, `item`, `[index]`: element `index`'s place, named `name`.
  func components(index: Int, name: String?) -> [MappingPath.Component] {
    var components = keys.map { MappingPath.Component.key($0) }
    if namesLast, let name { components[components.count - 1] = .key(name) }
    if isIndexed { components.append(.index(index)) }
    return components
  }
}
