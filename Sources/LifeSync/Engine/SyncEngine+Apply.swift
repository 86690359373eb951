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
    /// leaves it in the same transaction. Throws a `LifeError` of kind
    /// malformed input (exit 65) for anything that is not a bundle this
    /// build can apply, or whose clock runs more than a day ahead unless
    /// `acceptSkew`.
    package func apply(
        _ plaintext: Data, bundle: Data, key: SyncKey, acceptSkew: Bool = false, waitingID: Int64? = nil
    ) throws -> SyncApplyReport {
        guard let text = String(data: plaintext, encoding: .utf8) else {
            throw LifeError.malformed(
                "the bundle is not UTF-8 text inside; it was not written by lifectl sync", field: "bundle")
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first else { throw LifeError.malformed("the bundle is empty", field: "bundle") }
        let header = try SyncBundleHeader.read(first)
        guard header.schemaVersion <= LifeDatabase.latestVersion else {
            try keepWaiting(bundle, schemaVersion: header.schemaVersion)
            var report = SyncApplyReport()
            report.waitingFor = header.schemaVersion
            return report
        }
        guard lines.count == header.recordCount + 2, lines.last?.isEmpty == true else {
            throw LifeError.malformed(
                "the bundle says it holds \(header.recordCount) records but has \(max(0, lines.count - 2)) lines of them",
                field: "bundle")
        }
        let now = clock.now()
        if !acceptSkew && HybridClock.isTooFarAhead(header.clock, now: now) {
            let hours = (HybridClock.wallMilliseconds(header.clock) - HybridClock.milliseconds(now)) / 3_600_000
            throw LifeError.malformed(
                "the bundle's clock is \(Format.grouped(Int(hours))) hours ahead of this device's (\(Timestamp.database(HybridClock.instant(header.clock))) UTC); a device whose clock runs fast would win every later conflict, so it was not applied; confirm with --accept-skew if the time is right",
                field: "clock")
        }
        let records = lines.dropFirst().dropLast()
        return try writer.inDatabase { db in
            do {
                return try applyOnce(
                    header, records, db: db, key: key, acceptSkew: acceptSkew, waitingID: waitingID, baseline: false)
            } catch is Exchange.ProblemsFound {
                return try applyOnce(
                    header, records, db: db, key: key, acceptSkew: acceptSkew, waitingID: waitingID, baseline: true)
            }
        }
    }

    private func applyOnce(
        _ header: SyncBundleHeader, _ lines: ArraySlice<Substring>, db: Database, key: SyncKey, acceptSkew: Bool,
        waitingID: Int64?, baseline: Bool
    ) throws -> SyncApplyReport {
        // Foreign keys off, as an import: each row is checked against its
        // parents before it is written, and `foreign_key_check` runs before
        // the commit.
        try db.withForeignKeysOff {
            try db.writeTransaction { db in
                try db.execute("UPDATE sync_site SET mode = ?", [SyncMode.applying])
                let catalog = try SyncCatalog(registry: registry, db: db)
                var metadata = try SyncMetadata(db: db, catalog: catalog)
                // The sites, learnt with their roles.
                var ordinals: [Int] = []
                for site in header.sites {
                    if site.id == metadata.site {
                        guard site.role == metadata.role else {
                            throw LifeError.malformed(
                                "the bundle says this device is a \(site.role.rawValue), but it is a \(metadata.role.rawValue); nothing was applied",
                                field: "bundle")
                        }
                        ordinals.append(0)
                    } else {
                        ordinals.append(try metadata.ordinal(of: site.id, role: site.role))
                    }
                }
                try db.execute("UPDATE sync_site SET hlc = max(hlc, ?)", [header.clock])
                var coding = SyncRecordCoding(catalog: catalog)
                coding.unseal = { table, column, identity, payload in
                    try BundleCipher.openText(payload, table: table, column: column, identity: identity, key: key)
                }
                let ids = header.sites.map(\.id)
                var incoming: [SyncRecord] = []
                for (offset, line) in lines.enumerated() {
                    let label = "the bundle's record \(offset + 1)"
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

                let touched = Set(incoming.map(\.table)).compactMap { catalog.table(named: $0)?.product }
                let products = registry.products.filter { touched.contains($0.name) }
                let exchange = Exchange(writer, registry: registry, clock: clock)
                let checkClock = HybridClock.judgingClock(
                    db, latest: HybridClock.instant(header.clock), now: clock.now(), ahead: acceptSkew ? nil : 24 * 3600
                )
                let before = baseline ? Set(try exchange.violations(of: products, db: db, clock: checkClock)) : []
                var applier = SyncApplier(
                    db: db, catalog: catalog, metadata: metadata, registry: registry,
                    context: ImportContext(db: db, clock: checkClock))
                for record in incoming { try applier.receive(record) }
                try applier.retryParked()
                try applier.finish()
                for product in products { try product.finishImport(applier.context) }
                if let problem = try db.foreignKeyViolations().first {
                    throw LifeError.malformed(
                        "the bundle's rows do not fit together: \(problem); nothing was applied", field: "bundle")
                }
                let added = try exchange.violations(of: products, db: db, clock: checkClock).filter {
                    !before.contains($0)
                }
                if !added.isEmpty {
                    if !baseline { throw Exchange.ProblemsFound() }
                    let shown = added.prefix(5).joined(separator: "; ")
                    throw LifeError.malformed(
                        "the bundle's rows break the products' rules here: \(shown)\(added.count > 5 ? "; and \(added.count - 5) more" : ""); nothing was applied",
                        field: "bundle")
                }

                // What this site now has of each site, and what the sender has.
                for (site, ordinal) in zip(header.sites, ordinals) where ordinal != 0 {
                    let has = try db.fetchOne(Int64.self, "SELECT has FROM sync_peer WHERE ordinal = ?", [ordinal]) ?? 0
                    if site.since <= has || site.since == 0 {
                        try db.execute("UPDATE sync_peer SET has = max(has, ?) WHERE ordinal = ?", [site.has, ordinal])
                    }
                }
                let vector = SyncJSON.object(
                    Dictionary(uniqueKeysWithValues: header.sites.map { ($0.id.hex, SyncJSON.integer($0.has)) }))
                let stamp = Timestamp.database(clock.now())
                if let sender = ordinals.first, sender != 0 {
                    try db.execute(
                        "UPDATE sync_peer SET vector = ?, last_clock = ?, last_applied_at = ? WHERE ordinal = ?",
                        [vector.text, header.clock, stamp, sender])
                }
                if let waitingID { try db.execute("DELETE FROM sync_waiting WHERE id = ?", [waitingID]) }
                try db.execute("UPDATE sync_site SET mode = ?, last_sync_at = ?", [SyncMode.unstamped, stamp])
                var report = applier.report
                report.sender = header.sender?.id
                report.recordsRead = incoming.count
                return report
            }
        }
    }
}
