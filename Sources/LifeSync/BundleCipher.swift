import Crypto
import Foundation
import LifeCore

/// The bundle file (docs/sync.md, section 8): `LCSYNC1\n`, a 12-byte nonce,
/// then ChaCha20-Poly1305 ciphertext and tag, the magic as associated data.
/// The nonce is derived from the plaintext with a keyed hash, so the same
/// plaintext gives the same bytes and nothing else is revealed but whether
/// two bundles are identical (a SIV-like construction).
package enum BundleCipher {
    public static let magic = Data("LCSYNC1\n".utf8)
    static let nonceLength = 12
    static let tagLength = 16

    public static func seal(_ plaintext: Data, key: SyncKey) throws -> Data {
        let nonce = try ChaChaPoly.Nonce(
            data: Data(HMAC<Crypto.SHA256>.authenticationCode(for: plaintext, using: key.nonce)).prefix(nonceLength))
        let box = try ChaChaPoly.seal(plaintext, using: key.encryption, nonce: nonce, authenticating: magic)
        return magic + box.combined
    }

    /// The plaintext; a file that is not a bundle, is damaged or cut short,
    /// or was sealed with another key is refused (exit 65).
    public static func open(_ bundle: Data, key: SyncKey, name: String) throws -> Data {
        guard bundle.count >= magic.count + nonceLength + tagLength, bundle.prefix(magic.count) == magic else {
            throw LifeError.malformed(
                "\(TerminalText.echoed(name)) is not a lifectl sync bundle (it does not begin with LCSYNC1), or it was cut short",
                field: "bundle")
        }
        do {
            let box = try ChaChaPoly.SealedBox(combined: bundle.dropFirst(magic.count))
            return try ChaChaPoly.open(box, using: key.encryption, authenticating: magic)
        } catch {
            throw LifeError.malformed(
                "\(TerminalText.echoed(name)) cannot be opened with this key: the key is not the one it was written with, or the file was damaged or cut short; nothing was applied",
                field: "bundle")
        }
    }

    /// The plaintext, or why the bytes are set aside (SPEC SYNC-7): empty,
    /// not a bundle, cut short, damaged or sealed with another key. A file
    /// a cloud drive is still copying fails the same way, and is tried
    /// again by the next sync.
    static func openOrSetAside(_ bundle: Data, key: SyncKey) throws -> Data {
        guard !bundle.isEmpty else { throw SyncSetAside(.unreadable, "it is empty (a file still being copied, or not a bundle)") }
        guard bundle.prefix(magic.count) == magic.prefix(bundle.count) else {
            throw SyncSetAside(.unreadable, "it is not a lifectl sync bundle (it does not begin with LCSYNC1)")
        }
        guard bundle.count >= magic.count + nonceLength + tagLength else {
            throw SyncSetAside(.unreadable, "it is cut short (a file still being copied is tried again at the next sync)")
        }
        do {
            let box = try ChaChaPoly.SealedBox(combined: bundle.dropFirst(magic.count))
            return try ChaChaPoly.open(box, using: key.encryption, authenticating: magic)
        } catch {
            throw SyncSetAside(
                .unreadable,
                "it cannot be opened with this key: it was written with another key, or it is damaged or cut short (a file still being copied is tried again at the next sync)"
            )
        }
    }

    // MARK: Sealed text

    static func associatedData(table: String, column: String, identity: String) -> Data {
        Data("lifectl-seal-v1\u{0}\(table)\u{0}\(column)\u{0}\(identity)".utf8)
    }

    /// A locked text sealed inside a bundle: base64(nonce ‖ ciphertext ‖ tag).
    public static func sealText(_ text: String, table: String, column: String, identity: String, key: SyncKey) throws
        -> String
    {
        let aad = associatedData(table: table, column: column, identity: identity)
        let plaintext = Data(text.utf8)
        let nonce = try ChaChaPoly.Nonce(
            data: Data(HMAC<Crypto.SHA256>.authenticationCode(for: aad + plaintext, using: key.sealNonce)).prefix(
                nonceLength))
        return try ChaChaPoly.seal(plaintext, using: key.seal, nonce: nonce, authenticating: aad).combined
            .base64EncodedString()
    }

    public static func openText(_ payload: String, table: String, column: String, identity: String, key: SyncKey) throws
        -> String
    {
        guard let data = Data(base64Encoded: payload), let box = try? ChaChaPoly.SealedBox(combined: data),
            let plaintext = try? ChaChaPoly.open(
                box, using: key.seal, authenticating: associatedData(table: table, column: column, identity: identity)),
            let text = String(data: plaintext, encoding: .utf8)
        else {
            throw LifeError.malformed(
                "a sealed \(table).\(column) in the bundle cannot be opened with this key; nothing was applied",
                field: "bundle")
        }
        return text
    }
}
