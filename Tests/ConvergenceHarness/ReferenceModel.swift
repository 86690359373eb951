import Foundation
import LifeDB

/// The REL-7 reference model: every device's records, clocks and vectors,
/// worked out from `docs/sync.md` alone (sections 2–9 and 12), never from
/// the engine's code. It is fed what each local transaction did to the
/// device's own rows (seen by the harness's own triggers) and the bundles
/// the harness chose to write and deliver; it says what every device must
/// then show.
struct ReferenceModel {
    typealias Key = [DatabaseValue]

    /// A site's id: 16 bytes, ordered as unsigned bytes (section 1).
    struct SiteKey: Hashable, Comparable, CustomStringConvertible {
        let bytes: [UInt8]
        static func < (a: SiteKey, b: SiteKey) -> Bool { a.bytes.lexicographicallyPrecedes(b.bytes) }
        var description: String { bytes.prefix(3).map { String(format: "%02x", $0) }.joined() }
    }

    /// (hlc, site), ordered by hlc then site (section 1).
    struct Version: Hashable, Comparable, CustomStringConvertible {
        let hlc: Int64
        let site: SiteKey
        static func < (a: Version, b: Version) -> Bool { (a.hlc, a.site) < (b.hlc, b.site) }
        var description: String { "\(hlc >> 5)ms+\(hlc & 31)@\(site)" }
    }

    struct UnitValue: Equatable {
        var values: [DatabaseValue]
        var version: Version
    }

    /// Section 4: a site's knowledge of one identity. `units` holds only the
    /// units known (a bundle may carry some of them, section 8).
    struct Record: Equatable {
        /// The creation that holds the row, and what it superseded (`b`).
        var creation: Version
        var base: Int64
        /// The latest creation, when later than `creation`.
        var latest: Version?
        var deletion: Version?
        var units: [String: UnitValue]

        var latestWrite: Version {
            var result = max(creation, latest ?? creation)
            for unit in units.values where unit.version > result { result = unit.version }
            return result
        }

        var isAlive: Bool { deletion.map { latestWrite > $0 } ?? true }

        var latestEvent: Version { max(latestWrite, deletion ?? latestWrite) }

        var allVersions: [Version] {
            [creation] + [latest, deletion].compactMap { $0 } + units.values.map(\.version)
        }
    }

    /// One record line of a bundle.
    struct Message {
        let table: String
        let key: Key
        let record: Record
    }

    struct Bundle {
        let sender: SiteKey
        let clock: Int64
        /// The clock the sender accepted ahead (0: none).
        let accepted: Int64
        /// The sender's vector (`has`), its own entry being its clock.
        let has: [SiteKey: Int64]
        /// What the reader was taken to have (`since`, W).
        let since: [SiteKey: Int64]
        let messages: [Message]
    }

    /// One database file.
    struct Site {
        var id: SiteKey
        let isServer: Bool
        var hlc: Int64 = 0
        var records: [String: [Key: Record]] = [:]
        /// For every other site, the largest hlc of its changes incorporated.
        var vector: [SiteKey: Int64] = [:]
        /// What each peer said it has (entry by entry the largest, section 8).
        var peerHas: [SiteKey: [SiteKey: Int64]] = [:]
        /// Per product: whether the last bundle written withheld, and the
        /// clock of the first bundle written without withholding after one that did.
        var lastWithheld: [String: Bool] = [:]
        var resumedAt: [String: Int64] = [:]
        /// The clock accepted ahead (section 2).
        var accepted: Int64 = 0
        /// The latest clock of a bundle applied here (section 2: a change
        /// dated again never goes before what this site had seen).
        var received: Int64 = 0
        /// Ids this site had before (section 2, a clock that ran ahead).
        var former: [SiteKey] = []
    }

    /// One change a local transaction made to a row, as the harness's
    /// triggers saw it: column → value for the identity and travelling columns.
    struct RowEvent {
        enum Kind { case insert, update, delete }
        let table: String
        let kind: Kind
        let old: [String: DatabaseValue]?
        let new: [String: DatabaseValue]?
    }

