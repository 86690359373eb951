import Foundation
import LifeCore
import LifeKernel

/// A site's id: 16 random bytes made with the sync tables, written as 32
/// lower-case hexadecimal digits (docs/sync.md, section 1). Sites are
/// ordered by their bytes compared as unsigned numbers, which breaks ties
/// between versions with the same hlc the same way on every device.
public struct SiteID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let bytes: Data

    public init?(bytes: Data) {
        guard bytes.count == 16 else { return nil }
        self.bytes = Data(bytes)
    }

    /// From 32 hexadecimal digits (either case).
    public init?(hex: String) {
        guard hex.utf8.count == 32, let bytes = Hex.decode(hex) else { return nil }
        self.init(bytes: Data(bytes))
    }

    public var hex: String { Hex.encode(bytes) }

    public var description: String { hex }

    /// The same 16 bytes as a UUID (a device's id on the service's hub).
    public var uuid: UUID {
        let b = [UInt8](bytes)
        return UUID(
            uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15])
        )
    }

    public init(uuid: UUID) {
        let u = uuid.uuid
        self.bytes = Data([
            u.0, u.1, u.2, u.3, u.4, u.5, u.6, u.7, u.8, u.9, u.10, u.11, u.12, u.13, u.14, u.15,
        ])
    }

    public static func < (a: SiteID, b: SiteID) -> Bool {
        a.bytes.lexicographicallyPrecedes(b.bytes)
    }
}

/// A site's role (docs/sync.md, section 6): a server's changes to
/// server-wins data are the ones every device applies.
public enum SiteRole: String, Sendable, Codable, CaseIterable {
    case device
    case server
}

/// The version of a change: (hlc, site), ordered by hlc then site.
package struct SyncVersion: Hashable, Comparable, Sendable {
    package let hlc: Int64
    package let site: SiteID

    package init(hlc: Int64, site: SiteID) {
        self.hlc = hlc
        self.site = site
    }

    package static func < (a: SyncVersion, b: SyncVersion) -> Bool {
        a.hlc != b.hlc ? a.hlc < b.hlc : a.site < b.site
    }
}
