import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// The header line of a bundle's plaintext (docs/sync.md, section 8).
package struct SyncBundleHeader: Equatable, Sendable {
    package static let formatName = "lifectl-sync"
    /// 2 since migration 0032 (records by time: `c`, `b`, `w`, `x`); 1 is still read.
    package static let currentVersion = 2

    /// A site the bundle mentions: its role, what the sender has of its
    /// changes (`has`), and what the bundle assumed the reader has (`since`).
    package struct Site: Equatable, Sendable {
        package let id: SiteID
        package let role: SiteRole
        package let has: Int64
        package let since: Int64
    }

    package var version: Int
    /// The sender's latest migration.
    package var schemaVersion: Int
    /// The sender's clock when it wrote the bundle.
    package var clock: Int64
    /// The clock the sender accepted ahead (`--accept-skew`; 0: none): the
    /// person accepted it once, so every device that reads it accepts it too.
    package var accepted: Int64 = 0
    /// The sender first, then by id.
    package var sites: [Site]
    package var recordCount: Int

    package var sender: Site? { sites.first }

    var json: SyncJSON {
        var object: [String: SyncJSON] = [
            "format": .string(Self.formatName), "version": .integer(Int64(version)),
            "schemaVersion": .integer(Int64(schemaVersion)), "clock": .integer(clock), "sender": .integer(0),
            "records": .integer(Int64(recordCount)),
            "sites": .array(
                sites.map {
                    .object([
                        "id": .string($0.id.hex), "role": .string($0.role.rawValue), "has": .integer($0.has),
                        "since": .integer($0.since),
                    ])
                }),
        ]
        // Only when some clock was accepted ahead: the bytes stay as before otherwise.
        if accepted > 0 { object["accepted"] = .integer(accepted) }
        return .object(object)
    }

    /// Reads the header line; anything that is not one is malformed (65).
    static func read(_ line: Substring) throws -> SyncBundleHeader {
        func malformed(_ message: String) -> LifeError {
            LifeError.malformed("the bundle's header \(message); it was not written by lifectl sync", field: "bundle")
        }
        guard case .object(let object)? = SyncJSON.parse(line) else { throw malformed("is not a JSON object") }
        guard case .string(formatName)? = object["format"] else {
            throw malformed("has no \"format\": \"\(formatName)\"")
        }
        guard case .integer(let version)? = object["version"], version >= 1 else { throw malformed("has no version") }
        guard version <= Int64(currentVersion) else {
            throw LifeError(
                kind: .malformedInput, field: "bundle",
                message: "the bundle's format version is \(version), newer than this build's \(currentVersion)",
                remedy: .newerVersion)
        }
        guard case .integer(let schema)? = object["schemaVersion"], schema >= 1,
            case .integer(let clock)? = object["clock"], clock >= 0,
            case .integer(0)? = object["sender"],
            case .integer(let count)? = object["records"], count >= 0,
            case .array(let list)? = object["sites"], !list.isEmpty
        else { throw malformed("lacks schemaVersion, clock, sender, records or sites") }
        var sites: [Site] = []
        for item in list {
            guard case .object(let site) = item, case .string(let hex)? = site["id"], let id = SiteID(hex: hex),
                case .string(let roleText)? = site["role"], let role = SiteRole(rawValue: roleText),
                case .integer(let has)? = site["has"], case .integer(let since)? = site["since"], has >= 0, since >= 0
            else { throw malformed("has a site that is not {id, role, has, since}") }
            guard !sites.contains(where: { $0.id == id }) else { throw malformed("names site \(hex) twice") }
            sites.append(Site(id: id, role: role, has: has, since: since))
        }
        var accepted: Int64 = 0
        if let value = object["accepted"] {
            guard case .integer(let number) = value, number >= 0 else {
                throw malformed("has an accepted clock that is not one")
            }
            accepted = number
        }
        return SyncBundleHeader(
            version: Int(version), schemaVersion: Int(schema), clock: clock, accepted: accepted, sites: sites,
            recordCount: Int(count))
    }
}

/// What applying a bundle did.
public struct SyncApplyReport: Sendable, Equatable {
    /// A record held back (parked) here, with the reason.
    public struct HeldBack: Sendable, Equatable, Encodable {
        public let table: String
        public let id: String
        public let reason: String
    }

    public var sender: SiteID?
    public var recordsRead = 0
    /// Product rows inserted, changed or removed.
    public var rowsChanged = 0
    /// Records newly kept out here (each told once), with the reason.
    public var heldBack: [HeldBack] = []
    /// Rows shown again although deleted: their deletion came after the
    /// list they belong to was locked (a LifeTimer goal after the start).
    public var returned: [HeldBack] = []
    /// Whole hours the bundle's clock ran ahead of this device's (0: not ahead).
    public var clockAhead = 0
    /// Set when the bundle came from a newer schema: kept, not applied.
    public var waitingFor: Int?

    public init() {}
}
