import FoundryStore
internal import PostgresNIO

/// Whether and how a store's connections are encrypted with TLS: libpq's `sslmode`, which a
/// URL names as `?sslmode=verify-full`.
///
/// ```swift
/// var configuration = try PostgresStoreConfiguration(url: "postgres://app@db.internal/library?sslmode=verify-full")
/// configuration.trustedCertificatesPath = "/etc/ssl/certs/internal-ca.pem"
/// ```
/// Only ``verifyFull`` proves that the server is the one named: ``require`` encrypts, but
/// anyone on the path could answer in the server's place.
public enum PostgresTLSMode: String, Sendable, Hashable, CaseIterable {
  /// Plain connections only.
  case disable
  /// TLS when the server offers it, a plain connection otherwise, the certificate not checked
  /// (libpq's default; `allow` in a URL means this too).
  case prefer
  /// TLS or no connection; the certificate not checked.
  case require
  /// TLS, with a certificate signed by a trusted authority (for any host name).
  case verifyCA = "verify-ca"
  /// TLS, with a certificate signed by a trusted authority for the host connected to.
  case verifyFull = "verify-full"

  /// The mode a URL's `sslmode` names.
  /// - Throws: ``StoreError`` `notAStore` for a name libpq does not know.
  init(sslmode: String) throws(StoreError) {
    if sslmode == "allow" {
      self = .prefer
      return
    }
    guard let mode = Self(rawValue: sslmode) else {
      let names = ["disable", "allow"] + Self.allCases.dropFirst().map(\.rawValue)
      throw StoreError(.notAStore, "sslmode=\(sslmode) is not one of \(names.joined(separator: ", "))")
    }
    self = mode
  }

  /// postgres-nio's TLS setting for this mode, trusting the authorities in the PEM file at
  /// `trustedCertificatesPath` (the system's when `nil`) when it verifies.
  /// - Throws: ``StoreError`` `database` when the file cannot be read as certificates.
  func connectionTLS(trustedCertificatesPath: String?) throws(StoreError) -> PostgresConnection.Configuration.TLS {
    var tls = TLSConfiguration.makeClientConfiguration()
    switch self {
    case .disable: return .disable
    case .prefer, .require: tls.certificateVerification = .none
    case .verifyCA: tls.certificateVerification = .noHostnameVerification
    case .verifyFull: tls.certificateVerification = .fullVerification
    }
    if let trustedCertificatesPath, self == .verifyCA || self == .verifyFull {
      do {
        tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(trustedCertificatesPath))
      } catch {
        throw StoreError(.database, "the trusted certificates at \(trustedCertificatesPath) cannot be read: \(error)")
      }
    }
    let context: NIOSSLContext
    do { context = try NIOSSLContext(configuration: tls) } catch { throw StoreError(.database, "TLS cannot be set up: \(error)") }
    return self == .prefer ? .prefer(context) : .require(context)
  }
}
