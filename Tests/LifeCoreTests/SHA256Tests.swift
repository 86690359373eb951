import Foundation
import LifeCore
import Testing

#if canImport(CryptoKit)
    import CryptoKit
#endif

@Suite struct SHA256Tests {
    /// FIPS 180-4 examples and the empty message.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func knownDigests(message: String, digest: String) {
        #expect(SHA256.hex(Array(message.utf8)) == digest)
    }

    struct NoOracle: Error {}

    /// CryptoKit, or coreutils' sha256sum on Linux; elsewhere (Windows,
    /// Android, a Linux without coreutils) there is no oracle to ask.
    static var hasOracle: Bool {
        #if canImport(CryptoKit)
            return true
        #elseif os(Linux)
            return FileManager.default.isExecutableFile(atPath: "/usr/bin/sha256sum")
        #else
            return false
        #endif
    }

    /// Random lengths around the block and padding boundaries, fed in random
    /// pieces, against the system's sha256sum.
    @Test(.enabled(if: hasOracle, "needs CryptoKit or /usr/bin/sha256sum as an independent oracle"))
    func agreesWithSha256sumAcrossBoundaries() throws {
        var generator = SystemRandomNumberGenerator()
        for length in [55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 4097] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            var hasher = SHA256()
            var offset = 0
            while offset < bytes.count {
                let piece = min(bytes.count - offset, Int.random(in: 1...70, using: &generator))
                hasher.update(Array(bytes[offset..<offset + piece]))
                offset += piece
            }
            #expect(hasher.finalizeHex() == (try sha256sum(bytes)), "length \(length)")
        }
    }

    /// An oracle outside LifeCore: coreutils on Linux, CryptoKit on Apple
    /// platforms (an iPhone test run has no /usr/bin to call).
    private func sha256sum(_ bytes: [UInt8]) throws -> String {
        #if canImport(CryptoKit)
            return CryptoKit.SHA256.hash(data: Data(bytes)).map { byte in
                let digits = String(byte, radix: 16)
                return byte < 16 ? "0" + digits : digits
            }.joined()
        #elseif os(Linux)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("sha-\(UUID().uuidString)")
            try Data(bytes).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
            process.arguments = [file.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let out = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(String(decoding: out, as: UTF8.self).prefix(64))
        #else
            throw NoOracle()
        #endif
    }
}
