import Foundation
import LifeKitTestSupport
import Testing

// The scenarios of issue 27's first list (SYNC-6, SYNC-7, SYNC-8), driven
// through `lifectl` on two or three database files and a shared folder,
// with LIFECTL_NOW pinned for every step. They hold the sync engine to the
// issue from the outside: exit statuses, `--json` answers, `export
// --for-sync` bytes and `db check`, never the engine's tables (except where
// a finding is about the file itself: a failed export's bookkeeping rows).
//
// What these tests assume where the issue leaves the wording or a name to
// the design (one edit here adapts every test):
//
// 1. `lifectl sync --dir` that sets a file aside (damaged, empty, cut short,
//    foreign, too large, a clock beyond the limit) still exits 0 — it did
//    its work: the rest applied, this device's bundle written — and says so
//    in one line naming the file (stdout or stderr). `SyncNames.setAsideExit`.
// 2. `sync status --json` lists what is set aside under `setAside`: objects
//    with `file` (the path or the name of the file, which holds the file's
//    name) and `reason` (one line). `SyncNames`. A set-aside entry goes
//    once the file applies (the cloud drive finished copying it, the clock
//    was fixed) or is gone.
// 3. A clock far ahead then fixed: no `--accept-skew` is needed once the
//    clock is right again; nothing the person saved while it was wrong is
//    lost (it reaches every device, re-stamped or bounded: the design's
//    choice). `sync --dir --accept-skew` accepts a device's skew once and
//    the acceptance is remembered for that device's later bundles; the
//    device that accepted does not pass the future on (its own bundles are
//    never refused by a third device that did not accept).
// 4. A clock 23 hours fast "does not silently win over later real edits":
//    either the edit made later in real time (on the device with the right
//    clock) is what every device shows, or the fast device's bundle is set
//    aside where it arrives (listed by `sync status --json`) until someone
//    accepts it. Winning without a word is the failure.
// 5. LifeTimer (design note §1): two starts of one account's countdown —
//    the earliest wins on every device. The locked list = the account's
//    goals created (by version) before the countdown's version, the first
//    20 of them by version, numbered 1… by version; a goal kept out is on
//    no device's numbered list (`lifetimer goal list --json` either leaves
//    it out or marks it with one of `SyncNames.goalOutsideKeys`, or gives
//    it no number). Before the start the numbers are by version too, so
//    `goal delete 2` names one goal on every device. A goal's delete made
//    (by version) before the start counts; one made after is undone.
// 6. Deletes by time (SYNC-8): a row's existence is ordered by versions —
//    an edit later than a delete brings the row back with the edit, a
//    delete later than an edit removes it, whatever the counts of toggles.
// 7. The same GPX imported on two devices: one walk on every device (the
//    earlier import's), and one `walks delete` of it, on either device,
//    removes it everywhere for good (the other copy does not come back).
// 8. Mood sharing off: `dailymenu profile --json` and `dailymenu stamps
//    --json` are byte-identical on every device (totals, "mood lifted",
//    Moments, season, warmth, stamps).
// 9. An import file whose row says `updated_at` 9999-12-31 is either
//    refused (65, nothing changed) or taken without pinning: a real edit
//    made afterwards on another device wins on every device.
// 10. `sync export --key K --force K` (the key file as the output) is
//    refused with 64 and the key file keeps its bytes.

/// The names these tests assume for what the issue leaves to the design.
enum SyncNames {
    /// `sync --dir`'s exit status when it set a file aside and did the rest.
    static let setAsideExit: Set<Int32> = [0]
    /// `sync status --json`: the list of files set aside.
    static let setAside = "setAside"
    /// In each entry of `setAside`: the file (its path or name) …
    static let setAsideFile = "file"
    /// … and why, in one line.
    static let setAsideReason = "reason"
    /// The flag of `sync --dir` that accepts a device's clock skew once.
    static let acceptSkew = "--accept-skew"
    /// Keys of `lifetimer goal list --json` that mark a goal as kept out of
    /// the locked list (true), if the list shows such goals at all.
    static let goalOutsideKeys = ["outside", "keptOut", "heldBack", "locked_out"]
}

/// `#expect(actual == expected)` that says both values when they differ.
func expectSame<T: Equatable>(
    _ actual: T, _ expected: T, _ note: String = "", sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        actual == expected, "\(note.isEmpty ? "" : note + ": ")got \(actual), expected \(expected)",
        sourceLocation: sourceLocation)
}

/// Two or three devices (database files) with one key and one shared folder.
struct SyncLab {
    typealias Object = [String: Any]

    let devices: [Lifectl]
    let names: [String]
    let key: String
    let folder: String

    var a: Lifectl { devices[0] }
    var b: Lifectl { devices[1] }
    var c: Lifectl { devices[2] }

