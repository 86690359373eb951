import Foundation
import LifeCore
import LifeDB
import LifeExchange
import LifeKernel

/// Merges arriving records with this site's and makes the tables agree
/// with the merged records (docs/sync.md, sections 5 and 7), inside the
/// apply's transaction. What a table shows is a function of the merged
/// records alone: every rule that spans rows (a parent, a unique key, a
/// group of goals and its lock, a covering deletion) is worked out from
/// them, never from what happened to arrive first, so every device that
/// holds the same records shows the same rows (SPEC SYNC-6).
struct SyncApplier {
    let db: Database
    let catalog: SyncCatalog
    var metadata: SyncMetadata
    let registry: ProductRegistry
    let context: ImportContext
    var mergers: [String: TableMerger] = [:]
    var report = SyncApplyReport()
    /// Merged records not yet in their place, by table and key.
    var staged: [String: [DatabaseValue: SyncRecord]] = [:]
    /// Records whose place must be worked out (again), by table and key.
    var work: [String: [DatabaseValue: [DatabaseValue]]] = [:]
    /// Where each received record's values were when it was received, by
    /// table and key: what `load` reads again until the first row moves
    /// (receiving writes only the sync tables; settling writes the rest,
    /// and a product's triggers may then change rows of other tables).
    var received: [String: [DatabaseValue: SyncLocal]] = [:]
    /// The verdicts on groups worked out in this pass, by table and group key.
    var verdicts: [String: [[DatabaseValue]: GroupVerdict]] = [:]

    init(db: Database, catalog: SyncCatalog, metadata: SyncMetadata, registry: ProductRegistry, context: ImportContext)
    {
        self.db = db
        self.catalog = catalog
        self.metadata = metadata
        self.registry = registry
        self.context = context
    }

    /// Where a record belongs (section 7).
    enum Decision: Equatable {
        /// In its table, with these values (every column).
        case show([String: DatabaseValue])
        /// Kept out, with the reason; `told`: a reason the person is told of.
        case park(String, told: Bool)
        /// Deleted.
        case gone
    }

    mutating func merger(_ table: SyncTable) throws -> TableMerger {
        if let merger = mergers[table.name] { return merger }
        guard let product = registry.product(named: table.product) else {
            throw LifeError.bug("\(table.name) has no product")
        }
        let merger = try TableMerger(spec: table.spec, product: product, db: db, context: context)
        mergers[table.name] = merger
        return merger
    }

    /// Drops the shape tables of the mergers.
    func finish() throws {
        for merger in mergers.values { try merger.finish() }
    }

    func serverClass(_ site: SiteID) -> Int { metadata.serverClass(site) }

    // MARK: Receiving

    /// Merges an arriving record with this site's and stores the result; its
    /// place (and that of the rows it bears on) is worked out by `settle`.
    mutating func receive(_ arriving: SyncRecord) throws {
        guard let table = catalog.table(named: arriving.table) else { return }
        guard
            let incoming = arriving.keepingServerData(
                table: table, localSite: metadata.site, serverClass: { metadata.serverClass($0) })
        else { return }
        let key = try metadata.key(table, incoming.identity)
        let local = try load(table, identity: incoming.identity)
        let merged =
            local.map { SyncRecord.merge($0.record, incoming, table: table, serverClass: serverClass) } ?? incoming
        if let local, merged == local.record { return }
        try metadata.store(merged, table: table, previous: local?.record)
        received[table.name, default: [:]][key] =
            local.map { SyncLocal(record: merged, place: $0.place, row: $0.row, reason: $0.reason, told: $0.told) }
            ?? SyncLocal(record: merged, place: .kept, row: nil)
        let before = catalog.hasDependents(table.name) ? local.map { Self.projection($0.record, table: table) } : nil
        staged[table.name, default: [:]][key] = merged
        try enqueue(table, merged, also: before)
    }

    /// The values a record's neighbours depend on (its identity and units).
    static func projection(_ record: SyncRecord, table: SyncTable) -> [String: DatabaseValue] {
        SyncMetadata.values(of: record, table: table)
    }

