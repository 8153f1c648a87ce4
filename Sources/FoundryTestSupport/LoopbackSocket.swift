import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// TCP sockets on the loopback interface, for the tests' servers and proxies.
///
/// ```swift
/// let (listener, port) = try LoopbackSocket.bound(purpose: "the proxy")
/// ```
enum LoopbackSocket {
  /// A new TCP socket; `purpose` names it in the error.
  static func make(purpose: String) throws -> Int32 {
    #if canImport(Glibc)
    let stream = Int32(SOCK_STREAM.rawValue)
    #else
    let stream = SOCK_STREAM
    #endif
    let descriptor = socket(AF_INET, stream, 0)
    guard descriptor >= 0 else { throw ChildProcessError(message: "no socket for \(purpose)") }
    return descriptor
  }

  /// The address of `port` on loopback.
  static func address(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    return address
  }

  /// A new socket bound to a free loopback port, and that port; the caller closes it.
  static func bound(purpose: String) throws -> (descriptor: Int32, port: Int) {
    let descriptor = try make(purpose: purpose)
    var address = address(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
    }
    guard bound else {
      close(descriptor)
      throw ChildProcessError(message: "no free loopback port for \(purpose)")
    }
    return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
  }
}