    /// The rows a site shows: table → identity → column → value.
    typealias Shown = [String: [Key: [String: DatabaseValue]]]

    let contract: SyncContract
    var sites: [Site]
    /// Every site id ever seen with the server role.
    var servers: Set<SiteKey>

    static let skewLimitMilliseconds: Int64 = 24 * 3600 * 1000

    init(contract: SyncContract, sites: [Site]) {
        self.contract = contract
        self.sites = sites
        servers = Set(sites.filter(\.isServer).map(\.id))
    }

    func isServer(_ site: SiteKey) -> Bool { servers.contains(site) }

    /// Section 6: class 1 for a version made by a site with the server role.
    func serverClass(_ version: Version) -> Int { isServer(version.site) ? 1 : 0 }

    // MARK: Local changes (sections 2 and 3)

    /// Records one committed local transaction of `site` whose clock was
    /// `nowMilliseconds`. Returns the inconsistencies between what the
    /// device did and what the model holds for it (a row updated that the
    /// model says is not alive there, …): each a failure of its own.
    mutating func localTransaction(site index: Int, nowMilliseconds: Int64, events: [RowEvent]) -> [String] {
        var problems: [String] = []
        // Split an update of identity columns into a delete and an insert.
        var flat:
            [(
                table: SyncContract.Table, key: Key, kind: RowEvent.Kind, old: [String: DatabaseValue]?,
                new: [String: DatabaseValue]?
            )] = []
        for event in events {
            guard let table = contract.table(event.table) else { continue }
            func key(_ row: [String: DatabaseValue]?) -> Key { table.identity.map { row?[$0] ?? .null } }
            switch event.kind {
            case .insert: flat.append((table, key(event.new), .insert, nil, event.new))
            case .delete: flat.append((table, key(event.old), .delete, event.old, nil))
            case .update:
                let before = key(event.old)
                let after = key(event.new)
                if Self.sameKey(before, after) {
                    // Section 3: only a unit whose value changed is recorded.
                    let changed = table.units.contains { unit in
                        unit.columns.contains {
                            !Self.identical(event.old?[$0] ?? .null, event.new?[$0] ?? .null)
                        }
                    }
                    if changed { flat.append((table, after, .update, event.old, event.new)) }
                } else {
                    flat.append((table, before, .delete, event.old, nil))
                    flat.append((table, after, .insert, nil, event.new))
                }
            }
        }
        guard !flat.isEmpty else { return problems }
        var site = sites[index]
        // Section 2: one tick for the transaction.
        site.hlc = max(site.hlc + 1, nowMilliseconds * 32)
        let version = Version(hlc: site.hlc, site: site.id)
        for change in flat {
            let table = change.table
            let existing = site.records[table.name]?[change.key]
            switch change.kind {
            case .insert:
                guard let row = change.new else { continue }
                var record = Record(creation: version, base: 0, latest: nil, deletion: existing?.deletion, units: [:])
                if let existing {
                    record.base = max(existing.creation.hlc, existing.latest?.hlc ?? 0, existing.deletion?.hlc ?? 0)
                    // A deletion earlier in the same transaction is undone.
                    if existing.deletion == version { record.deletion = nil }
                }
                for unit in table.units {
                    record.units[unit.name] = UnitValue(values: unit.columns.map { row[$0] ?? .null }, version: version)
                }
                site.records[table.name, default: [:]][change.key] = record
            case .delete:
                var record =
                    existing
                    ?? Record(creation: Version(hlc: 0, site: site.id), base: 0, latest: nil, deletion: nil, units: [:])
                if let existing, !existing.isAlive, !deletionUndone(table, change.key, at: site) {
                    problems.append(
                        "device \(index) deleted \(table.name) \(Self.describe(change.key)), which the model says is not alive there"
                    )
                }
                record.deletion = version
                // The row's values are kept whole (its tombstone): the units
                // known, with their versions.
                if let row = change.old {
                    for unit in table.units where existing == nil || record.units[unit.name] != nil {
                        record.units[unit.name] = UnitValue(
                            values: unit.columns.map { row[$0] ?? .null },
                            version: record.units[unit.name]?.version ?? record.creation)
                    }
                }
                site.records[table.name, default: [:]][change.key] = record
            case .update:
                // Shown: alive, or deleted after the lock of a group that
                // undoes such a deletion (section 7, rule 5); an edit of
                // the latter, later than the deletion, makes it alive.
                guard var record = existing, record.isAlive || deletionUndone(table, change.key, at: site) else {
                    problems.append(
                        "device \(index) updated \(table.name) \(Self.describe(change.key)), which the model says it does not show"
                    )
                    continue
                }
                for unit in table.units {
                    let before = unit.columns.map { change.old?[$0] ?? .null }
                    let after = unit.columns.map { change.new?[$0] ?? .null }
                    if zip(before, after).contains(where: { !Self.identical($0, $1) }) {
                        record.units[unit.name] = UnitValue(values: after, version: version)
                    }
                }
                site.records[table.name, default: [:]][change.key] = record
            }
        }
        sites[index] = site
        return problems
    }