    /// This site's record, the staged merge first.
    func load(_ table: SyncTable, identity: [DatabaseValue]) throws -> SyncLocal? {
        let key = try metadata.key(table, identity)
        if var local = received[table.name]?[key] {
            if let record = staged[table.name]?[key] { local.record = record }
            return local
        }
        guard var local = try metadata.record(table, identity: identity) else {
            return staged[table.name]?[key].map { SyncLocal(record: $0, place: .kept, row: nil) }
        }
        if let record = staged[table.name]?[key] { local.record = record }
        return local
    }

    // MARK: What depends on what

    mutating func add(_ table: SyncTable, _ identity: [DatabaseValue]) throws {
        work[table.name, default: [:]][try metadata.key(table, identity)] = identity
    }

    /// Queues a record and every record whose place depends on it: the
    /// children that reference it, the records sharing one of its unique
    /// values, the members of its group, the groups it locks, the rows it
    /// covers. `also`: its values before the merge (the old neighbours).
    mutating func enqueue(_ table: SyncTable, _ record: SyncRecord, also before: [String: DatabaseValue]? = nil)
        throws
    {
        try add(table, record.identity)
        guard catalog.hasDependents(table.name) else { return }
        var views = [Self.projection(record, table: table)]
        if let before { views.append(before) }
        for values in views {
            try enqueueNeighbours(of: table, values: values, identity: record.identity)
        }
    }

    mutating func enqueueNeighbours(of table: SyncTable, values: [String: DatabaseValue], identity: [DatabaseValue])
        throws
    {
        guard catalog.hasDependents(table.name) else { return }
        // Children that reference it: shown or parked.
        for child in catalog.children(of: table.name) {
            for key in child.parents where key.parent == table.name {
                let parentValues = key.parentColumns.map { values[$0] ?? .null }
                guard !parentValues.contains(where: \.isNull) else { continue }
                for found in try identities(child, where: key.columns, equal: parentValues) { try add(child, found) }
            }
        }
        // Records sharing a unique value.
        for index in table.uniqueIndexes {
            let keyValues = index.columns.map { values[$0] ?? .null }
            guard !keyValues.contains(where: \.isNull) else { continue }
            for found in try identities(table, where: index.columns, equal: keyValues, noCase: index.noCase) {
                try add(table, found)
            }
        }
        // The members of its group.
        if let rule = table.group {
            let group = rule.group.map { values[$0] ?? .null }
            if !group.contains(where: \.isNull) {
                for found in try identities(table, where: rule.group, equal: group) { try add(table, found) }
            }
        }
        // The groups it locks, the rows it covers.
        for other in catalog.tables {
            if let rule = other.group, rule.lock == table.name, identity.count == rule.group.count {
                for found in try identities(other, where: rule.group, equal: identity) { try add(other, found) }
            }
            for coverage in other.coverage where coverage.table == table.name {
                if coverage.match.isEmpty {
                    for found in try allIdentities(other) { try add(other, found) }
                } else {
                    let matched = coverage.match.map { values[$0.there] ?? .null }
                    guard !matched.contains(where: \.isNull) else { continue }
                    for found in try identities(other, where: coverage.match.map(\.here), equal: matched) {
                        try add(other, found)
                    }
                }
            }
        }
    }

    /// The identities of `table` whose `columns` hold `values`: shown,
    /// parked, kept, or staged.
    func identities(
        _ table: SyncTable, where columns: [String], equal values: [DatabaseValue], noCase: [Bool]? = nil
    ) throws -> [[DatabaseValue]] {
        var found = try metadata.identities(table, where: columns, equal: values, noCase: noCase)
        let folded = noCase ?? Array(repeating: false, count: columns.count)
        for record in (staged[table.name] ?? [:]).values {
            let matches = zip(zip(columns, values), folded).allSatisfy { pair, noCase in
                SyncMetadata.same(record.values[pair.0] ?? .null, pair.1, noCase: noCase)
            }
            if matches && !found.contains(record.identity) { found.append(record.identity) }
        }
        return found
    }

    /// Every identity of a table with values here (shown, parked, kept, staged).
    func allIdentities(_ table: SyncTable) throws -> [[DatabaseValue]] {
        var found: [[DatabaseValue]] = []
        for row in try db.fetchAll(
            "SELECT \(table.identity.map(Database.quoteIdentifier).joined(separator: ", ")) FROM \(Database.quoteIdentifier(table.name))"
        ) {
            found.append(row.values)
        }
        for row in try db.fetchAll(
            "SELECT k FROM sync_parked WHERE t = ? UNION SELECT DISTINCT k FROM sync_kept WHERE t = ?",
            [table.ordinal, table.ordinal])
        {
            found.append(try metadata.identity(table, key: row[0]))
        }
        for record in (staged[table.name] ?? [:]).values { found.append(record.identity) }
        return found
    }

