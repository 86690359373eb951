import Foundation

/// The hub's bodies (SPEC SRV-4; docs/server.md, "The hub"): bundles as
/// base64 ciphertext, hashes as lower-case hex SHA-256.
public enum HubJSON {
    /// `POST /sync/bundles`: the next bundle of one of the person's devices.
    public struct Upload: Codable, Sendable, Equatable {
        public var deviceId: UUID
        /// 1 for a device's first bundle, then one more each time.
        public var sequence: Int
        /// The hash of the device's bundle before this one; nil for the first.
        public var previousHash: String?
        public var ciphertext: Data

        public init(deviceId: UUID, sequence: Int, previousHash: String?, ciphertext: Data) {
            self.deviceId = deviceId
            self.sequence = sequence
            self.previousHash = previousHash
            self.ciphertext = ciphertext
        }
    }

    /// The hash the hub computed for a stored bundle.
    public struct Stored: Codable, Sendable, Equatable {
        public var hash: String
        public init(hash: String) { self.hash = hash }
    }

    /// `GET /sync/heads`: each device's last bundle on the hub, and the
    /// oldest one it still keeps (a device deletes its older bundles).
    public struct Head: Codable, Sendable, Equatable {
        public var deviceId: UUID
        public var sequence: Int
        public var hash: String
        /// The oldest bundle of the chain the hub keeps (nil from a hub
        /// that does not say: then every bundle is kept).
        public var firstSequence: Int?
        public init(deviceId: UUID, sequence: Int, hash: String, firstSequence: Int? = nil) {
            self.deviceId = deviceId
            self.sequence = sequence
            self.hash = hash
            self.firstSequence = firstSequence
        }
    }

    /// `GET /sync/bundles?device=ID&after=N`: bundles in sequence order.
    public struct Bundle: Codable, Sendable, Equatable {
        public var deviceId: UUID
        public var sequence: Int
        public var previousHash: String?
        public var hash: String
        public var ciphertext: Data
        public var receivedAt: Date

        public init(
            deviceId: UUID, sequence: Int, previousHash: String?, hash: String, ciphertext: Data, receivedAt: Date
        ) {
            self.deviceId = deviceId
            self.sequence = sequence
            self.previousHash = previousHash
            self.hash = hash
            self.ciphertext = ciphertext
            self.receivedAt = receivedAt
        }
    }

    /// The largest bundle the hub takes.
    public static let maxBundleBytes = 8 * 1024 * 1024
}