    /// Whether the group's lock undoes the deletion of `key` at `site`
    /// (section 7, rule 5: created before the start, deleted after it).
    func deletionUndone(_ table: SyncContract.Table, _ key: Key, at site: Site) -> Bool {
        guard let rule = Self.groupRules[table.name], let records = site.records[table.name] else { return false }
        return groupVerdicts(rule, table: table, records: records, site: site)[key]?.deletionUndone == true
    }

    /// Two values the same as SQLite's `IS` says.
    static func identical(_ a: DatabaseValue, _ b: DatabaseValue) -> Bool {
        compare(a, b) == .orderedSame && a.isNull == b.isNull
    }

    // MARK: A clock that ran ahead (section 2)

    /// What a site whose clock ran ahead does before writing a bundle: when
    /// its hlc is more than a day ahead of `nowMilliseconds` and of the clock
    /// it accepted ahead, and no version or bundle clock
    /// of another site is, it takes `newID` and dates its own versions later
    /// than T again. Answers whether it did.
    mutating func restampIfAhead(site index: Int, nowMilliseconds: Int64, newID: SiteKey) -> Bool {
        var site = sites[index]
        // A clock accepted ahead (here, or by a site whose bundle said so) stands.
        guard (site.hlc >> 5) - max(nowMilliseconds, site.accepted >> 5) > Self.skewLimitMilliseconds else {
            return false
        }
        var others: Int64 = 0
        var own: Set<Int64> = []
        for records in site.records.values {
            for record in records.values {
                for version in record.allVersions {
                    if version.site == site.id { own.insert(version.hlc) } else { others = max(others, version.hlc) }
                }
            }
        }
        // What this site had seen of the others: their versions, and the
        // clocks of their bundles (which bound even versions superseded here).
        others = max(others, site.received)
        guard (others >> 5) - nowMilliseconds <= Self.skewLimitMilliseconds else { return false }
        let floor = max(nowMilliseconds * 32, others)
        let ahead = own.filter { $0 > floor }.sorted()
        var map: [Int64: Int64] = [:]
        for (offset, hlc) in ahead.enumerated() { map[hlc] = floor + Int64(offset) + 1 }
        let old = site.id
        func restamp(_ version: Version) -> Version {
            guard version.site == old, let hlc = map[version.hlc] else { return version }
            return Version(hlc: hlc, site: newID)
        }
        for (table, records) in site.records {
            for (key, var record) in records {
                record.creation = restamp(record.creation)
                record.latest = record.latest.map(restamp)
                record.deletion = record.deletion.map(restamp)
                if let mapped = map[record.base] { record.base = mapped }
                for (name, unit) in record.units {
                    record.units[name] = UnitValue(values: unit.values, version: restamp(unit.version))
                }
                site.records[table]?[key] = record
            }
        }
        for (product, resumed) in site.resumedAt where resumed > floor {
            site.resumedAt[product] = map[resumed] ?? floor
        }
        site.hlc = max(map.values.max() ?? floor, floor)
        site.vector[old] = floor
        site.former.append(old)
        site.id = newID
        sites[index] = site
        if isServer(old) { servers.insert(newID) }
        return true
    }

