import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// Sync's engine (docs/sync.md): the plaintext of a bundle of this site's
/// changes a reader has not seen, and the application of another site's
/// bundle, through the products' own rules (SPEC SYNC-1 … SYNC-5, CORE-12).
/// It knows no product's table by name: everything comes from the registry.
/// Apps reach it through `SyncStore`; the engine itself is the package's.
package struct SyncEngine: Sendable {
    package let writer: any DatabaseWriter
    package let registry: ProductRegistry
    package let clock: Clock

    /// Who a bundle is for.
    package enum Reader: Sendable, Equatable {
        /// Every peer heard from: what the least informed of them lacks
        /// (everything when none has been heard from).
        case everyone
        /// One peer: what it said it has.
        case peer(SiteID)
        /// Anyone: everything.
        case anyone
    }

    package init(_ writer: any DatabaseWriter, registry: ProductRegistry, clock: Clock) {
        self.writer = writer
        self.registry = registry
        self.clock = clock
    }

    // MARK: Writing a bundle

    /// The plaintext of a bundle for `reader` (docs/sync.md, section 8):
    /// deterministic for the same state, locked text sealed with `key`.
    /// In the same transaction it records which products withhold, and
    /// first dates again what this device changed while its clock ran ahead
    /// (section 2). `deliver` gets the plaintext before the commit: when it
    /// throws (the file cannot be written), nothing of this is kept.
    package func pendingChanges(for reader: Reader, key: SyncKey, deliver: (Data) throws -> Void = { _ in }) throws
        -> Data
    {
        try writer.write { db in
            try restampIfAhead(db)
            let catalog = try SyncCatalog.read(registry: registry, db: db)
            let metadata = try SyncMetadata(db: db, catalog: catalog)
            let plaintext = try BundleWriter(
                db: db, catalog: catalog, metadata: metadata, registry: registry, clock: clock
            ).write(for: reader, key: key)
            try deliver(plaintext)
            return plaintext
        }
    }

    // MARK: Status

    /// This site, its peers and what is pending (`lifectl sync status`).
    package func status() throws -> SyncStatus {
        try writer.read { db in
            let catalog = try SyncCatalog.read(registry: registry, db: db)
            let metadata = try SyncMetadata(db: db, catalog: catalog)
            return try SyncStatus.read(db: db, catalog: catalog, metadata: metadata)
        }
    }
}

/// Writes one bundle's plaintext inside the engine's transaction.
struct BundleWriter {
    let db: Database
    let catalog: SyncCatalog
    let metadata: SyncMetadata
    let registry: ProductRegistry
    let clock: Clock

    /// What each site's reader is assumed to have: site number → hlc.
    func since(for reader: SyncEngine.Reader) throws -> [Int: Int64] {
        func vector(_ text: String?) -> [Int: Int64] {
            var result: [Int: Int64] = [:]
            for (hex, hlc) in SyncEngine.vector(text) {
                guard let id = SiteID(hex: hex), let ordinal = metadata.ordinals[id] else { continue }
                result[ordinal] = hlc
            }
            return result
        }
        switch reader {
        case .anyone:
            return [:]
        case .peer(let id):
            guard let ordinal = metadata.ordinals[id], ordinal != 0 else { return [:] }
            return vector(try db.fetchOne(String.self, "SELECT vector FROM sync_peer WHERE ordinal = ?", [ordinal]))
        case .everyone:
            // A device forgotten here (`sync forget`) no longer holds the
            // bundles back to what it had.
            let vectors = try db.fetchAll("SELECT vector FROM sync_peer WHERE vector IS NOT NULL AND forgotten = 0")
                .map { vector(try $0.get(String?.self, at: 0)) }
            guard !vectors.isEmpty else { return [:] }
            var result: [Int: Int64] = [:]
            for ordinal in metadata.sites.keys {
                result[ordinal] = vectors.map { $0[ordinal] ?? 0 }.min() ?? 0
            }
            return result
        }
    }

