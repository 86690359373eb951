import Foundation
import LifeDB
import LifeKernel

/// Everything a site knows about one identity of one synced table
/// (docs/sync.md, section 4): the creation that holds it, the latest
/// deletion, and every unit it knows, each with its version and the values
/// of its columns. A deleted row keeps its units and values (a tombstone
/// that a later change brings back whole).
package struct SyncRecord: Equatable, Sendable {
    package var table: String
    /// The identity's values, in the order of `SyncTable.identity`.
    package var identity: [DatabaseValue]
    /// The creation that holds the row (section 5): of the creations that
    /// superseded the most, the earliest.
    package var creation: SyncVersion
    /// The hlc of the latest change (creation or deletion) its device knew
    /// of the identity when it made `creation`; 0 for a first creation.
    package var base: Int64
    /// The latest creation of the identity, when later than `creation`.
    package var latestCreation: SyncVersion?
    /// The latest deletion, if any.
    package var deletion: SyncVersion?
    /// The version of each unit known (a withheld unit never received is absent).
    package var units: [String: SyncVersion]
    /// The values of the known units' columns (and of the identity).
    package var values: [String: DatabaseValue]

    package init(
        table: String, identity: [DatabaseValue], creation: SyncVersion, base: Int64 = 0,
        latestCreation: SyncVersion? = nil, deletion: SyncVersion? = nil, units: [String: SyncVersion] = [:],
        values: [String: DatabaseValue] = [:]
    ) {
        self.table = table
        self.identity = identity
        self.creation = creation
        self.base = base
        self.latestCreation = latestCreation
        self.deletion = deletion
        self.units = units
        self.values = values
    }

    /// The latest change of the row: a creation or a unit's version.
    package var latestWrite: SyncVersion {
        var latest = max(creation, latestCreation ?? creation)
        for version in units.values where version > latest { latest = version }
        return latest
    }

    /// Section 5: a row exists when its latest change is later than its latest deletion.
    package var isAlive: Bool {
        guard let deletion else { return true }
        return latestWrite > deletion
    }

    /// The latest event of any kind (for server classes and vectors).
    package var latestEvent: SyncVersion {
        max(latestWrite, deletion ?? latestWrite)
    }

    /// Every version the record holds, for selecting what a reader lacks.
    package var versions: [SyncVersion] {
        var all = [creation]
        if let latestCreation { all.append(latestCreation) }
        if let deletion { all.append(deletion) }
        all += units.values
        return all
    }
}

extension SyncRecord {
    /// True when creation `a` (with its base) holds the row over creation `b`
    /// (section 5): the one that superseded the later change, then the earlier.
    static func creationHolds(_ a: (base: Int64, version: SyncVersion), over b: (base: Int64, version: SyncVersion))
        -> Bool
    {
        a.base != b.base ? a.base > b.base : a.version <= b.version
    }

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
            let ca = serverClass(a.latestEvent.site)
            let cb = serverClass(b.latestEvent.site)
            if ca != cb { return ca > cb ? a : b }
        }
        let aHolds = creationHolds((a.base, a.creation), over: (b.base, b.creation))
        let holder = aHolds ? a : b
        let other = aHolds ? b : a
        var result = holder
        let creations = [a.creation, a.latestCreation, b.creation, b.latestCreation].compactMap { $0 }
        let latest = creations.max() ?? holder.creation
        result.latestCreation = latest > holder.creation ? latest : nil
        switch (a.deletion, b.deletion) {
        case (let x?, let y?): result.deletion = max(x, y)
        case (let x?, nil): result.deletion = x
        case (nil, let y): result.deletion = y
        }
        let sameCreation = a.creation == b.creation && a.base == b.base
        for unit in table.units {
            // A unit changed no later than what the holding creation
            // superseded belongs to an earlier life of the row: dropped.
            if let version = result.units[unit.name], holder.base > 0, version.hlc <= holder.base {
                result.drop(unit)
            }
            let inHolder = result.units[unit.name]
            var inOther = other.units[unit.name]
            if let version = inOther, holder.base > 0, version.hlc <= holder.base { inOther = nil }
            guard let vo = inOther else { continue }
            guard let vh = inHolder else {
                // A created-once unit belongs to its creation: another
                // creation's values never fill it.
                if unit.kind != .created || sameCreation { result.take(unit, from: other) }
                continue
            }
            switch unit.kind {
            case .created:
                // The holding creation's, rewritten later when it was.
                if sameCreation && vo > vh { result.take(unit, from: other) }
            case .lastWriterWins, .withheld:
                if vo > vh { result.take(unit, from: other) }
            case .server:
                if (serverClass(vo.site), vo) > (serverClass(vh.site), vh) { result.take(unit, from: other) }
            case .earliest, .latest:
                // The better value wins with the version that brought it (so
                // a site that saw the other version still learns the value);
                // equal values keep the later version. Null never wins.
                let column = unit.columns[0]
                let x = result.values[column] ?? .null
                let y = other.values[column] ?? .null
                let better: ComparisonResult = unit.kind == .earliest ? .orderedAscending : .orderedDescending
                let order = DatabaseValue.compare(y, x)
                let otherWins: Bool
                if x.isNull != y.isNull {
                    otherWins = x.isNull
                } else if order == .orderedSame {
                    otherWins = vo > vh
                } else {
                    otherWins = order == better
                }
                if otherWins { result.take(unit, from: other) }
            }
        }
        return result
    }

    /// Takes `unit`'s version and values from `other`.
    mutating func take(_ unit: SyncUnit, from other: SyncRecord) {
        units[unit.name] = other.units[unit.name]
        for column in unit.columns { values[column] = other.values[column] ?? .null }
    }

    /// Forgets `unit` (a withheld unit not carried).
    mutating func drop(_ unit: SyncUnit) {
        units[unit.name] = nil
        for column in unit.columns { values[column] = nil }
    }

    /// The record without what this site does not apply from others: in a
    /// server-owned table, a record whose latest event is not a server's; in
    /// other tables, server-wins units whose version is not a server's
    /// (docs/sync.md, section 6). Nil when nothing is left to apply.
    package func keepingServerData(
        table: SyncTable, localSite: SiteID, serverClass: (SiteID) -> Int
    ) -> SyncRecord? {
        func foreign(_ version: SyncVersion) -> Bool {
            version.site != localSite && serverClass(version.site) == 0
        }
        if table.serverOwned { return foreign(latestEvent) ? nil : self }
        var result = self
        for unit in table.units where unit.kind == .server {
            guard let unitVersion = units[unit.name], foreign(unitVersion) else { continue }
            result.drop(unit)
        }
        return result
    }
}
