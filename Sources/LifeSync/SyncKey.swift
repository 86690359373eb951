import Crypto
import Foundation
import LifeCore

/// The key of a person's bundles (docs/sync.md, section 8): 32 random
/// bytes kept outside the database (a 0600 key file for the CLI, the
/// Keychain for an app). Three keys are derived from it with HKDF-SHA256:
/// one encrypts bundles, one derives their nonces, one seals locked text.
public struct SyncKey: Sendable {
    /// The first line of a key file.
    public static let fileHeader = "lifectl sync key 1"

    public let bytes: Data
    let encryption: SymmetricKey
    let nonce: SymmetricKey
    let seal: SymmetricKey
    let sealNonce: SymmetricKey

    /// From 32 bytes (an app's Keychain item).
    public init(bytes: Data) throws {
        guard bytes.count == 32 else {
            throw LifeError.malformed("a sync key is 32 bytes; this one is \(bytes.count)", field: "key")
        }
        self.bytes = Data(bytes)
        let master = SymmetricKey(data: bytes)
        func derive(_ info: String) -> SymmetricKey {
            HKDF<Crypto.SHA256>.deriveKey(inputKeyMaterial: master, info: Data(info.utf8), outputByteCount: 32)
        }
        encryption = derive("lifectl sync v1 encrypt")
        nonce = derive("lifectl sync v1 nonce")
        seal = derive("lifectl sync v1 seal")
        sealNonce = derive("lifectl sync v1 seal nonce")
    }

    /// A new key from the system's secure random source.
    public static func random() -> SyncKey {
        let key = SymmetricKey(size: .bits256)
        let bytes = key.withUnsafeBytes { Data($0) }
        // 32 bytes by construction.
        return (try? SyncKey(bytes: bytes)) ?? SyncKey.unreachable()
    }

    private static func unreachable() -> SyncKey {
        preconditionFailure("a 256-bit key is 32 bytes")
    }

    /// The key file's text: the header line, then the bytes in base64.
    public var fileContents: Data {
        Data((Self.fileHeader + "\n" + bytes.base64EncodedString() + "\n").utf8)
    }

    /// Reads a key file's text; `name` is how messages call the file.
    public init(fileContents: Data, name: String) throws {
        let lines = String(decoding: fileContents, as: UTF8.self).split(whereSeparator: \.isNewline)
        guard lines.count == 2, lines[0] == Self.fileHeader, let bytes = Data(base64Encoded: String(lines[1])),
            bytes.count == 32
        else {
            throw LifeError.malformed(
                "\(TerminalText.echoed(name)) is not a sync key file (the line '\(Self.fileHeader)' and 32 bytes in base64); make one with `sync key new`",
                field: "--key")
        }
        try self.init(bytes: bytes)
    }
}