    // MARK: Bundles (section 8)

    /// The `since` vector for a reader: one peer's (what it said it has),
    /// the smallest over every peer heard from, or none.
    enum Reader {
        case peer(SiteKey)
        case everyone
        case anyone
    }

    func since(for reader: Reader, at index: Int) -> [SiteKey: Int64] {
        let site = sites[index]
        switch reader {
        case .anyone: return [:]
        case .peer(let peer): return site.peerHas[peer] ?? [:]
        case .everyone:
            let vectors = Array(site.peerHas.values)
            guard !vectors.isEmpty else { return [:] }
            var smallest: [SiteKey: Int64] = [:]
            for key in Set(vectors.flatMap(\.keys)) {
                smallest[key] = vectors.map { $0[key] ?? 0 }.min() ?? 0
            }
            return smallest
        }
    }

    /// The bundle `index` writes for `since`, with `withholding` the
    /// products that withhold on that device now.
    mutating func writeBundle(
        from index: Int, since: [SiteKey: Int64], withholding: Set<String>, nowMilliseconds: Int64
    ) -> Bundle {
        var site = sites[index]
        let withheldProducts = Set(contract.tables.filter { !$0.withheldUnits.isEmpty }.map(\.product))
        var resend: Set<String> = []
        for product in withheldProducts {
            if withholding.contains(product) {
                site.lastWithheld[product] = true
            } else {
                if site.lastWithheld[product] == true {
                    // Section 8: the clock ticks when a product stops withholding.
                    site.hlc = max(site.hlc + 1, nowMilliseconds * 32)
                    site.resumedAt[product] = site.hlc
                    site.lastWithheld[product] = false
                } else if site.lastWithheld[product] == nil {
                    site.lastWithheld[product] = false
                }
                if since[site.id, default: 0] < site.resumedAt[product, default: 0] { resend.insert(product) }
            }
        }
        func newer(_ version: Version) -> Bool { version.hlc > since[version.site, default: 0] }
        var messages: [Message] = []
        for table in contract.tables {
            guard let records = site.records[table.name] else { continue }
            for key in records.keys.sorted(by: Self.keyOrder) {
                guard let record = records[key] else { continue }
                if table.serverOwned && serverClass(record.latestEvent) == 0 && record.latestEvent.site != site.id {
                    continue
                }
                var allowed: [String: UnitValue] = [:]
                for (name, unit) in record.units {
                    guard let spec = table.unit(named: name) else { continue }
                    if spec.policy == .withheld && withholding.contains(table.product) { continue }
                    if spec.policy == .serverWins && serverClass(unit.version) == 0 && unit.version.site != site.id {
                        continue
                    }
                    allowed[name] = unit
                }
                let whole = newer(record.creation) || record.latest.map(newer) == true
                var sent: [String: UnitValue]
                if whole {
                    sent = allowed
                } else {
                    sent = allowed.filter { newer($0.value.version) }
                    if resend.contains(table.product) && record.isAlive {
                        for unit in table.withheldUnits {
                            if let value = allowed[unit.name] { sent[unit.name] = value }
                        }
                    }
                    if sent.isEmpty && record.deletion.map(newer) != true { continue }
                }
                var message = record
                message.units = sent
                messages.append(Message(table: table.name, key: key, record: message))
            }
        }
        var has = site.vector
        has[site.id] = site.hlc
        sites[index] = site
        return Bundle(
            sender: site.id, clock: site.hlc, accepted: site.accepted, has: has, since: since, messages: messages)
    }

    enum ApplyOutcome: Equatable {
        case applied
        case setAsideForSkew
    }

    /// Whether `bundle` is set aside at `index` for its clock (section 2).
    func isTooFarAhead(_ bundle: Bundle, at index: Int, nowMilliseconds: Int64) -> Bool {
        (bundle.clock >> 5) - max(nowMilliseconds, max(sites[index].accepted, bundle.accepted) >> 5)
            > Self.skewLimitMilliseconds
    }

