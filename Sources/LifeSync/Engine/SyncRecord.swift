import Foundation
import LifeDB
import LifeKernel

/// Everything a site knows of one identity of one synced table (docs/sync.md,
/// section 4): its causal length, the version of its last creation or
/// deletion, and for an alive row the units it carries, each with its
/// version and the values of its columns.
package struct SyncRecord: Equatable, Sendable {
    package var table: String
    /// The identity's values, in the order of `SyncTable.identity`.
    package var identity: [DatabaseValue]
    /// Causal length: odd while the row exists, even once deleted.
    package var cl: Int64
    /// The version of the creation (odd `cl`) or deletion (even `cl`).
    package var version: SyncVersion
    /// The version of each unit carried (an alive record only).
    package var units: [String: SyncVersion]
    /// The values of the carried units' columns (and of the identity).
    package var values: [String: DatabaseValue]

    package init(
        table: String, identity: [DatabaseValue], cl: Int64, version: SyncVersion,
        units: [String: SyncVersion] = [:], values: [String: DatabaseValue] = [:]
    ) {
        self.table = table
        self.identity = identity
        self.cl = cl
        self.version = version
        self.units = units
        self.values = values
    }

    package var isAlive: Bool { cl % 2 == 1 }

    /// Whether `unit` changed after the record's creation (its version is later).
    package func changedAfterCreation(_ unit: String) -> Bool {
        guard let version = units[unit] else { return false }
        return version > self.version
    }
}

extension SyncRecord {
    /// The merge of two records of one identity (docs/sync.md, sections 5
    /// and 6). The same whichever comes first; `merge(a, a) == a`.
    ///
    /// `serverClass` tells a site's class: 1 for a server, 0 for a device.
    /// Server-wins values of class 0 from sites other than this one are
    /// dropped before merging (`SyncRecord.keepingServerData`).
    package static func merge(
        _ a: SyncRecord, _ b: SyncRecord, table: SyncTable, serverClass: (SiteID) -> Int
    ) -> SyncRecord {
        if table.serverOwned {
            let ka = (serverClass(a.version.site), a.cl)
            let kb = (serverClass(b.version.site), b.cl)
            if ka != kb { return ka > kb ? a : b }
        } else if a.cl != b.cl {
            return a.cl > b.cl ? a : b
        }
        guard a.isAlive else { return a.version >= b.version ? a : b }
        var result = a
        result.version = min(a.version, b.version)
        for unit in table.units {
            let inA = a.units[unit.name]
            let inB = b.units[unit.name]
            guard let vb = inB else { continue }
            guard let va = inA else {
                result.take(unit, from: b)
                continue
            }
            switch unit.kind {
            case .lastWriterWins, .withheld:
                if vb > va { result.take(unit, from: b) }
            case .created:
                let changedA = va > a.version
                let changedB = vb > b.version
                let bWins = changedA != changedB ? changedB : (changedA ? vb > va : vb < va)
                if bWins { result.take(unit, from: b) }
            case .server:
                if (serverClass(vb.site), vb) > (serverClass(va.site), va) { result.take(unit, from: b) }
            case .earliest, .latest:
                // The better value wins with the version that brought it (so
                // a site that saw the other version still learns the value);
                // equal values keep the later version. Null never wins.
                let column = unit.columns[0]
                let x = a.values[column] ?? .null
                let y = b.values[column] ?? .null
                let better: ComparisonResult = unit.kind == .earliest ? .orderedAscending : .orderedDescending
                let order = DatabaseValue.compare(y, x)
                let bWins: Bool
                if x.isNull != y.isNull {
                    bWins = x.isNull
                } else if order == .orderedSame {
                    bWins = vb > va
                } else {
                    bWins = order == better
                }
                if bWins { result.take(unit, from: b) }
            }
        }
        return result
    }

    /// Takes `unit`'s version and values from `other`.
    mutating func take(_ unit: SyncUnit, from other: SyncRecord) {
        units[unit.name] = other.units[unit.name]
        for column in unit.columns { values[column] = other.values[column] ?? .null }
    }

    /// The record without what this site does not apply from others: in a
    /// server-owned table, a record whose version is not a server's; in
    /// other tables, server-wins units whose version is not a server's
    /// (docs/sync.md, section 6). Nil when nothing is left to apply.
    package func keepingServerData(
        table: SyncTable, localSite: SiteID, serverClass: (SiteID) -> Int
    ) -> SyncRecord? {
        func foreign(_ version: SyncVersion) -> Bool {
            version.site != localSite && serverClass(version.site) == 0
        }
        if table.serverOwned { return foreign(version) ? nil : self }
        var result = self
        for unit in table.units where unit.kind == .server {
            guard let unitVersion = units[unit.name], foreign(unitVersion) else { continue }
            result.units[unit.name] = nil
            for column in unit.columns { result.values[column] = nil }
        }
        return result
    }
}
