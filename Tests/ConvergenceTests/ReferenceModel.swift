import Foundation
import LifeDB

/// The REL-7 reference model: every device's records, clocks and vectors,
/// worked out from `docs/sync.md` alone (sections 2–8 and 12), never from
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
        var cl: Int
        var v: Version
        var units: [String: UnitValue]
        var isAlive: Bool { cl % 2 == 1 }
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
        /// The sender's vector (`has`), its own entry being its clock.
        let has: [SiteKey: Int64]
        /// What the reader was taken to have (`since`, W).
        let since: [SiteKey: Int64]
        let messages: [Message]
    }

    /// One database file.
    struct Site {
        let id: SiteKey
        let isServer: Bool
        var hlc: Int64 = 0
        var records: [String: [Key: Record]] = [:]
        /// For every other site, the largest hlc of its changes incorporated.
        var vector: [SiteKey: Int64] = [:]
        /// What each peer said it has (the `has` of its latest bundle here).
        var peerHas: [SiteKey: [SiteKey: Int64]] = [:]
        /// Per product: whether the last bundle written withheld, and the
        /// clock of the first bundle written without withholding after one that did.
        var lastWithheld: [String: Bool] = [:]
        var resumedAt: [String: Int64] = [:]
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

    static let skewLimitMilliseconds: Int64 = 24 * 3600 * 1000

    init(contract: SyncContract, sites: [Site]) {
        self.contract = contract
        self.sites = sites
    }

    func isServer(_ site: SiteKey) -> Bool { sites.first { $0.id == site }?.isServer ?? false }

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
                table: String, key: Key, kind: RowEvent.Kind, old: [String: DatabaseValue]?,
                new: [String: DatabaseValue]?
            )] = []
        for event in events {
            guard let table = contract.table(event.table) else { continue }
            func key(_ row: [String: DatabaseValue]?) -> Key { table.identity.map { row?[$0] ?? .null } }
            switch event.kind {
            case .insert: flat.append((table.name, key(event.new), .insert, nil, event.new))
            case .delete: flat.append((table.name, key(event.old), .delete, event.old, nil))
            case .update:
                let before = key(event.old)
                let after = key(event.new)
                if Self.sameKey(before, after) {
                    flat.append((table.name, after, .update, event.old, event.new))
                } else {
                    flat.append((table.name, before, .delete, event.old, nil))
                    flat.append((table.name, after, .insert, nil, event.new))
                }
            }
        }
        // Per identity, in order of first appearance: its causal steps and
        // its net change of values.
        struct Net {
            var steps: [RowEvent.Kind] = []
            var first: [String: DatabaseValue]?
            var last: [String: DatabaseValue]?
            var alive = true
        }
        var order: [(String, Key)] = []
        var nets: [String: [Key: Net]] = [:]
        for change in flat {
            var net =
                nets[change.table]?[change.key]
                ?? {
                    order.append((change.table, change.key))
                    return Net()
                }()
            switch change.kind {
            case .insert:
                net.steps.append(.insert)
                net.alive = true
                net.last = change.new
            case .delete:
                net.steps.append(.delete)
                net.alive = false
                net.last = nil
            case .update:
                if net.first == nil && net.steps.isEmpty { net.first = change.old }
                net.last = change.new
            }
            nets[change.table, default: [:]][change.key] = net
        }
        var site = sites[index]
        // Which identities change something the triggers record.
        var changes: [(table: SyncContract.Table, key: Key, net: Net, units: [String])] = []
        for (name, key) in order {
            guard let table = contract.table(name), let net = nets[name]?[key] else { continue }
            if !net.steps.isEmpty {
                changes.append((table, key, net, []))
                continue
            }
            let changed = table.units.filter { unit in
                unit.columns.contains { column in
                    Self.compare(net.first?[column] ?? .null, net.last?[column] ?? .null) != .orderedSame
                }
            }.map(\.name)
            if !changed.isEmpty { changes.append((table, key, net, changed)) }
        }
        guard !changes.isEmpty else { return problems }
        // Section 2: one tick for the transaction.
        site.hlc = max(site.hlc + 1, nowMilliseconds * 32)
        let version = Version(hlc: site.hlc, site: site.id)
        for (table, key, net, changedUnits) in changes {
            var record = site.records[table.name]?[key]
            if net.steps.isEmpty {
                guard var current = record, current.isAlive else {
                    problems.append(
                        "device \(index) updated \(table.name) \(Self.describe(key)), which the model says it does not show"
                    )
                    continue
                }
                for name in changedUnits {
                    guard let unit = table.unit(named: name) else { continue }
                    current.units[name] = UnitValue(
                        values: unit.columns.map { net.last?[$0] ?? .null }, version: version)
                }
                record = current
            } else {
                var cl = record?.cl ?? 0
                for step in net.steps {
                    switch step {
                    case .insert: cl = cl % 2 == 1 ? cl + 2 : cl + 1
                    case .delete:
                        if cl % 2 == 0 {
                            problems.append(
                                "device \(index) deleted \(table.name) \(Self.describe(key)), which the model says is not alive there"
                            )
                        }
                        cl = cl % 2 == 1 ? cl + 1 : cl + 2
                    case .update: break
                    }
                }
                var units: [String: UnitValue] = [:]
                if net.alive, let row = net.last {
                    for unit in table.units {
                        units[unit.name] = UnitValue(values: unit.columns.map { row[$0] ?? .null }, version: version)
                    }
                }
                record = Record(cl: cl, v: version, units: units)
            }
            site.records[table.name, default: [:]][key] = record
        }
        sites[index] = site
        return problems
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
    mutating func writeBundle(from index: Int, since: [SiteKey: Int64], withholding: Set<String>) -> Bundle {
        var site = sites[index]
        let withheldProducts = Set(contract.tables.filter { !$0.withheldUnits.isEmpty }.map(\.product))
        var resend: Set<String> = []
        for product in withheldProducts {
            if withholding.contains(product) {
                site.lastWithheld[product] = true
            } else {
                if site.lastWithheld[product] == true {
                    site.resumedAt[product] = site.hlc
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
                if table.serverOwned && serverClass(record.v) == 0 && record.v.site != site.id { continue }
                if !record.isAlive {
                    if newer(record.v) { messages.append(Message(table: table.name, key: key, record: record)) }
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
                var sent: [String: UnitValue]
                if newer(record.v) {
                    sent = allowed
                } else {
                    sent = allowed.filter { newer($0.value.version) }
                    if resend.contains(table.product) {
                        for unit in table.withheldUnits {
                            if let value = allowed[unit.name] { sent[unit.name] = value }
                        }
                    }
                    if sent.isEmpty { continue }
                }
                messages.append(
                    Message(table: table.name, key: key, record: Record(cl: record.cl, v: record.v, units: sent)))
            }
        }
        var has = site.vector
        has[site.id] = site.hlc
        sites[index] = site
        return Bundle(sender: site.id, clock: site.hlc, has: has, since: since, messages: messages)
    }

    enum ApplyOutcome: Equatable {
        case applied
        case refusedForSkew
    }

    /// Section 9: applies `bundle` at `index`, whose clock reads `nowMilliseconds`.
    mutating func apply(_ bundle: Bundle, to index: Int, nowMilliseconds: Int64, acceptSkew: Bool) -> ApplyOutcome {
        if !acceptSkew && (bundle.clock >> 5) - nowMilliseconds > Self.skewLimitMilliseconds {
            return .refusedForSkew
        }
        var site = sites[index]
        site.hlc = max(site.hlc, bundle.clock)
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
        site.peerHas[bundle.sender] = bundle.has
        sites[index] = site
        return .applied
    }

    // MARK: Merge (sections 5 and 6)

    /// The merge of this site's record with one from another site.
    func merge(_ local: Record?, _ incoming: Record, table: SyncContract.Table, receiver: SiteKey) -> Record? {
        var incoming = incoming
        // Section 6: server-owned data from a device other than this one is ignored.
        if table.serverOwned && serverClass(incoming.v) == 0 && incoming.v.site != receiver { return local }
        incoming.units = incoming.units.filter { name, unit in
            table.unit(named: name)?.policy != .serverWins || serverClass(unit.version) == 1
                || unit.version.site == receiver
        }
        guard let local else { return incoming }
        func rank(_ record: Record) -> (Int, Int) {
            table.serverOwned ? (serverClass(record.v), record.cl) : (0, record.cl)
        }
        if rank(local) != rank(incoming) { return rank(local) > rank(incoming) ? local : incoming }
        if !local.isAlive { return local.v >= incoming.v ? local : incoming }
        var merged = Record(cl: local.cl, v: min(local.v, incoming.v), units: [:])
        for unit in table.units {
            switch (local.units[unit.name], incoming.units[unit.name]) {
            case (nil, nil): continue
            case (let a?, nil): merged.units[unit.name] = a
            case (nil, let b?): merged.units[unit.name] = b
            case (let a?, let b?):
                merged.units[unit.name] = mergeUnit(unit.policy, a, local.v, b, incoming.v)
            }
        }
        return merged
    }

    func mergeUnit(_ policy: SyncContract.Policy, _ a: UnitValue, _ av: Version, _ b: UnitValue, _ bv: Version)
        -> UnitValue
    {
        switch policy {
        case .lastWriterWins, .withheld:
            return a.version >= b.version ? a : b
        case .serverWins:
            return (serverClass(a.version), a.version) >= (serverClass(b.version), b.version) ? a : b
        case .createdOnce:
            let changedA = a.version != av
            let changedB = b.version != bv
            if changedA != changedB { return changedA ? a : b }
            if changedA { return a.version >= b.version ? a : b }
            return av <= bv ? a : b
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

    /// The rows `index` shows: alive, complete records whose parents are
    /// shown, of two holding one unique value the earlier, and none a
    /// product's rule holds back.
    func shown(at index: Int) -> Shown {
        let site = sites[index]
        var shown: Shown = [:]
        for table in contract.tables {
            var rows: [Key: [String: DatabaseValue]] = [:]
            shown[table.name] = rows
            let candidates = (site.records[table.name] ?? [:]).filter { _, record in
                record.isAlive
                    && table.units.allSatisfy { $0.policy == .withheld || record.units[$0.name] != nil }
            }.sorted { ($0.value.v, Self.describe($0.key)) < ($1.value.v, Self.describe($1.key)) }
            var taken: [String: Set<[DatabaseValue]>] = [:]
            var waiting = candidates
            var moved = true
            while moved {
                moved = false
                var still: [(key: Key, value: Record)] = []
                for candidate in waiting {
                    let row = Self.row(of: candidate.value, key: candidate.key, table: table)
                    let parentsShown = table.parents.allSatisfy { parent in
                        let values = parent.columns.map { row[$0] ?? .null }
                        if values.contains(.null) { return true }
                        return (shown[parent.parent] ?? [:]).values.contains { parentRow in
                            zip(parent.parentColumns, values).allSatisfy {
                                Self.compare(parentRow[$0.0] ?? .null, $0.1) == .orderedSame
                            }
                        }
                    }
                    guard parentsShown else {
                        still.append(candidate)
                        continue
                    }
                    let uniqueKeys = table.uniqueIndexes.map { index -> [DatabaseValue]? in
                        let values = zip(index.columns, index.noCase).map { column, noCase -> DatabaseValue in
                            let value = row[column] ?? .null
                            if noCase, case .text(let text) = value { return .text(Self.asciiLowercased(text)) }
                            return value
                        }
                        return values.contains(.null) ? nil : values
                    }
                    let collides = zip(table.uniqueIndexes, uniqueKeys).contains { index, key in
                        guard let key else { return false }
                        return taken[index.name]?.contains(key) ?? false
                    }
                    // A collision parks it for good (the earlier holds the value).
                    if collides { continue }
                    if heldBack(table: table.name, row: row, record: candidate.value, site: site, shown: shown) != nil {
                        continue
                    }
                    rows[candidate.key] = row
                    shown[table.name] = rows
                    for (index, key) in zip(table.uniqueIndexes, uniqueKeys) {
                        if let key { taken[index.name, default: []].insert(key) }
                    }
                    moved = true
                }
                waiting = still
            }
        }
        return shown
    }

    /// A record's row: identity and travelling columns (a withheld unit not
    /// known here is null, as a new row's default).
    static func row(of record: Record, key: Key, table: SyncContract.Table) -> [String: DatabaseValue] {
        var row: [String: DatabaseValue] = [:]
        for (column, value) in zip(table.identity, key) { row[column] = value }
        for unit in table.units {
            let values = record.units[unit.name]?.values ?? Array(repeating: .null, count: unit.columns.count)
            for (column, value) in zip(unit.columns, values) { row[column] = value }
        }
        return row
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