    /// Section 9: applies `bundle` at `index`, whose clock reads `nowMilliseconds`.
    mutating func apply(_ bundle: Bundle, to index: Int, nowMilliseconds: Int64, acceptSkew: Bool) -> ApplyOutcome {
        let ahead = isTooFarAhead(bundle, at: index, nowMilliseconds: nowMilliseconds)
        if ahead && !acceptSkew { return .setAsideForSkew }
        var site = sites[index]
        site.accepted = max(site.accepted, bundle.accepted, ahead ? bundle.clock : 0)
        site.hlc = max(site.hlc, bundle.clock)
        site.received = max(site.received, bundle.clock)
        for message in bundle.messages {
            guard let table = contract.table(message.table) else { continue }
            let local = site.records[table.name]?[message.key]
            if let merged = merge(local, message.record, table: table, receiver: site.id) {
                site.records[table.name, default: [:]][message.key] = merged
            }
        }
        for (other, has) in bundle.has where other != site.id {
            if bundle.since[other, default: 0] <= site.vector[other, default: 0] {
                site.vector[other] = max(site.vector[other, default: 0], has)
            }
        }
        var told = site.peerHas[bundle.sender] ?? [:]
        for (other, has) in bundle.has { told[other] = max(told[other] ?? 0, has) }
        site.peerHas[bundle.sender] = told
        sites[index] = site
        return .applied
    }

    // MARK: Merge (sections 5 and 6)

    /// The merge of this site's record with one from another site.
    func merge(_ local: Record?, _ incoming: Record, table: SyncContract.Table, receiver: SiteKey) -> Record? {
        var incoming = incoming
        // Section 6: server-owned data from a device other than this one is ignored.
        if table.serverOwned && serverClass(incoming.latestEvent) == 0 && incoming.latestEvent.site != receiver {
            return local
        }
        incoming.units = incoming.units.filter { name, unit in
            table.unit(named: name)?.policy != .serverWins || serverClass(unit.version) == 1
                || unit.version.site == receiver
        }
        guard let local else { return incoming }
        if table.serverOwned {
            let a = serverClass(local.latestEvent)
            let b = serverClass(incoming.latestEvent)
            if a != b { return a > b ? local : incoming }
        }
        // 2. The creation that holds: the larger base, then the earlier creation.
        let localHolds =
            local.base != incoming.base ? local.base > incoming.base : local.creation <= incoming.creation
        let holder = localHolds ? local : incoming
        let other = localHolds ? incoming : local
        var merged = Record(
            creation: holder.creation, base: holder.base, latest: nil,
            deletion: [local.deletion, incoming.deletion].compactMap { $0 }.max(), units: [:])
        let creations = [local.creation, local.latest, incoming.creation, incoming.latest].compactMap { $0 }
        if let last = creations.max(), last > merged.creation { merged.latest = last }
        let sameCreation = local.creation == incoming.creation && local.base == incoming.base
        // A unit changed no later than what the holding creation superseded
        // (`b`) belongs to an earlier life of the row.
        func current(_ unit: UnitValue?) -> UnitValue? {
            guard let unit, holder.base > 0, unit.version.hlc <= holder.base else { return unit }
            return nil
        }
        for unit in table.units {
            switch (current(holder.units[unit.name]), current(other.units[unit.name])) {
            case (nil, nil): continue
            case (let a?, nil): merged.units[unit.name] = a
            case (nil, let b?):
                if unit.policy != .createdOnce || sameCreation { merged.units[unit.name] = b }
            case (let a?, let b?):
                if unit.policy == .createdOnce {
                    merged.units[unit.name] = sameCreation && b.version > a.version ? b : a
                } else {
                    merged.units[unit.name] = mergeUnit(unit.policy, a, b)
                }
            }
        }
        return merged
    }

