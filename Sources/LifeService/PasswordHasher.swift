#if Service
    import Crypto
    import Foundation
    import _CryptoExtras

    /// Passwords as scrypt hashes (swift-crypto's `_CryptoExtras`, over
    /// BoringSSL): memory-hard, a random 16-byte salt per hash, the cost stored
    /// with the hash (`$scrypt$ln=15,r=8,p=1$SALT$HASH`, base64) so that it can
    /// be raised later without losing anyone. Checked in constant time. The
    /// work runs off the request's executor (it takes tens of milliseconds).
    public struct PasswordHasher: Sendable {
        public struct Cost: Sendable, Equatable {
            /// log2 of scrypt's N.
            public var logRounds: Int
            public var blockSize: Int
            public var parallelism: Int

            public init(logRounds: Int, blockSize: Int, parallelism: Int) {
                self.logRounds = logRounds
                self.blockSize = blockSize
                self.parallelism = parallelism
            }

            /// N = 2^15, r = 8, p = 1: 32 MiB and about 0.1 s a hash here.
            public static let standard = Cost(logRounds: 15, blockSize: 8, parallelism: 1)
            /// For tests only: cheap.
            public static let testing = Cost(logRounds: 10, blockSize: 8, parallelism: 1)
        }

        public let cost: Cost
        /// A hash of a random password, checked when no user has the e-mail so
        /// that the answer takes as long as for a wrong password.
        let decoy: String

        public init(cost: Cost) throws {
            self.cost = cost
            self.decoy = try Self.hash(Array(UUID().uuidString.utf8), cost: cost)
        }

        static let outputBytes = 32

        static func hash(_ password: [UInt8], cost: Cost, salt: [UInt8]? = nil) throws -> String {
            let salt = salt ?? (0..<16).map { _ in UInt8.random(in: .min ... .max) }
            let key = try KDF.Scrypt.deriveKey(
                from: password, salt: salt, outputByteCount: outputBytes, rounds: 1 << cost.logRounds,
                blockSize: cost.blockSize, parallelism: cost.parallelism)
            let digest = key.withUnsafeBytes { Data($0) }
            return "$scrypt$ln=\(cost.logRounds),r=\(cost.blockSize),p=\(cost.parallelism)$"
                + Data(salt).base64EncodedString() + "$" + digest.base64EncodedString()
        }

        /// True when `password` matches `stored`; false for a stored text this
        /// hasher cannot read.
        static func verify(_ password: [UInt8], against stored: String) throws -> Bool {
            let parts = stored.split(separator: "$", omittingEmptySubsequences: true)
            guard parts.count == 4, parts[0] == "scrypt" else { return false }
            var values: [String: Int] = [:]
            for pair in parts[1].split(separator: ",") {
                let kv = pair.split(separator: "=")
                guard kv.count == 2, let value = Int(kv[1]) else { return false }
                values[String(kv[0])] = value
            }
            guard let ln = values["ln"], let r = values["r"], let p = values["p"], (1...22).contains(ln),
                let salt = Data(base64Encoded: String(parts[2])), let expected = Data(base64Encoded: String(parts[3]))
            else { return false }
            let cost = Cost(logRounds: ln, blockSize: r, parallelism: p)
            let key = try KDF.Scrypt.deriveKey(
                from: password, salt: Array(salt), outputByteCount: expected.count, rounds: 1 << cost.logRounds,
                blockSize: cost.blockSize, parallelism: cost.parallelism)
            return key.withUnsafeBytes { Self.constantTimeEqual(Array($0), Array(expected)) }
        }

        /// Equal bytes, compared without stopping at the first difference.
        static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
            guard a.count == b.count else { return false }
            var difference: UInt8 = 0
            for index in a.indices { difference |= a[index] ^ b[index] }
            return difference == 0
        }

        /// A new hash of `password`, off the caller's executor.
        public func hash(_ password: String) async throws -> String {
            let cost = cost
            return try await Self.offload { try Self.hash(Array(password.utf8), cost: cost) }
        }

        /// Checks `password` against `stored`, or against the decoy when there
        /// is no stored hash (no such e-mail): the same work either way.
        public func verify(_ password: String, against stored: String?) async throws -> Bool {
            let decoy = decoy
            return try await Self.offload {
                let matches = try Self.verify(Array(password.utf8), against: stored ?? decoy)
                return stored != nil && matches
            }
        }

        private static func offload<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
            try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
            }
        }
    }
#endif
