import Foundation
import LifeCore
import LifeDB
import LifeExchange
import LifeKernel
import LifeKit
import LifeSync

/// A flag two threads share.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var state = false
    var value: Bool {
        get { lock.withLock { state } }
        set { lock.withLock { state = newValue } }
    }
}

/// What the runs of many seeds add up to.
struct RunFigures {
    var seeds = 0
    var devices = 0
    var operations = 0
    var operationsRefused = 0
    var bundlesWritten = 0
    var applies = 0
    var reapplies = 0
    var skewRefusals = 0
    var kills = 0
    var killsAfterCommit = 0
    var rounds = 0
    var commutations = 0
    /// The histories that held each case issue 27 names.
    var coverage = ScenarioCoverage()
    /// Seconds spent per part of the harness (REL7_PROFILE).
    var seconds: [String: Double] = [:]

    mutating func add(_ other: RunFigures) {
        seconds.merge(other.seconds, uniquingKeysWith: +)
        seeds += other.seeds
        devices += other.devices
        operations += other.operations
        operationsRefused += other.operationsRefused
        bundlesWritten += other.bundlesWritten
        applies += other.applies
        reapplies += other.reapplies
        skewRefusals += other.skewRefusals
        kills += other.kills
        killsAfterCommit += other.killsAfterCommit
        rounds += other.rounds
        commutations += other.commutations
        coverage.add(other.coverage)
    }
}

/// Plays one history on real database files and on the reference model
/// side by side, and checks the REL-7 properties.
final class HistoryRun {
    let history: History
    let fixture: ConvergenceFixture
    let directory: String
    var devices: [Device] = []
    var model: ReferenceModel
    var bundles: [Int: (bytes: Data, model: ReferenceModel.Bundle, sender: Int)] = [:]
    /// (bundle, device) for each bundle of the history a device applied.
    var applied: [(bundle: Int, device: Int)] = []
    var failures: [String] = []
    var trace: [String] = []
    var figures = RunFigures()
    var scenarios = ScenarioTracker()
    /// An apply the engine refused: the model took it, the devices did not,
    /// so only the engine's side can still be compared.
    var applyFailed = false
    /// Compare each device with the model after every apply, not only at the end.
    let checkEveryApply: Bool
    let interruptPercent: UInt64

    init(history: History, fixture: ConvergenceFixture, checkEveryApply: Bool = true, interruptPercent: Int = 1) throws
    {
        self.history = history
        self.interruptPercent = UInt64(max(interruptPercent, 0))
        self.fixture = fixture
        self.checkEveryApply = checkEveryApply
        directory = NSTemporaryDirectory() + "rel7-\(history.seed)-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var sites: [ReferenceModel.Site] = []
        var random = SplitMix64(state: history.seed ^ 0x5173_5eed)
        for index in 0..<history.deviceCount {
            let bytes = (0..<16).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let device = try Device(
                index: index, template: history.server == index ? fixture.serverTemplate : fixture.deviceTemplate,
                directory: directory, siteBytes: bytes,
                isServer: history.server == index, key: fixture.key, contract: fixture.contract, log: fixture.log,
                start: History.start)
            devices.append(device)
            sites.append(ReferenceModel.Site(id: device.site, isServer: device.isServer))
        }
        model = ReferenceModel(contract: fixture.contract, sites: sites)
        figures.seeds = 1
        figures.devices = history.deviceCount
    }

