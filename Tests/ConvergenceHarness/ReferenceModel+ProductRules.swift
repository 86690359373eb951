import Foundation
import LifeDB

extension ReferenceModel {
    /// Section 7, rule 5, as docs/sync.md states it for LifeTimer's goals:
    /// grouped by `account_id`, numbered by creation (ties by `created_at`,
    /// then the identity), at most 20, locked by the account's countdown.
    struct GroupRule {
        let group: [String]
        let tiebreak: [String]
        let limit: Int
        let lock: String?
    }

    static let groupRules: [String: GroupRule] = [
        "lifetimer_goals": GroupRule(
            group: ["account_id"], tiebreak: ["created_at"], limit: 20, lock: "lifetimer_countdowns")
    ]

    struct GroupMember {
        var number: Int
        var keptOut: Bool
        var deletionUndone: Bool
    }

    /// Every record of the table with a group, numbered; those above the
    /// limit or created after the lock kept out; a deletion after the lock
    /// of one created before it undone.
    func groupVerdicts(_ rule: GroupRule, table: SyncContract.Table, records: [Key: Record], site: Site)
        -> [Key: GroupMember]
    {
        var groups: [[DatabaseValue]: [(Key, Record)]] = [:]
        for (key, record) in records {
            let row = Self.row(of: record, key: key, table: table)
            let group = rule.group.map { row[$0] ?? .null }
            // A record without its group's values here (not arrived) is in no group.
            if group.contains(.null)
                || !rule.group.allSatisfy({ column in
                    table.identity.contains(column)
                        || table.units.first { $0.columns.contains(column) }.map { record.units[$0.name] != nil }
                            == true
                })
            {
                continue
            }
            groups[group, default: []].append((key, record))
        }
        var result: [Key: GroupMember] = [:]
        for (group, members) in groups {
            let ordered = members.sorted { a, b in
                if a.1.creation != b.1.creation { return a.1.creation < b.1.creation }
                let rowA = Self.row(of: a.1, key: a.0, table: table)
                let rowB = Self.row(of: b.1, key: b.0, table: table)
                for column in rule.tiebreak {
                    let order = Self.compare(rowA[column] ?? .null, rowB[column] ?? .null)
                    if order != .orderedSame { return order == .orderedAscending }
                }
                return Self.describe(a.0) < Self.describe(b.0)
            }
            var lock: Version?
            if let name = rule.lock, let record = site.records[name]?[group], record.isAlive {
                lock = record.creation
            }
            for (offset, member) in ordered.enumerated() {
                var verdict = GroupMember(number: offset + 1, keptOut: false, deletionUndone: false)
                if offset >= rule.limit { verdict.keptOut = true }
                if let lock {
                    if member.1.creation > lock { verdict.keptOut = true }
                    if member.1.creation < lock, let deletion = member.1.deletion, deletion > lock {
                        verdict.deletionUndone = true
                    }
                }
                result[member.0] = verdict
            }
        }
        return result
    }

    /// Section 7, rule 7, for the rules between a row's own columns that
    /// travel apart (each its own unit): a Hereafter note is read only once
    /// discovered (docs/hereafter.md), so a note whose reading arrived
    /// before its discovery is kept out until the discovery comes.
    func sane(table: String, row: [String: DatabaseValue]) -> Bool {
        switch table {
        case "hereafter_messages": (row["read_at"] ?? .null).isNull || !(row["discovered_at"] ?? .null).isNull
        // The walks table's CHECK, after the import's preparation (a pruned
        // walk's points go): a finished walk has its simplified track, and
        // no points only when pruned; a walk being recorded has neither. A
        // prune's rewrite (the created-once unit) that arrives before its
        // pruned_at, or a pruned_at before the walk's creation, is kept out
        // until the rest comes (the units travel apart).
        case "walks": Self.saneWalk(row)
        default: true
        }
    }

    static func saneWalk(_ row: [String: DatabaseValue]) -> Bool {
        func present(_ column: String) -> Bool { !(row[column] ?? .null).isNull }
        func equals(_ column: String, _ text: String) -> Bool {
            compare(row[column] ?? .null, .text(text)) == .orderedSame
        }
        if equals("state", "finished") { return present("simplified") && (present("points") || present("pruned_at")) }
        if equals("state", "recording") {
            return equals("source", "recorded") && !present("points") && !present("simplified")
                && !present("pruned_at")
        }
        return false
    }

    /// Section 7, rule 3, as docs/sync.md states it for DailyMenu: an undo of
    /// the ritual that day, and the deletion of everything, cover the rows
    /// dated at or before them.
    func covered(table: String, row: [String: DatabaseValue], shown: Shown) -> Bool {
        let dated: [String: String] = [
            "dailymenu_completions": "completed_at", "dailymenu_starts": "started_at",
            "dailymenu_low_energy_days": "asked_at", "dailymenu_undone_completions": "undone_at",
            "dailymenu_favorites": "updated_at", "dailymenu_profile": "updated_at",
        ]
        guard let column = dated[table], case .text(let date)? = row[column] else { return false }
        for erasure in (shown["dailymenu_erasures"] ?? [:]).values {
            if case .text(let at)? = erasure["erased_at"], at >= date { return true }
        }
        if table == "dailymenu_completions" {
            for undo in (shown["dailymenu_undone_completions"] ?? [:]).values {
                guard case .text(let at)? = undo["undone_at"], at >= date,
                    Self.compare(undo["activity_id"] ?? .null, row["activity_id"] ?? .null) == .orderedSame,
                    Self.compare(undo["local_day"] ?? .null, row["local_day"] ?? .null) == .orderedSame
                else { continue }
                return true
            }
        }
        return false
    }
}