    // MARK: Settling

    /// Works out the place of every queued record, table by table in the
    /// registry's order (parents first), and of the records whose place
    /// depends on those that moved, until none moves (section 7). The
    /// parked records of every table are worked out again each time.
    mutating func settle() throws {
        // Each parked record with the rows it may displace: a name its
        // holder let go of by a local command here (a deleted account) may
        // have been taken since by a later row of this device, which must
        // then leave before the earlier record comes (section 7, rule 4).
        for table in catalog.tables {
            for identity in try metadata.parkedIdentities(table) {
                try add(table, identity)
                if catalog.hasDependents(table.name), let parked = try load(table, identity: identity) {
                    try enqueueNeighbours(
                        of: table, values: Self.projection(parked.record, table: table), identity: identity)
                }
            }
        }
        var passes = 0
        while !work.isEmpty {
            passes += 1
            if passes > 64 {
                throw LifeError.bug("the records did not settle after 64 passes (\(work.keys.sorted()))")
            }
            for table in catalog.tables {
                guard let queued = work.removeValue(forKey: table.name), !queued.isEmpty else { continue }
                try settle(table, queued.keys.sorted { Self.order($0, $1) }.compactMap { queued[$0] })
            }
        }
        try writeCounters()
    }

    static func order(_ a: DatabaseValue, _ b: DatabaseValue) -> Bool {
        DatabaseValue.compare(a, b) == .orderedAscending
    }

    /// The records of one table: decided first, then the rows that leave
    /// are removed, then the rows that stay or come are written.
    mutating func settle(_ table: SyncTable, _ identities: [[DatabaseValue]]) throws {
        var decided: [(local: SyncLocal, decision: Decision)] = []
        for identity in identities {
            guard let local = try load(table, identity: identity) else { continue }
            decided.append((local, try decide(local, table: table)))
        }
        // Rows move from here on: what was read while receiving is read again.
        received.removeAll()
        // Leaving first: a row kept out frees its unique values, a row
        // renumbered its number.
        for (local, decision) in decided where local.place == .shown {
            switch decision {
            case .show(let values):
                if let rule = table.group, values[rule.numberColumn] != local.row?[rule.numberColumn] {
                    try unshow(table, local)
                }
            case .park, .gone:
                try unshow(table, local)
                report.rowsChanged += 1
            }
        }
        for (local, decision) in decided {
            let key = try metadata.key(table, local.record.identity)
            let wasStaged = staged[table.name]?.removeValue(forKey: key) != nil
            switch decision {
            case .show(let values):
                let row = local.place == .shown ? try metadata.row(table, identity: local.record.identity) : nil
                var writing = ImportRow(
                    table: table.name, values: values, existing: row, incoming: [:],
                    privateColumns: table.spec.privateColumns)
                writing.values = values
                if row == nil { try merger(table).prepare(&writing) }
                let changed = try merger(table).write(writing, existing: row, identity: table.identity)
                if local.place == .parked { try metadata.unpark(table, identity: local.record.identity) }
                if local.place == .kept { try metadata.unkeep(table, identity: local.record.identity) }
                if local.place == .shown && changed {
                    // A row changed in place: the rows that depend on its
                    // values (a reply on its note's discovery) are judged again.
                    try enqueueNeighbours(of: table, values: values, identity: local.record.identity)
                }
                if local.place != .shown {
                    if catalog.hasDependents(table.name) {
                        try enqueueNeighbours(
                            of: table, values: Self.projection(local.record, table: table),
                            identity: local.record.identity)
                    }
                    if local.place == .kept && !local.record.isAlive {
                        report.returned.append(
                            SyncApplyReport.HeldBack(
                                table: table.name, id: Self.describe(local.record.identity),
                                reason: "it was deleted after the list it belongs to was locked"))
                    }
                }
                if changed && (local.place == .shown || row == nil) { report.rowsChanged += 1 }
            case .park(let reason, let told):
                if local.place == .kept { try metadata.unkeep(table, identity: local.record.identity) }
                let again = local.place == .parked && local.reason == reason
                if local.place == .parked && again && !wasStaged { continue }
                try metadata.park(local.record, table: table, reason: reason, told: again ? local.told : told)
                if told && !(again && local.told) {
                    report.heldBack.append(
                        SyncApplyReport.HeldBack(
                            table: table.name, id: Self.describe(local.record.identity), reason: reason))
                }
                if local.place == .shown {
                    try enqueueNeighbours(
                        of: table, values: local.row ?? [:], identity: local.record.identity)
                }
            case .gone:
                if local.place == .parked { try metadata.unpark(table, identity: local.record.identity) }
                if local.place != .kept || wasStaged { try metadata.keep(local.record, table: table) }
                if local.place == .shown {
                    try enqueueNeighbours(of: table, values: local.row ?? [:], identity: local.record.identity)
                }
            }
        }
    }