    deinit {
        for device in devices { device.close() }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The kinds of failure, so that shrinking keeps the one it started from.
    enum Failure: String {
        case local = "local change", bundle = "bundle contents", skew = "clock skew", interrupt = "interrupted apply"
        case apply = "apply refused", device = "device against model", settle = "settling"
        case export = "exports differ", model = "model against itself", reapply = "re-apply", check = "db check"
        case commute = "commutation", marker = "locked marker", error = "harness error"
        case restamp = "clock dated again", damaged = "damaged bundle", numbers = "goal numbers"
    }

    var kinds: [Failure] = []

    func timed<T>(_ part: String, _ body: () throws -> T) rethrows -> T {
        let start = Date()
        defer { figures.seconds[part, default: 0] += Date().timeIntervalSince(start) }
        return try body()
    }

    func fail(_ kind: Failure, _ text: String) {
        kinds.append(kind)
        failures.append("[\(kind.rawValue)] " + text)
        trace.append("  !! [\(kind.rawValue)] " + text)
    }

    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) }

    static func stamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: date)
    }

    // MARK: Playing

    func play() {
        let middle = history.steps.count / 2
        for (offset, step) in history.steps.enumerated() {
            do {
                try run(step, number: offset)
            } catch {
                fail(.error, "step \(offset): \(error)")
            }
            if offset == middle && history.seed % 4 == 0 {
                do { try timed("commutation") { try commutes() } } catch {
                    fail(.commute, "applying two bundles on copies of a device: \(error)")
                }
            }
            if failures.count > 20 { return }
        }
        do {
            try settle()
            try finalChecks()
        } catch {
            fail(.error, "end: \(error)")
        }
        figures.coverage = scenarios.coverage(clockAheadThenFixed: history.clockAhead)
    }

    func run(_ step: History.Step, number: Int) throws {
        switch step {
        case .operation(let operation):
            let device = devices[operation.device]
            let said = timed("operations") { device.perform(operation, world: fixture.world) }
            figures.operations += 1
            if said.hasPrefix("refused") { figures.operationsRefused += 1 }
            trace.append("\(number). d\(operation.device) @\(Self.stamp(operation.instant)) \(said)")
            checkNothingInProgress(operation.device, after: "a local change")
            scenarios.observe(said, device: operation.device)
            let batches = device.sink.take()
            for batch in batches {
                scenarios.observe(batch, device: operation.device)
                let problems = timed("model") {
                    model.localTransaction(
                        site: operation.device, nowMilliseconds: Self.milliseconds(operation.instant), events: batch)
                }
                for problem in problems { fail(.local, problem) }
            }
        case .write(let bundle, let index, let reader, let instant):
            let (bytes, written) = try write(from: index, reader: reader, instant: instant)
            bundles[bundle] = (bytes, written, index)
            trace.append(
                "\(number). d\(index) writes bundle b\(bundle) for \(reader) (\(written.messages.count) records, clock \(written.clock >> 5)ms)"
            )
        case .deliver(let bundle, let index, let interrupt, let delaySeed, let instant, let accept):
            guard let entry = bundles[bundle] else { return }
            let outcome = try deliver(
                entry, to: index, instant: instant, interrupt: interrupt, delaySeed: delaySeed, acceptAhead: accept)
            if outcome.applied { applied.append((bundle, index)) }
            trace.append("\(number). b\(bundle) → d\(index) @\(Self.stamp(instant)): \(outcome.said)")
        case .damaged(let bundle, let index, let damage):
            try deliverDamaged(bundles[bundle]?.bytes, damage: damage, to: index, number: number)
        }
    }

    /// Writes a bundle on the device and in the model, and checks that
    /// they hold the same number of records and no locked word.
    func write(from index: Int, reader: History.Reader, instant: Date) throws -> (Data, ReferenceModel.Bundle) {
        let device = devices[index]
        device.clock.now = instant
        var engineReader = SyncEngine.Reader.anyone
        var modelReader = ReferenceModel.Reader.anyone
        switch reader {
        case .full: break
        case .everyone:
            engineReader = .everyone
            modelReader = .everyone
        case .peer(let peer):
            // A peer never heard from: everything (what `sync export` without --since writes).
            if model.sites[index].peerHas[devices[peer].site] != nil,
                let id = SiteID(bytes: Data(devices[peer].site.bytes))
            {
                engineReader = .peer(id)
                modelReader = .peer(devices[peer].site)
            }
        }
        let withholding = try device.withholding()
        let before = device.site
        let sealed = try timed("bundles") { try device.sync.seal(for: engineReader) }
        // Section 2: a device whose clock ran ahead dates its changes again
        // (a new id) before it writes; the model decides by the document.
        let after = try device.currentSite()
        let restamped = timed("model") {
            model.restampIfAhead(site: index, nowMilliseconds: Self.milliseconds(instant), newID: after)
        }
        if restamped != (after != before) {
            fail(
                .restamp,
                "d\(index) \(after != before ? "took a new id" : "kept its id") writing a bundle at \(Self.stamp(instant)); docs/sync.md section 2 says it \(restamped ? "dates its changes again under a new id" : "keeps its id")"
            )
        }
        device.site = after
        if restamped { trace.append("   d\(index) dated its changes again under a new id (its clock had run ahead)") }
        let since = model.since(for: modelReader, at: index)
        let written = timed("model") {
            model.writeBundle(
                from: index, since: since, withholding: withholding, nowMilliseconds: Self.milliseconds(instant))
        }
        figures.bundlesWritten += 1
        if sealed.records != written.messages.count {
            fail(
                .bundle,
                "bundle from d\(index) for \(reader) holds \(sealed.records) records; docs/sync.md section 8 gives \(written.messages.count): "
                    + describe(written, against: try device.sync.open(sealed.bytes)))
        }
        try timed("marker") {
            try checkMarker(in: sealed.bytes, plaintext: try device.sync.open(sealed.bytes), index: index)
        }
        return (sealed.bytes, written)
    }

    /// The records the model expects and those the bundle holds, by identity.
    func describe(_ bundle: ReferenceModel.Bundle, against plaintext: Data) -> String {
        let lines = String(decoding: plaintext, as: UTF8.self).split(separator: "\n").dropFirst()
        let engine = lines.compactMap { line -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                return nil
            }
            let table = object["t"] as? String ?? "?"
            let key = (object["k"] as? [Any]).map { "\($0)" } ?? "?"
            let units = (object["d"] as? [String: Any]).map { $0.keys.sorted().joined(separator: ",") } ?? ""
            return "\(table) \(key) c \(object["c"] ?? "?") x \(object["x"] ?? "-") [\(units)]"
        }
        let expected = bundle.messages.map { message in
            "\(message.table) \(ReferenceModel.describe(message.key)) c \(message.record.creation) x \(message.record.deletion.map { "\($0)" } ?? "-") units \(message.record.units.keys.sorted().joined(separator: ","))"
        }
        return "engine: " + engine.joined(separator: "; ") + " | model: " + expected.joined(separator: "; ")
    }

    /// Applies a bundle on the device and in the model: refused first when
    /// its clock is more than 24 hours ahead (then applied as confirmed),
    /// interrupted first when the step says so (the file must be as
    /// before, and the apply is then retried).
    @discardableResult
    func deliver(
        _ entry: (bytes: Data, model: ReferenceModel.Bundle, sender: Int), to index: Int, instant: Date,
        interrupt: Bool,
        delaySeed: UInt64, acceptAhead: Bool = true
    ) throws -> (said: String, rowsChanged: Int, applied: Bool) {
        let device = devices[index]
        device.clock.now = instant
        let now = Self.milliseconds(instant)
        var said: [String] = []
        var accept = false
        if model.isTooFarAhead(entry.model, at: index, nowMilliseconds: now) {
            figures.skewRefusals += 1
            let before = try device.fingerprint()
            do {
                _ = try device.sync.apply(entry.bytes, acceptSkew: false, keeping: false)
                fail(
                    .skew,
                    "d\(index) applied a bundle whose clock is \((entry.model.clock >> 5) - now) ms ahead without --accept-skew"
                )
            } catch let aside as SyncSetAside where aside.kind == .clock {
                said.append("set aside (clock ahead)")
            } catch {
                fail(.skew, "d\(index): a bundle too far ahead was not set aside for its clock: \(error)")
            }
            if try device.fingerprint() != before {
                fail(.skew, "d\(index): a bundle set aside for its clock changed the file")
            }
            // Accepted as it is (remembered), or left for later.
            guard acceptAhead else { return (said.joined(separator: ", ") + ", not accepted", 0, false) }
            accept = true
        }
        if interrupt {
            // SQLite stops only a statement running when the interrupt
            // comes, so the canceller keeps interrupting, from a random
            // moment, until the apply returns: the abort lands on whatever
            // statement the apply runs then.
            let before = try device.fingerprint()
            var random = SplitMix64(state: delaySeed)
            let delay = UInt32(random.next() % 3000)
            let queue = device.queue
            let finished = Flag()
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                usleep(delay)
                while !finished.value {
                    queue.cancel()
                    usleep(10)
                }
                done.signal()
            }
            var interrupted = false
            do {
                _ = try device.sync.apply(entry.bytes, acceptSkew: accept, keeping: false)
            } catch {
                interrupted = true
            }
            finished.value = true
            done.wait()
            checkNothingInProgress(index, after: "an interrupted apply")
            // The interrupts stop with the apply: the connection's next
            // statement must run.
            do {
                _ = try device.queue.read { db in try db.fetchAll("SELECT 1") }
            } catch {
                fail(
                    .interrupt,
                    "d\(index): after an apply was interrupted (\(interrupted ? "before" : "after") its commit), the connection's next statement failed too: \(error)"
                )
            }
            if interrupted {
                figures.kills += 1
                said.append("interrupted after \(delay) µs")
                if try device.fingerprint() != before {
                    fail(.interrupt, "d\(index): an interrupted apply left the file changed")
                }
            } else {
                figures.killsAfterCommit += 1
                said.append("finished before the interrupt (\(delay) µs)")
            }
        }
        figures.applies += 1
        let report: SyncApplyReport
        do {
            report = try timed("applies") { try device.sync.apply(entry.bytes, acceptSkew: accept, keeping: false) }
        } catch {
            fail(.apply, "d\(index) could not apply a bundle of d\(entry.sender): \(error)")
            applyFailed = true
            return (said.joined(separator: ", "), 0, false)
        }
        checkNothingInProgress(index, after: "an apply")
        _ = timed("model") { model.apply(entry.model, to: index, nowMilliseconds: now, acceptSkew: accept) }
        said.append("\(report.rowsChanged) rows changed, \(report.heldBack.count) held back")
        for held in report.heldBack { said.append("held back \(held.table): \(held.reason)") }
        if checkEveryApply { try compare(index, when: "after this apply") }
        return (said.joined(separator: ", "), report.rowsChanged, true)
    }

    /// No statement of the device's connection is left stepping after a
    /// job: one would keep the next interrupt pending for good, and every
    /// later statement would fail as cancelled.
    func checkNothingInProgress(_ index: Int, after job: String) {
        let left = (try? devices[index].queue.inDatabase { $0.statementsInProgress }) ?? []
        if !left.isEmpty {
            fail(.interrupt, "d\(index): after \(job), statements still in progress: " + left.joined(separator: " | "))
        }
    }

    /// The device's rows against the model's for it, and its goals' numbers.
    func compare(_ index: Int, when: String) throws {
        let actual = try timed("rows") { try devices[index].rows() }
        let (expected, numbers) = timed("shown") { model.shownAndNumbers(at: index) }
        let differences = Self.differences(expected: expected, actual: actual, contract: fixture.contract)
        if !differences.isEmpty {
            fail(.device, "d\(index) \(when) differs from the model: " + differences.prefix(6).joined(separator: "; "))
            return
        }
        var wrong: [String] = []
        for (key, number) in try devices[index].goalNumbers() where numbers[key] != number {
            wrong.append(
                "goal \(ReferenceModel.describe(key)) is number \(number), the model says \(numbers[key].map(String.init) ?? "none")"
            )
        }
        if !wrong.isEmpty {
            fail(.numbers, "d\(index) \(when): " + wrong.sorted().prefix(4).joined(separator: "; "))
        }
    }

    /// A damaged or foreign file delivered to a device (SYNC-7): set aside,
    /// nothing changed.
    func deliverDamaged(_ bytes: Data?, damage: History.Damage, to index: Int, number: Int) throws {
        let device = devices[index]
        let original = bytes ?? Data("LCSYNC1\n".utf8) + Data(repeating: 7, count: 40)
        var damaged: Data
        switch damage {
        case .empty: damaged = Data()
        case .truncated: damaged = original.prefix(max(0, original.count * 2 / 3))
        case .flipped:
            damaged = original
            if damaged.count > 30 { damaged[damaged.startIndex + 30] ^= 0x55 }
        case .foreign: damaged = Data("<?xml version=\"1.0\"?><gpx></gpx>\n".utf8)
        case .otherKey: damaged = try BundleCipher.seal(Data("{}\n".utf8), key: SyncKey.random())
        }
        scenarios.damagedFile()
        let before = try device.fingerprint()
        do {
            _ = try device.sync.apply(damaged, keeping: true)
            fail(.damaged, "d\(index) applied a \(damage) file")
        } catch let aside as SyncSetAside where aside.kind == .unreadable {
            trace.append("\(number). a \(damage) file → d\(index): set aside (\(aside.reason.prefix(60)))")
        } catch {
            fail(.damaged, "d\(index): a \(damage) file was not set aside as unreadable: \(error)")
        }
        if try device.fingerprint() != before {
            fail(.damaged, "d\(index): a \(damage) file changed the database")
        }
    }

    static func differences(expected: ReferenceModel.Shown, actual: ReferenceModel.Shown, contract: SyncContract)
        -> [String]
    {
        var lines: [String] = []
        for table in contract.tables {
            let want = expected[table.name] ?? [:]
            let have = actual[table.name] ?? [:]
            for key in Set(want.keys).union(have.keys).sorted(by: ReferenceModel.keyOrder) {
                let label = "\(table.name) \(ReferenceModel.describe(key))"
                switch (want[key], have[key]) {
                case (nil, nil): continue
                case (nil, _?): lines.append("\(label) is shown; the model has it deleted or parked")
                case (_?, nil): lines.append("\(label) is missing; the model shows it")
                case (let w?, let h?):
                    for column in table.travelling
                    where ReferenceModel.compare(w[column] ?? .null, h[column] ?? .null) != .orderedSame
                        || (w[column] ?? .null) != (h[column] ?? .null)
                    {
                        lines.append(
                            "\(label).\(column) is \(ReferenceModel.describe(h[column] ?? .null)), the model says \(ReferenceModel.describe(w[column] ?? .null))"
                        )
                    }
                }
            }
        }
        return lines
    }

    // MARK: The end

    /// All-pairs rounds: each device writes one bundle for every device it
    /// has heard from (`sync --dir`'s bundle) and every other device applies
    /// it, until a round changes nothing.
    func settle() throws {
        let limit = history.deviceCount + 4
        var random = SplitMix64(state: history.seed ^ 0x5e77_1e)
        for round in 1...limit {
            figures.rounds += 1
            var changed = 0
            for sender in devices.indices {
                let (bytes, written) = try write(
                    from: sender, reader: .everyone, instant: history.finalInstants[sender])
                for receiver in devices.indices where receiver != sender {
                    let outcome = try deliver(
                        (bytes, written, sender), to: receiver, instant: history.finalInstants[receiver],
                        interrupt: random.next() % 100 < interruptPercent, delaySeed: random.next())
                    if outcome.rowsChanged > 0 { changed += 1 }
                }
            }
            trace.append("round \(round): \(changed) applies changed rows")
            if changed == 0 { return }
            if failures.count > 20 { return }
        }
        fail(.settle, "the devices still changed after \(limit) all-pairs rounds")
    }

    func finalChecks() throws {
        // (1) byte-identical exports.
        let exports = try devices.map { try $0.exportForSync(at: history.finalInstant) }
        for index in exports.indices.dropFirst() where exports[index] != exports[0] {
            fail(
                .export,
                "export --for-sync of d\(index) differs from d0's: \(Self.firstDifference(exports[0], exports[index]))")
        }
        // (2) every device as the model says, and the model agrees with itself.
        for index in devices.indices { try compare(index, when: "at the end") }
        let withholding = try devices.map { try $0.withholding() }
        let projections = devices.indices.map { projection(model.shown(at: $0), withholding: withholding[$0]) }
        for index in projections.indices.dropFirst() where !applyFailed {
            let differences = Self.differences(
                expected: projections[0], actual: projections[index], contract: fixture.contract)
            if !differences.isEmpty {
                fail(
                    .model,
                    "the model's own devices d0 and d\(index) disagree (docs/sync.md does not converge here): "
                        + differences.prefix(4).joined(separator: "; "))
            }
        }
        // (3) re-applying a bundle a device applied before changes nothing.
        // (A bundle it never applied may still bring something: a mood its
        // sender shared then, withheld from every later bundle.)
        var random = SplitMix64(state: history.seed ^ 0x00ab_cdef)
        for _ in 0..<min(6, applied.count) {
            let pick = applied[Int(random.next() % UInt64(applied.count))]
            guard let entry = bundles[pick.bundle] else { continue }
            let target = pick.device
            let before = try devices[target].exportForSync(at: history.finalInstant)
            let rows = try devices[target].rows()
            let report: SyncApplyReport
            do {
                report = try devices[target].sync.apply(entry.bytes, acceptSkew: true)
            } catch {
                fail(.reapply, "re-applying a bundle of d\(entry.sender) on d\(target): \(error)")
                continue
            }
            figures.reapplies += 1
            let after = try devices[target].exportForSync(at: history.finalInstant)
            let rowsAfter = try devices[target].rows()
            if report.rowsChanged != 0 || after != before
                || !Self.differences(expected: rows, actual: rowsAfter, contract: fixture.contract).isEmpty
            {
                fail(
                    .reapply,
                    "re-applying a bundle of d\(entry.sender) on d\(target) changed \(report.rowsChanged) rows")
            }
        }
        // (4) db check.
        for device in devices {
            // Each device judges "now" by its own clock, as `db check` there would.
            let problems = try timed("db check") { try device.check(at: history.finalInstants[device.index]) }
            if !problems.isEmpty {
                fail(.check, "db check on d\(device.index): " + problems.prefix(5).joined(separator: "; "))
            }
        }
    }

    /// What `export --for-sync` shows of the model's rows: withheld columns
    /// null while the device withholds.
    func projection(_ shown: ReferenceModel.Shown, withholding: Set<String>) -> ReferenceModel.Shown {
        var result = shown
        for table in fixture.contract.tables where withholding.contains(table.product) {
            let columns = table.withheldUnits.flatMap(\.columns)
            guard !columns.isEmpty else { continue }
            result[table.name] = (shown[table.name] ?? [:]).mapValues { row in
                var row = row
                for column in columns { row[column] = .null }
                return row
            }
        }
        return result
    }

    static func firstDifference(_ a: Data, _ b: Data) -> String {
        let x = Array(a)
        let y = Array(b)
        let at = (0..<min(x.count, y.count)).first { x[$0] != y[$0] } ?? min(x.count, y.count)
        func around(_ bytes: [UInt8]) -> String {
            String(decoding: bytes[max(0, at - 150)..<min(bytes.count, at + 150)], as: UTF8.self)
                .replacingOccurrences(of: "\n", with: " ")
        }
        return "at byte \(at): «\(around(x))» vs «\(around(y))»"
    }

    // MARK: Commutation (A·B = B·A)

    /// On copies of one device, two bundles of two other devices applied in
    /// both orders give the same synced data.
    func commutes() throws {
        var random = SplitMix64(state: history.seed ^ 0xc0_ffee)
        let target = Int(random.next() % UInt64(devices.count))
        let candidates = bundles.keys.sorted().filter { bundles[$0]?.sender != target }
        guard candidates.count >= 2 else { return }
        let first = candidates[Int(random.next() % UInt64(candidates.count))]
        let second = candidates[Int(random.next() % UInt64(candidates.count))]
        guard first != second, let a = bundles[first], let b = bundles[second] else { return }
        let device = devices[target]
        var results: [Data] = []
        for (order, pair) in [(a, b), (b, a)].enumerated() {
            let path = directory + "/commute\(order).db"
            try device.queue.inDatabase { db in try db.backup(to: path) }
            let queue = try LifeDatabase.open(
                path: path, now: device.clock.now, create: false, registry: LifeKit.registry)
            defer { try? queue.close() }
            let store = SyncStore(
                SyncClockWriter(queue, clock: .fixed(device.clock.now)), registry: LifeKit.registry, key: fixture.key,
                clock: .fixed(device.clock.now))
            _ = try store.apply(pair.0.bytes, acceptSkew: true)
            _ = try store.apply(pair.1.bytes, acceptSkew: true)
            let exchange = Exchange(queue, registry: LifeKit.registry, clock: .fixed(history.finalInstant))
            results.append(try Exchange.encode(try exchange.export(forSync: true)))
        }
        figures.commutations += 1
        if results[0] != results[1] {
            fail(
                .commute,
                "on d\(target), b\(first)·b\(second) and b\(second)·b\(first) differ: \(Self.firstDifference(results[0], results[1]))"
            )
        }
    }

    // MARK: Locked words

    /// The marker planted in locked notes, in none of its forms, in the
    /// bundle's bytes or in its decrypted plaintext.
    func checkMarker(in bytes: Data, plaintext: Data, index: Int) throws {
        for (form, needle) in fixture.markerForms {
            if bytes.range(of: needle) != nil || plaintext.range(of: needle) != nil {
                fail(.marker, "a bundle of d\(index) holds the locked marker (\(form))")
            }
        }
        let folded = String(decoding: plaintext, as: UTF8.self).lowercased()
        if folded.contains(fixture.world.marker.lowercased()) {
            fail(.marker, "a bundle of d\(index) holds the locked marker (case-folded)")
        }
    }
}