    func write(for reader: SyncEngine.Reader, key: SyncKey) throws -> Data {
        let since = try since(for: reader)
        func newer(_ version: SyncVersion) -> Bool {
            guard let ordinal = metadata.ordinals[version.site] else { return true }
            return version.hlc > (since[ordinal] ?? 0)
        }
        // Which products withhold now, and which stopped since the reader heard from us.
        var withholding: Set<String> = []
        var resend: Set<String> = []
        var hlc = try db.fetchOne(Int64.self, "SELECT hlc FROM sync_site") ?? 0
        for product in registry.products where catalog.tables.contains(where: { $0.product == product.name }) {
            let now = try product.isWithholding(db)
            let stored = try db.fetchOne(
                "SELECT withholding, resumed_hlc FROM sync_withholding WHERE product = ?", [product.name])
            var resumed: Int64 = try stored?.get(Int64.self, at: 1) ?? 0
            if now {
                withholding.insert(product.name)
                try db.execute(
                    """
                    INSERT INTO sync_withholding (product, withholding) VALUES (?, 1)
                    ON CONFLICT (product) DO UPDATE SET withholding = 1
                    """, [product.name])
            } else if stored == nil {
                try db.execute("INSERT INTO sync_withholding (product, withholding) VALUES (?, 0)", [product.name])
            } else if try stored?.get(Int.self, at: 0) == 1 {
                hlc = HybridClock.tick(hlc, now: clock.now())
                resumed = hlc
                try db.execute("UPDATE sync_site SET hlc = ?", [hlc])
                try db.execute(
                    "UPDATE sync_withholding SET withholding = 0, resumed_hlc = ? WHERE product = ?",
                    [resumed, product.name])
            }
            if !now && resumed > (since[0] ?? 0) { resend.insert(product.name) }
        }

        // The identities with something newer than `since`.
        try db.execute("CREATE TEMP TABLE IF NOT EXISTS sync_since (s INTEGER PRIMARY KEY, h INTEGER NOT NULL)")
        try db.execute("DELETE FROM temp.sync_since")
        for (ordinal, value) in since {
            try db.execute("INSERT INTO temp.sync_since (s, h) VALUES (?, ?)", [ordinal, value])
        }
        var resendTables = catalog.tables.filter { resend.contains($0.product) }.map(\.ordinal)
        resendTables.append(-1)
        func after(_ hlc: String, _ site: String) -> String {
            "\(hlc) > coalesce((SELECT h FROM temp.sync_since WHERE s = \(site)), 0)"
        }
        let changed = try db.fetchAll(
            """
            SELECT t, k FROM sync_row AS r WHERE \(after("r.v", "r.s"))
                OR (r.d > 0 AND \(after("r.d", "r.ds"))) OR (r.w IS NOT NULL AND \(after("r.w", "r.ws")))
            UNION SELECT t, k FROM sync_cell AS c WHERE \(after("c.h", "c.s"))
            UNION SELECT t, k FROM sync_row WHERE t IN (\(resendTables.map(String.init).joined(separator: ", ")))
            """)
        try db.execute("DELETE FROM temp.sync_since")

        // Each record with what the reader lacks, in the registry's order, then by identity.
        var coding = SyncRecordCoding(catalog: catalog)
        coding.seal = { table, column, identity, text in
            try BundleCipher.sealText(text, table: table, column: column, identity: identity, key: key)
        }
        var siteIndex: [SiteID: Int] = [metadata.site: 0]
        let others = metadata.sites.filter { $0.key != 0 }.sorted { $0.value.id < $1.value.id }
        for (offset, entry) in others.enumerated() { siteIndex[entry.value.id] = offset + 1 }
        var lines: [(table: Int, identity: String, line: String)] = []
        for row in changed {
            guard let table = catalog.table(ordinal: try row.get(Int.self, at: 0)) else { continue }
            let identity = try metadata.identity(table, key: row[1])
            guard let record = try metadata.record(table, identity: identity)?.record else { continue }
            let whole = newer(record.creation) || record.latestCreation.map(newer) == true
            var sending: Set<String> = []
            sending.reserveCapacity(table.units.count)
            for unit in table.units {
                guard let version = record.units[unit.name] else { continue }
                let withheld = unit.kind == .withheld
                if withheld && withholding.contains(table.product) { continue }
                if whole || newer(version) || (withheld && resend.contains(table.product) && record.isAlive) {
                    sending.insert(unit.name)
                }
            }
            let deleted = record.deletion.map(newer) == true
            if !whole && !deleted && sending.isEmpty { continue }
            let json = try coding.encode(record, sending: sending) { id in
                guard let index = siteIndex[id] else { throw LifeError.bug("a record names an unknown site") }
                return .integer(Int64(index))
            }
            lines.append((table.position, SyncRecordCoding.identityJSON(record.identity), json.text))
        }
        lines.sort { ($0.table, $0.identity) < ($1.table, $1.identity) }

        var sites = [
            SyncBundleHeader.Site(id: metadata.site, role: metadata.role, has: hlc, since: since[0] ?? 0)
        ]
        for (ordinal, entry) in others {
            let has = try db.fetchOne(Int64.self, "SELECT has FROM sync_peer WHERE ordinal = ?", [ordinal]) ?? 0
            sites.append(SyncBundleHeader.Site(id: entry.id, role: entry.role, has: has, since: since[ordinal] ?? 0))
        }
        let header = SyncBundleHeader(
            version: SyncBundleHeader.currentVersion, schemaVersion: LifeDatabase.latestVersion, clock: hlc,
            accepted: try db.fetchOne(Int64.self, "SELECT accepted_clock FROM sync_site") ?? 0, sites: sites,
            recordCount: lines.count)
        var text = header.json.text + "\n"
        for line in lines {
            text += line.line
            text += "\n"
        }
        return Data(text.utf8)
    }
}