    // MARK: Deciding

    /// Where a record belongs (section 7): its own existence (with its
    /// group's lock), complete, not covered, holding its unique values, its
    /// parents shown, its group admitting it, the product's checks.
    mutating func decide(_ local: SyncLocal, table: SyncTable) throws -> Decision {
        let record = local.record
        var alive = record.isAlive
        var number: Int64?
        var kept: String?
        if let rule = table.group {
            let group = rule.group.map { record.values[$0] ?? .null }
            if !group.contains(where: \.isNull), let verdict = try verdict(rule, table: table, group: group),
                let member = verdict.members[record.identity]
            {
                number = Int64(member.number)
                if member.deletionUndone { alive = true }
                kept = member.keptOut
            }
        }
        guard alive else { return .gone }
        // 1. Whole: a row is shown only with every unit a bundle always carries.
        if let missing = table.units.first(where: { Self.mustArrive($0) && record.units[$0.name] == nil }) {
            return .park(
                "the rest of the row (\(missing.columns.joined(separator: ", "))) has not arrived yet", told: false)
        }
        if let kept { return .park(kept, told: true) }
        // 2. Not covered by a deletion of another table.
        for coverage in table.coverage {
            if let reason = try covered(coverage, record: record) { return .park(reason, told: false) }
        }
        // 3. Holding its unique values.
        for index in table.uniqueIndexes {
            switch try uniqueHolder(index, table: table, record: record) {
            case .holds: continue
            case .deleted: return .gone
            case .keptOut(let reason): return .park(reason, told: true)
            }
        }
        // 4. Its parents shown.
        for key in table.parents {
            let values = key.columns.map { record.values[$0] ?? .null }
            guard !values.contains(where: \.isNull) else { continue }
            var arguments = StatementArguments()
            arguments.positional = values
            let found = try db.fetchOne(
                Int.self,
                "SELECT count(*) FROM \(Database.quoteIdentifier(key.parent)) WHERE \(SyncMetadata.condition(key.parentColumns))",
                arguments)
            if found == 0 {
                guard let parent = catalog.table(named: key.parent) else { continue }
                // A parent deleted (its record here, not alive) is told; one
                // not arrived yet, or itself kept out, is waited for.
                let parentIdentity = parent.identity.compactMap { column in
                    key.parentColumns.firstIndex(of: column).map { values[$0] }
                }
                let parentLocal =
                    parentIdentity.count == parent.identity.count ? try load(parent, identity: parentIdentity) : nil
                let deleted = parentLocal.map { !$0.record.isAlive } ?? false
                return .park(
                    deleted
                        ? "the \(key.parent) row it belongs to was deleted while it was changed elsewhere; it comes back if that row does"
                        : "the \(key.parent) row it belongs to is not here", told: deleted)
            }
        }
        // 5. The product's checks, and its local columns.
        var values = local.row ?? table.localDefaults
        for column in table.travellingColumns {
            if let value = record.values[column] { values[column] = value }
        }
        // The identity is the record's own (a tombstone keeps only the other values).
        for (column, value) in zip(table.identity, record.identity) { values[column] = value }
        if let number, let rule = table.group { values[rule.numberColumn] = .integer(number) }
        var incoming: [String: DatabaseValue] = [:]
        for column in table.travellingColumns { incoming[column] = record.values[column] ?? .null }
        for (column, value) in zip(table.identity, record.identity) { incoming[column] = value }
        var row = ImportRow(
            table: table.name, values: values, existing: local.place == .shown ? local.row : nil, incoming: incoming,
            privateColumns: table.spec.privateColumns)
        if let reason = try merger(table).holdReason(&row, label: Self.label(table, record.identity)) {
            return .park(reason, told: true)
        }
        if let number, let rule = table.group { row.values[rule.numberColumn] = .integer(number) }
        return .show(row.values)
    }