    func mergeUnit(_ policy: SyncContract.Policy, _ a: UnitValue, _ b: UnitValue) -> UnitValue {
        switch policy {
        case .lastWriterWins, .withheld, .createdOnce:
            return a.version >= b.version ? a : b
        case .serverWins:
            return (serverClass(a.version), a.version) >= (serverClass(b.version), b.version) ? a : b
        case .earliest, .latest:
            // The winning value keeps the version that brought it; of two
            // equal values, the later version; null never wins over a value.
            let x = a.values.first ?? .null
            let y = b.values.first ?? .null
            if x == .null && y != .null { return b }
            if y == .null && x != .null { return a }
            switch Self.compare(x, y) {
            case .orderedSame: return a.version >= b.version ? a : b
            case .orderedAscending: return policy == .earliest ? a : b
            case .orderedDescending: return policy == .earliest ? b : a
            }
        }
    }

    // MARK: What is shown (section 7)

    /// A record's row: identity and travelling columns (a unit not known
    /// here is null, as a new row's default).
    static func row(of record: Record, key: Key, table: SyncContract.Table) -> [String: DatabaseValue] {
        var row: [String: DatabaseValue] = [:]
        for (column, value) in zip(table.identity, key) { row[column] = value }
        for unit in table.units {
            let values = record.units[unit.name]?.values ?? Array(repeating: .null, count: unit.columns.count)
            for (column, value) in zip(unit.columns, values) { row[column] = value }
        }
        return row
    }

    /// The rows `index` shows (section 7): for each table in order, the
    /// least set of records that are alive (or kept alive by their group's
    /// lock), whole, not covered, holding their unique values, admitted by
    /// their group, with their parents shown. Also each shown goal's number.
    func shown(at index: Int) -> Shown {
        shownAndNumbers(at: index).shown
    }

    func shownAndNumbers(at index: Int) -> (shown: Shown, numbers: [Key: Int]) {
        let site = sites[index]
        var shown: Shown = [:]
        var numbers: [Key: Int] = [:]
        for table in contract.tables {
            let records = site.records[table.name] ?? [:]
            var verdicts: [Key: GroupMember] = [:]
            if let rule = Self.groupRules[table.name] {
                verdicts = groupVerdicts(rule, table: table, records: records, site: site)
            }
            var candidates: [(key: Key, record: Record, row: [String: DatabaseValue])] = []
            for (key, record) in records {
                let member = verdicts[key]
                guard record.isAlive || member?.deletionUndone == true else { continue }
                guard
                    table.units.allSatisfy({
                        $0.policy == .withheld || $0.policy == .serverWins
                            || record.units[$0.name] != nil
                    })
                else { continue }
                if member?.keptOut == true { continue }
                let row = Self.row(of: record, key: key, table: table)
                if covered(table: table.name, row: row, shown: shown) { continue }
                if !sane(table: table.name, row: row) { continue }
                if !holdsUniqueValues(table: table, key: key, record: record, row: row, records: records) { continue }
                candidates.append((key, record, row))
            }
            // Rule 6: the least set whose parents are shown.
            var rows: [Key: [String: DatabaseValue]] = [:]
            var waiting = candidates
            var moved = true
            while moved {
                moved = false
                var still: [(key: Key, record: Record, row: [String: DatabaseValue])] = []
                for candidate in waiting {
                    var current = shown
                    current[table.name] = rows
                    if parentsShown(table: table, row: candidate.row, shown: current) {
                        rows[candidate.key] = candidate.row
                        if let member = verdicts[candidate.key] { numbers[candidate.key] = member.number }
                        moved = true
                    } else {
                        still.append(candidate)
                    }
                }
                waiting = still
            }
            shown[table.name] = rows
        }
        return (shown, numbers)
    }

    func parentsShown(table: SyncContract.Table, row: [String: DatabaseValue], shown: Shown) -> Bool {
        table.parents.allSatisfy { parent in
            let values = parent.columns.map { row[$0] ?? .null }
            if values.contains(.null) { return true }
            return (shown[parent.parent] ?? [:]).values.contains { parentRow in
                zip(parent.parentColumns, values).allSatisfy {
                    Self.compare(parentRow[$0.0] ?? .null, $0.1) == .orderedSame
                }
            }
        }
    }

