import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A loopback TCP proxy in front of a server, which a test can make stall or drop every
/// connection through it, as a bad network would: the client sees a server that stops
/// answering, or a connection cut without a word from the server.
///
/// ```swift
/// let proxy = try TCPProxy(to: server.port)
/// let url = "postgres://postgres@127.0.0.1:\(proxy.port)/db"
/// proxy.mode = .stall   // bytes are held, sockets stay open
/// proxy.mode = .drop    // every connection is closed at once
/// ```
public final class TCPProxy: @unchecked Sendable {
  /// What the proxy does with the bytes of its connections.
  public enum Mode: Sendable {
    /// Passes them on both ways.
    case forward
    /// Holds them: nothing passes, nothing closes.
    case stall
    /// Closes every connection (and each new one at once).
    case drop
  }

  /// The loopback port clients connect to.
  public let port: Int
  private let target: Int
  private let listener: Int32
  private let lock = NSLock()
  private var currentMode = Mode.forward
  private var isClosed = false

  /// What the proxy does now (``Mode/forward`` at first).
  public var mode: Mode {
    get { lock.withLock { currentMode } }
    set { lock.withLock { currentMode = newValue } }
  }

  /// Listens on a free loopback port and forwards each connection to `target` on loopback.
  public init(to target: Int) throws {
    self.target = target
    let (listener, port) = try LoopbackSocket.bound(purpose: "the proxy")
    guard listen(listener, 64) == 0 else {
      close(listener)
      throw ChildProcessError(message: "the proxy could not listen on loopback")
    }
    self.listener = listener
    self.port = port
    Thread.detachNewThread { [self] in acceptLoop() }
  }

  /// Stops listening; the connections already made end with their next poll.
  public func stop() {
    lock.withLock { isClosed = true }
    shutdown(listener, Int32(SHUT_RDWR))
  }

  private func acceptLoop() {
    while !lock.withLock({ isClosed }) {
      let client = accept(listener, nil, nil)
      guard client >= 0 else { return }
      guard let server = try? connectToTarget() else {
        close(client)
        continue
      }
      Thread.detachNewThread { [self] in pump(client, server) }
    }
    close(listener)
  }

  private func connectToTarget() throws -> Int32 {
    let descriptor = try LoopbackSocket.make(purpose: "the proxy")
    var address = LoopbackSocket.address(port: target)
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
    }
    guard connected else {
      close(descriptor)
      throw ChildProcessError(message: "the proxy could not reach port \(target)")
    }
    return descriptor
  }

  /// Moves bytes between the two sockets while the mode says so, every 20 ms looking again.
  private func pump(_ client: Int32, _ server: Int32) {
    defer {
      close(client)
      close(server)
    }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var descriptors = [pollfd(fd: client, events: Int16(POLLIN), revents: 0), pollfd(fd: server, events: Int16(POLLIN), revents: 0)]
    while true {
      let mode = lock.withLock { isClosed ? Mode.drop : currentMode }
      switch mode {
      case .drop: return
      case .stall:
        usleep(20_000)
        continue
      case .forward: break
      }
      guard poll(&descriptors, 2, 20) >= 0 else { return }
      for (index, descriptor) in descriptors.enumerated() where descriptor.revents != 0 {
        let count = read(descriptor.fd, &buffer, buffer.count)
        guard count > 0 else { return }
        let other = index == 0 ? server : client
        var written = 0
        while written < count {
          let sent = buffer[written..<count].withUnsafeBytes { write(other, $0.baseAddress, $0.count) }
          guard sent > 0 else { return }
          written += sent
        }
      }
    }
  }
}