    /// A unit every bundle that carries a row whole holds (a withheld or
    /// server unit may be absent from one).
    static func mustArrive(_ unit: SyncUnit) -> Bool {
        switch unit.kind {
        case .lastWriterWins, .created, .earliest, .latest: true
        case .withheld, .server: false
        }
    }

    /// Why a record is covered by a row of another table, or nil.
    func covered(_ coverage: SyncCoverage, record: SyncRecord) throws -> String? {
        guard case .text(let dated)? = record.values[coverage.dated] else { return nil }
        var condition = ""
        var arguments = StatementArguments()
        if !coverage.match.isEmpty {
            condition =
                " WHERE "
                + coverage.match.map { "\(Database.quoteIdentifier($0.there)) = ?" }.joined(separator: " AND ")
            arguments.positional = coverage.match.map { record.values[$0.here] ?? .null }
        }
        let instants = try db.fetchAll(
            "SELECT \(Database.quoteIdentifier(coverage.instant)) FROM \(Database.quoteIdentifier(coverage.table))\(condition)",
            arguments)
        for instant in instants {
            guard case .text(let at) = instant[0], at >= dated else { continue }
            return "deleted on another device at \(at) UTC (\(coverage.table))"
        }
        return nil
    }

    /// Why a record does not hold one of its unique values (section 7,
    /// rule 3), or nil when it does (or the value is null).
    enum UniqueVerdict {
        /// It holds the value (or the value is null).
        case holds
        /// The thing the value names was deleted after every change of its copies.
        case deleted
        /// Another record holds it.
        case keptOut(String)
    }

    func uniqueHolder(_ index: SyncUniqueIndex, table: SyncTable, record: SyncRecord) throws -> UniqueVerdict {
        let keyValues = index.columns.map { record.values[$0] ?? .null }
        guard !keyValues.contains(where: \.isNull) else { return .holds }
        var group: [SyncRecord] = []
        for identity in try identities(table, where: index.columns, equal: keyValues, noCase: index.noCase) {
            guard let other = try load(table, identity: identity)?.record else { continue }
            let same = zip(zip(index.columns, keyValues), index.noCase).allSatisfy { pair, noCase in
                SyncMetadata.same(other.values[pair.0] ?? .null, pair.1, noCase: noCase)
            }
            if same { group.append(other) }
        }
        if !group.contains(where: { $0.identity == record.identity }) { group.append(record) }
        // A value that names a thing (the same GPX track) is one thing:
        // deleted when its latest deletion is later than every change of
        // its copies, and then shown as the earliest copy made after it.
        var candidates = group.filter(\.isAlive)
        if index.namesAThing, let deletion = group.compactMap(\.deletion).max() {
            candidates = candidates.filter { $0.latestWrite > deletion }
        }
        let holder = candidates.min {
            ($0.creation, Self.describe($0.identity)) < ($1.creation, Self.describe($1.identity))
        }
        // A copy of a thing deleted after its last change is deleted with it
        // (a copy made after the deletion, if any, shows the thing again).
        if index.namesAThing && !candidates.contains(where: { $0.identity == record.identity }) { return .deleted }
        guard let holder, holder.identity != record.identity else { return .holds }
        if index.namesAThing {
            return .keptOut("it is a copy of the same \(index.columns.joined(separator: ", ")) as another, made first")
        }
        return .keptOut("another \(table.name) row, made first, has the same \(index.columns.joined(separator: ", "))")
    }

    // MARK: Groups

    /// What a group's rule says of each of its members.
    struct GroupVerdict {
        struct Member {
            var number: Int
            var keptOut: String?
            var deletionUndone: Bool
        }
        var members: [[DatabaseValue]: Member] = [:]
        var count = 0
    }

