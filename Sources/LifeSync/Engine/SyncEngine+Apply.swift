import Foundation
import LifeCore
import LifeDB
import LifeExchange
import LifeKernel

extension SyncEngine {
    /// Applies a bundle's plaintext (docs/sync.md, section 9): one
    /// transaction, idempotent, commutative. A bundle from a newer schema is
    /// kept in `sync_waiting` (its encrypted `bundle`) and reported as
    /// waiting, nothing else changed; one applied from there (`waitingID`)
    /// leaves it in the same transaction.
    ///
    /// Throws a `SyncSetAside` for a bundle that cannot be applied now (one
    /// that is not a bundle this build reads, or whose clock runs more than
    /// a day ahead of this device's and of the clocks accepted here, unless
    /// `acceptSkew`): nothing is changed, and the caller sets it aside.
    package func apply(
        _ plaintext: Data, bundle: Data, key: SyncKey, acceptSkew: Bool = false, waitingID: Int64? = nil
    ) throws -> SyncApplyReport {
        guard let text = String(data: plaintext, encoding: .utf8) else {
            throw SyncSetAside(.unreadable, "it is not text inside; it was not written by lifectl sync")
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, !first.isEmpty else {
            throw SyncSetAside(.unreadable, "it is empty inside")
        }
        let header: SyncBundleHeader
        do {
            header = try SyncBundleHeader.read(first)
        } catch let error as LifeError {
            throw SyncSetAside(error.remedy == .newerVersion ? .schema : .unreadable, error.message)
        }
        guard header.schemaVersion <= LifeDatabase.latestVersion else {
            try keepWaiting(bundle, schemaVersion: header.schemaVersion, sender: header.sender?.id)
            var report = SyncApplyReport()
            report.sender = header.sender?.id
            report.waitingFor = header.schemaVersion
            return report
        }
        guard lines.count == header.recordCount + 2, lines.last?.isEmpty == true else {
            throw SyncSetAside(
                .unreadable,
                "it says it holds \(header.recordCount) records but has \(max(0, lines.count - 2)) lines of them: it was cut short or damaged",
                sender: header.sender?.id)
        }
        let records = lines.dropFirst().dropLast()
        return try writer.inDatabase { db in
            if let sender = header.sender?.id,
                try db.fetchOne(Int.self, "SELECT forgotten FROM sync_peer WHERE site = ?", [sender.bytes]) == 1
            {
                throw SyncSetAside(
                    .forgotten, "that device was forgotten here: its bundles are not applied",
                    sender: sender)
            }
            // A clock accepted here, or by the device that wrote the bundle.
            let accepted = max(
                try db.fetchOne(Int64.self, "SELECT accepted_clock FROM sync_site") ?? 0, header.accepted)
            let now = clock.now()
            let ahead = HybridClock.isTooFarAhead(header.clock, now: now, accepted: accepted)
            if ahead && !acceptSkew {
                throw SyncSetAside.skew(header.clock, now: now, sender: header.sender?.id)
            }
            do {
                return try applyOnce(
                    header, records, db: db, key: key, accepting: ahead, bundle: bundle, waitingID: waitingID,
                    baseline: false)
            } catch is Exchange.ProblemsFound {
                return try applyOnce(
                    header, records, db: db, key: key, accepting: ahead, bundle: bundle, waitingID: waitingID,
                    baseline: true)
            }
        }
    }

    private func applyOnce(
        _ header: SyncBundleHeader, _ lines: ArraySlice<Substring>, db: Database, key: SyncKey, accepting: Bool,
        bundle: Data, waitingID: Int64?, baseline: Bool
    ) throws -> SyncApplyReport {
        let sender = header.sender?.id
        // Foreign keys off, as an import: each row is checked against its
        // parents before it is written, and `foreign_key_check` runs before
        // the commit.
        return try db.withForeignKeysOff {
            try db.writeTransaction { db in
                try db.execute("UPDATE sync_site SET mode = ?", [SyncMode.applying])
                let catalog = try SyncCatalog.read(registry: registry, db: db)
                var metadata = try SyncMetadata(db: db, catalog: catalog)
                // The sites, learnt with their roles.
                var ordinals: [Int] = []
                for site in header.sites {
                    if site.id == metadata.site {
                        guard site.role == metadata.role else {
                            throw SyncSetAside(
                                .unreadable,
                                "it says this device is a \(site.role.rawValue), but it is a \(metadata.role.rawValue)",
                                sender: sender)
                        }
                        ordinals.append(0)
                    } else {
                        do {
                            ordinals.append(try metadata.ordinal(of: site.id, role: site.role))
                        } catch let error as LifeError {
                            throw SyncSetAside(.unreadable, error.message, sender: sender)
                        }
                    }
                }
                // A clock beyond the limit, confirmed: remembered, so that the
                // sender's next bundles (and those that carry its clock on)
                // apply without asking again.
                // One accepted by the device that wrote it is accepted here too.
                let accepted = max(header.accepted, accepting ? header.clock : 0)
                if accepted > 0 {
                    try db.execute("UPDATE sync_site SET accepted_clock = max(accepted_clock, ?)", [accepted])
                }
                try db.execute("UPDATE sync_site SET hlc = max(hlc, ?)", [header.clock])
                var coding = SyncRecordCoding(catalog: catalog, formatVersion: header.version)
                coding.unseal = { table, column, identity, payload in
                    try BundleCipher.openText(payload, table: table, column: column, identity: identity, key: key)
                }
                let ids = header.sites.map(\.id)
                var incoming: [SyncRecord] = []
                do {
                    for (offset, line) in lines.enumerated() {
                        let label = "its record \(offset + 1)"
                        guard let json = SyncJSON.parse(line) else {
                            throw LifeError.malformed("\(label) is not a JSON object", field: "bundle")
                        }
                        incoming.append(
                            try coding.decode(json, label: label) { site in
                                guard case .integer(let index) = site, index >= 0, index < Int64(ids.count) else {
                                    throw LifeError.malformed(
                                        "\(label) names a site that is not in the header", field: "bundle")
                                }
                                return ids[Int(index)]
                            })
                    }
                } catch let error as LifeError {
                    throw SyncSetAside(.unreadable, error.message, sender: sender)
                }

                let touched = Set(incoming.map(\.table)).compactMap { catalog.table(named: $0)?.product }
                let products = registry.products.filter { touched.contains($0.name) }
                let exchange = Exchange(writer, registry: registry, clock: clock)
                let checkClock = try HybridClock.judgingClock(
                    db, latest: HybridClock.instant(header.clock), now: clock.now(), ahead: accepting ? nil : 24 * 3600
                )
                let before = baseline ? Set(try exchange.violations(of: products, db: db, clock: checkClock)) : []
                var applier = SyncApplier(
                    db: db, catalog: catalog, metadata: metadata, registry: registry,
                    context: ImportContext(db: db, clock: checkClock, isSync: true))
                for record in incoming { try applier.receive(record) }
                try applier.settle()
                try applier.finish()
                for product in products { try product.finishImport(applier.context) }
                if let problem = try db.foreignKeyViolations().first {
                    throw SyncSetAside(
                        .failed, "its rows do not fit together here: \(problem)", sender: sender)
                }
                let added = try exchange.violations(of: products, db: db, clock: checkClock).filter {
                    !before.contains($0)
                }
                if !added.isEmpty {
                    if !baseline { throw Exchange.ProblemsFound() }
                    let shown = added.prefix(5).joined(separator: "; ")
                    throw SyncSetAside(
                        .failed,
                        "its rows would break the products' rules here: \(shown)\(added.count > 5 ? "; and \(added.count - 5) more" : "")",
                        sender: sender)
                }

                // What this site now has of each site, and what the sender
                // has: both only grow, so an old bundle applied again moves
                // nothing back.
                var learnt = false
                for (site, ordinal) in zip(header.sites, ordinals) where ordinal != 0 {
                    let has = try db.fetchOne(Int64.self, "SELECT has FROM sync_peer WHERE ordinal = ?", [ordinal]) ?? 0
                    if (site.since <= has || site.since == 0) && site.has > has {
                        try db.execute("UPDATE sync_peer SET has = ? WHERE ordinal = ?", [site.has, ordinal])
                        learnt = true
                    }
                }
                if let senderOrdinal = ordinals.first, senderOrdinal != 0 {
                    let stored = try db.fetchOne(
                        "SELECT vector, last_clock FROM sync_peer WHERE ordinal = ?", [senderOrdinal])
                    var vector = Self.vector(try stored?.get(String?.self, at: 0))
                    for site in header.sites { vector[site.id.hex] = max(vector[site.id.hex] ?? 0, site.has) }
                    let lastClock: Int64? = try stored?.get(at: 1)
                    let newer = lastClock.map { header.clock > $0 } ?? true
                    let text = SyncJSON.object(vector.mapValues { .integer($0) }).text
                    if newer {
                        try db.execute(
                            "UPDATE sync_peer SET vector = ?, last_clock = ?, last_applied_at = ? WHERE ordinal = ?",
                            [text, header.clock, Timestamp.database(clock.now()), senderOrdinal])
                        learnt = true
                    } else {
                        try db.execute("UPDATE sync_peer SET vector = ? WHERE ordinal = ?", [text, senderOrdinal])
                    }
                }
                // Applied: a copy kept when it could not be goes, in the same transaction.
                if let waitingID { try db.execute("DELETE FROM sync_waiting WHERE id = ?", [waitingID]) }
                try db.execute("DELETE FROM sync_waiting WHERE bytes = ?", [bundle])
                if learnt || applier.report.rowsChanged > 0 {
                    try db.execute("UPDATE sync_site SET last_sync_at = ?", [Timestamp.database(clock.now())])
                }
                try db.execute("UPDATE sync_site SET mode = ?", [SyncMode.unstamped])
                var report = applier.report
                report.sender = sender
                report.recordsRead = incoming.count
                report.clockAhead = HybridClock.hoursAhead(header.clock, now: clock.now())
                return report
            }
        }
    }

    /// A peer's vector as stored (`sync_peer.vector`): site id → hlc.
    static func vector(_ text: String?) -> [String: Int64] {
        guard let text, case .object(let object)? = SyncJSON.parse(Substring(text)) else { return [:] }
        return object.compactMapValues { if case .integer(let value) = $0 { value } else { nil } }
    }
}