    /// Rule 4: whether a record holds each of its unique values.
    func holdsUniqueValues(
        table: SyncContract.Table, key: Key, record: Record, row: [String: DatabaseValue], records: [Key: Record]
    ) -> Bool {
        for index in table.uniqueIndexes {
            func value(_ row: [String: DatabaseValue], _ offset: Int) -> DatabaseValue {
                let value = row[index.columns[offset]] ?? .null
                if index.noCase[offset], case .text(let text) = value { return .text(Self.asciiLowercased(text)) }
                return value
            }
            let mine = index.columns.indices.map { value(row, $0) }
            if mine.contains(.null) { continue }
            var group: [(Key, Record)] = []
            for (otherKey, other) in records {
                let otherRow = Self.row(of: other, key: otherKey, table: table)
                let theirs = index.columns.indices.map { value(otherRow, $0) }
                if zip(mine, theirs).allSatisfy({ Self.compare($0, $1) == .orderedSame }) {
                    group.append((otherKey, other))
                }
            }
            let thing = index.columns.allSatisfy { column in
                table.units.first { $0.columns.contains(column) }?.policy == .createdOnce
            }
            var candidates = group.filter { $0.1.isAlive }
            if thing, let deletion = group.compactMap(\.1.deletion).max() {
                candidates = candidates.filter { $0.1.latestWrite > deletion }
            }
            let holder = candidates.min { a, b in
                (a.1.creation, Self.describe(a.0)) < (b.1.creation, Self.describe(b.0))
            }
            guard let holder, Self.sameKey(holder.0, key) else { return false }
        }
        return true
    }

    // MARK: Values

    /// SQLite's order of values: NULL, numbers, text (bytes), blobs (bytes).
    /// Written here again on purpose: the model shares no code with the engine.
    static func compare(_ a: DatabaseValue, _ b: DatabaseValue) -> ComparisonResult {
        func rank(_ value: DatabaseValue) -> Int {
            switch value {
            case .null: 0
            case .integer, .real: 1
            case .text: 2
            case .blob: 3
            }
        }
        func order<T: Comparable>(_ x: T, _ y: T) -> ComparisonResult {
            x < y ? .orderedAscending : x > y ? .orderedDescending : .orderedSame
        }
        switch (a, b) {
        case (.null, .null): return .orderedSame
        case (.integer(let x), .integer(let y)): return order(x, y)
        case (.integer(let x), .real(let y)): return order(Double(x), y)
        case (.real(let x), .integer(let y)): return order(x, Double(y))
        case (.real(let x), .real(let y)): return order(x, y)
        case (.text(let x), .text(let y)):
            if x.utf8.elementsEqual(y.utf8) { return .orderedSame }
            return x.utf8.lexicographicallyPrecedes(y.utf8) ? .orderedAscending : .orderedDescending
        case (.blob(let x), .blob(let y)):
            if x.elementsEqual(y) { return .orderedSame }
            return x.lexicographicallyPrecedes(y) ? .orderedAscending : .orderedDescending
        default: return order(rank(a), rank(b))
        }
    }

    static func sameKey(_ a: Key, _ b: Key) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { compare($0, $1) == .orderedSame }
    }

    static func keyOrder(_ a: Key, _ b: Key) -> Bool { describe(a) < describe(b) }

    static func asciiLowercased(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    (65...90).contains(scalar.value) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar
                }))
    }

    static func describe(_ key: Key) -> String {
        "[" + key.map(describe).joined(separator: ",") + "]"
    }

    static func describe(_ value: DatabaseValue) -> String {
        switch value {
        case .null: "null"
        case .integer(let v): String(v)
        case .real(let v): String(v)
        case .text(let v): "\"\(v.count > 40 ? String(v.prefix(40)) + "…" : v)\""
        case .blob(let v): "<\(v.count) bytes>"
        }
    }
}