    /// The verdict on one group (`SyncGroupRule`): its records in the order
    /// they were created, numbered; those above the limit, or created after
    /// the lock's record, kept out; a deletion after the lock undone.
    mutating func verdict(_ rule: SyncGroupRule, table: SyncTable, group: [DatabaseValue]) throws -> GroupVerdict? {
        if let cached = verdicts[table.name]?[group] { return cached }
        var members: [SyncRecord] = []
        for identity in try identities(table, where: rule.group, equal: group) {
            guard let record = try load(table, identity: identity)?.record else { continue }
            let same = zip(rule.group, group).allSatisfy {
                DatabaseValue.compare(record.values[$0.0] ?? .null, $0.1) == .orderedSame
            }
            if same { members.append(record) }
        }
        members.sort { a, b in
            if a.creation != b.creation { return a.creation < b.creation }
            for column in rule.tiebreak {
                let order = DatabaseValue.compare(a.values[column] ?? .null, b.values[column] ?? .null)
                if order != .orderedSame { return order == .orderedAscending }
            }
            return Self.describe(a.identity) < Self.describe(b.identity)
        }
        var lock: SyncVersion?
        if let name = rule.lock, let lockTable = catalog.table(named: name), lockTable.identity.count == group.count,
            let record = try load(lockTable, identity: group)?.record, record.isAlive
        {
            lock = record.creation
        }
        var verdict = GroupVerdict()
        verdict.count = members.count
        for (offset, member) in members.enumerated() {
            var entry = GroupVerdict.Member(number: offset + 1, keptOut: nil, deletionUndone: false)
            if let lock, member.creation < lock, let deletion = member.deletion, deletion > lock {
                entry.deletionUndone = true
            }
            if offset >= rule.limit {
                entry.keptOut = rule.reasonOverLimit
            } else if let lock, member.creation > lock {
                entry.keptOut = rule.reasonAfterLock
            }
            verdict.members[member.identity] = entry
        }
        verdicts[table.name, default: [:]][group] = verdict
        counted[table.name, default: [:]][group] = min(members.count, rule.limit)
        return verdict
    }

    /// The counts of the groups worked out, for their counters.
    var counted: [String: [[DatabaseValue]: Int]] = [:]

    /// Each group's count in its parent's counter column (a count only
    /// grows here: records are never forgotten).
    func writeCounters() throws {
        for (name, groups) in counted {
            guard let table = catalog.table(named: name), let counter = table.group?.counter else { continue }
            for (group, count) in groups {
                var arguments = StatementArguments()
                arguments.positional = [.integer(Int64(count))] + group + [.integer(Int64(count))]
                try db.execute(
                    "UPDATE \(Database.quoteIdentifier(counter.table)) SET \(Database.quoteIdentifier(counter.column)) = ? WHERE \(SyncMetadata.condition(counter.key)) AND \(Database.quoteIdentifier(counter.column)) < ?",
                    arguments)
            }
        }
    }

    // MARK: Rows

    static func describe(_ identity: [DatabaseValue]) -> String {
        identity.map { value in
            switch value {
            case .text(let text): text
            case .integer(let number): String(number)
            default: value.description
            }
        }.joined(separator: " ")
    }

    static func label(_ table: SyncTable, _ identity: [DatabaseValue]) -> String {
        let pairs = zip(table.identity, identity).map { "\($0) \(TableMerger.quoted($1))" }
        return "\(table.name) row (\(pairs.joined(separator: ", ")))"
    }

    /// Removes a shown row, and this device's own children of it (a
    /// recording's live points), as the schema's cascade would: the apply
    /// runs with foreign keys off. Synced children are worked out after it.
    mutating func unshow(_ table: SyncTable, _ local: SyncLocal) throws {
        guard let row = local.row else { return }
        for (child, key) in catalog.localChildren where key.parent == table.name {
            let values = key.parentColumns.map { row[$0] ?? .null }
            var arguments = StatementArguments()
            arguments.positional = values
            try db.execute(
                "DELETE FROM \(Database.quoteIdentifier(child)) WHERE \(SyncMetadata.condition(key.columns))", arguments
            )
        }
        _ = try merger(table).delete(identity: table.identity, values: local.record.identity)
    }
}