    init(devices count: Int = 2) throws {
        precondition((2...3).contains(count))
        devices = try (0..<count).map { _ in try Lifectl(now: Self.at(0)) }
        names = ["A", "B", "C"].prefix(count).map { $0 }
        key = devices[0].path("sync.key")
        folder = devices[0].path("shared")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let made = try devices[0].run("sync", "key", "new", key)
        #expect(made.status == 0, "\(made.stderr)")
        // Every device's database exists before the first sync, each with an id of its own.
        for device in devices {
            let created = try device.run("db", "init")
            #expect(created.status == 0, "\(created.stderr)")
        }
    }

    /// 2026-11-22 09:00 UTC plus `minutes` (negative for earlier), as LIFECTL_NOW.
    static func at(_ minutes: Int, days: Int = 0) -> String {
        let base = Date(timeIntervalSince1970: 1_795_338_000)  // 2026-11-22T09:00:00Z
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: base.addingTimeInterval(Double(minutes * 60 + days * 86_400)))
    }

    func name(_ device: Lifectl) -> String {
        devices.firstIndex { $0.directory == device.directory }.map { names[$0] } ?? "?"
    }

    /// `lifectl ARGS` on `device` at `now`; a 70 is always a failure (a bug,
    /// and no data a device received may cause one).
    @discardableResult
    func run(
        _ device: Lifectl, at now: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Lifectl.Result {
        let result = try device.run(arguments, extraEnvironment: ["LIFECTL_NOW": now])
        #expect(
            result.status != 70,
            "exit 70 on \(name(device)) at \(now): lifectl \(arguments.joined(separator: " ")): \(result.stderr)",
            sourceLocation: sourceLocation)
        return result
    }

    /// `lifectl ARGS`, which must exit 0.
    @discardableResult
    func ok(
        _ device: Lifectl, at now: String, _ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Lifectl.Result {
        let result = try run(device, at: now, arguments, sourceLocation: sourceLocation)
        #expect(
            result.status == 0,
            "\(name(device)) at \(now): lifectl \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)",
            sourceLocation: sourceLocation)
        return result
    }

    /// `sync --dir` through the shared folder (or `dir`), which must exit 0.
    @discardableResult
    func sync(
        _ device: Lifectl, at now: String, dir: String? = nil, _ extra: String..., allowed: Set<Int32> = [0],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Lifectl.Result {
        let arguments = ["sync", "--dir", dir ?? folder, "--key", key] + extra
        let result = try run(device, at: now, arguments, sourceLocation: sourceLocation)
        #expect(
            allowed.contains(result.status),
            "\(name(device)) at \(now): lifectl sync exited \(result.status): \(result.stderr)",
            sourceLocation: sourceLocation)
        return result
    }

    /// Rounds of `sync --dir` over every device in order, all at `now`.
    func syncRounds(_ rounds: Int = 2, at now: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for _ in 0..<rounds {
            for device in devices { try sync(device, at: now, sourceLocation: sourceLocation) }
        }
    }

    /// `sync export` of everything `device` holds to `name` in its sandbox.
    func exportBundle(
        _ device: Lifectl, at now: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let path = device.path(name)
        try ok(device, at: now, "sync", "export", "--key", key, "--force", path, sourceLocation: sourceLocation)
        return path
    }

    /// `sync import` of `bundle` on `device`, which must exit 0.
    func importBundle(
        _ device: Lifectl, at now: String, _ bundle: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try ok(device, at: now, "sync", "import", "--key", key, bundle, sourceLocation: sourceLocation)
    }

    /// `export --for-sync` of `device`: equal bytes on two devices mean they converged.
    func exportForSync(_ device: Lifectl, sourceLocation: SourceLocation = #_sourceLocation) throws -> Data {
        let path = device.path("for-sync.json")
        try ok(
            device, at: Self.at(0, days: 3), "export", "--for-sync", "--json", path, "--force",
            sourceLocation: sourceLocation)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// Every device's `export --for-sync` is byte-identical and `db check` passes on each.
    func expectConverged(_ which: [Lifectl]? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let chosen = which ?? devices
        let exports = try chosen.map { try exportForSync($0, sourceLocation: sourceLocation) }
        for (index, export) in exports.enumerated().dropFirst() {
            #expect(
                export == exports[0],
                "\(name(chosen[index]))'s export --for-sync differs from \(name(chosen[0]))'s: \(Self.firstDifference(exports[0], export))",
                sourceLocation: sourceLocation)
        }
        for device in chosen {
            let check = try run(device, at: Self.at(0, days: 3), ["db", "check"], sourceLocation: sourceLocation)
            #expect(
                check.status == 0, "db check on \(name(device)): \(check.stdout)\(check.stderr)",
                sourceLocation: sourceLocation)
        }
    }

    /// Where two exports first differ, with a little context, for the failure message.
    static func firstDifference(_ one: Data, _ other: Data) -> String {
        let left = Array(one)
        let right = Array(other)
        let index =
            zip(left, right).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(left.count, right.count)
        func around(_ bytes: [UInt8]) -> String {
            let from = max(0, index - 80)
            let to = min(bytes.count, index + 80)
            return String(decoding: bytes[from..<to], as: UTF8.self)
        }
        return "at byte \(index): «\(around(left))» vs «\(around(right))»"
    }

    /// A JSON answer's object.
    static func object(_ result: Lifectl.Result, sourceLocation: SourceLocation = #_sourceLocation) throws -> Object {
        try #require(
            try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? Object,
            "not a JSON object: \(result.stdout) \(result.stderr)", sourceLocation: sourceLocation)
    }

    /// A list answer's array of objects: `{"KEY": [...]}` (docs/json.md).
    static func array(_ result: Lifectl.Result, key: String, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> [Object]
    {
        try #require(
            (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? Object)?[key] as? [Object],
            "not a JSON list of \(key): \(result.stdout) \(result.stderr)", sourceLocation: sourceLocation)
    }

    /// `sync status --json` of `device`.
    func status(_ device: Lifectl, at now: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Object {
        try Self.object(try ok(device, at: now, "sync", "status", "--json", sourceLocation: sourceLocation))
    }

    /// What `sync status --json` lists as set aside: (file, reason).
    func setAside(_ device: Lifectl, at now: String, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> [(file: String, reason: String)]
    {
        let status = try status(device, at: now, sourceLocation: sourceLocation)
        guard let entries = status[SyncNames.setAside] as? [Object] else {
            Issue.record(
                "sync status --json has no '\(SyncNames.setAside)' list: \(status.keys.sorted())",
                sourceLocation: sourceLocation)
            return []
        }
        return entries.map {
            (($0[SyncNames.setAsideFile] as? String) ?? "", ($0[SyncNames.setAsideReason] as? String) ?? "")
        }
    }

    /// This device's id, as `sync status` gives it.
    func id(_ device: Lifectl) throws -> String {
        try (status(device, at: Self.at(0))["id"] as? String) ?? ""
    }

    /// The file `sync --dir` writes for `device` in the shared folder.
    func ownBundle(_ device: Lifectl) throws -> String {
        folder + "/" + (try id(device)) + ".lcsync"
    }

    // MARK: Finite

    /// Every week's mark on `device` as "WEEK|rating|phrase" lines, by week
    /// number as `finite mark` takes it (the table counts weeks from 0).
    func marks(_ device: Lifectl) throws -> String {
        try device.sqlite(
            "SELECT week_index + 1, rating, coalesce(phrase, '') FROM finite_marks ORDER BY week_index")
    }

    /// The mark of week `week` (as `finite mark` numbers it): "rating|phrase", or "" for none.
    func mark(_ device: Lifectl, week: Int) throws -> String {
        try device.sqlite(
            "SELECT rating, coalesce(phrase, '') FROM finite_marks WHERE week_index = \(week - 1)")
    }

    // MARK: LifeTimer

    /// The account `ada`: made on A, then every device syncs so all hold the same account.
    func shareAccount(at now: String) throws {
        try ok(a, at: now, "lifetimer", "account", "create", "ada")
        try syncRounds(2, at: now)
        for device in devices {
            #expect(try device.sqlite("SELECT username FROM lifetimer_accounts") == "ada", "\(name(device))")
        }
    }

    /// `lifetimer goal list --json` as ada.
    func goals(_ device: Lifectl, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Object] {
        try Self.array(
            try ok(
                device, at: Self.at(0, days: 3), "lifetimer", "goal", "list", "--as", "ada", "--json",
                sourceLocation: sourceLocation),
            key: "goals", sourceLocation: sourceLocation)
    }

    /// The numbered list: (number, title) of every goal not kept out, by number.
    func numberedGoals(_ device: Lifectl, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        try goals(device, sourceLocation: sourceLocation).compactMap { goal -> (Int, String)? in
            guard let number = goal["number"] as? Int, let title = goal["title"] as? String else { return nil }
            if SyncNames.goalOutsideKeys.contains(where: { goal[$0] as? Bool == true }) { return nil }
            return (number, title)
        }.sorted { $0.0 < $1.0 }.map { "\($0.0). \($0.1)" }
    }

    /// The countdown's start as `lifetimer countdown --json` says it (nil: not started).
    func countdownStart(_ device: Lifectl, sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
        let object = try Self.object(
            try ok(
                device, at: Self.at(0, days: 3), "lifetimer", "countdown", "--as", "ada", "--json",
                sourceLocation: sourceLocation),
            sourceLocation: sourceLocation)
        return object["startedAt"] as? String
    }

    /// "1. T1", "2. T2" … for titles in order.
    static func numbered(_ titles: [String]) -> [String] {
        titles.enumerated().map { "\($0.offset + 1). \($0.element)" }
    }
}
