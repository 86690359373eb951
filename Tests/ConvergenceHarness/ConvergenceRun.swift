import Foundation
import LifeCore

/// REL-7: random multi-device histories through the five products' stores
/// converge, byte for byte, to what docs/sync.md says (docs/reliability.md,
/// "REL-7"). Run by `ConvergencePropertyTests` (debug, in `swift test`) and
/// by the `convergence` program (release: `scripts/convergence`, and
/// `scripts/test`'s 1,000 seeds). Environment:
/// `REL7_SEEDS` (default 200) seeds from `REL7_FIRST_SEED` (default 1);
/// `REL7_SEED` replays one with its whole trace; `REL7_MAX_OPERATIONS`
/// bounds a history's operations (default 40; `--long` 150);
/// `REL7_JOBS` seeds at once (default 2); `REL7_KEEP_GOING` runs every seed
/// and counts failures by kind (`REL7_LIST_FAILURES` lists each);
/// `REL7_SHRINK_SECONDS` (default 120) bounds shrinking;
/// `REL7_INTERRUPT_PERCENT` (default 1) of applies are interrupted;
/// `REL7_PRODUCTS=finite,walks` draws only those products' operations,
/// `REL7_SKIP=timerStart,…` never those kinds, `REL7_BOOTSTRAP` makes each
/// device set up its products first (to explore past a failure that
/// hides the rest); `REL7_PROFILE` prints where the time went;
/// `REL7_PROGRESS=N` prints a line every N seeds (long runs).
package struct ConvergenceRun {
    package static let defaultSeeds = 200
    package static let defaultMaxOperations = 40

    let environment: [String: String]

    package init(environment: [String: String]) {
        self.environment = environment
    }

    /// Runs the seeds, prints the summary (and each failure with its
    /// shrunk trace), and returns the failing seeds.
    package func run() throws -> [UInt64] {
        let fixture = try ConvergenceFixture()
        let maxOperations = Int(environment["REL7_MAX_OPERATIONS"] ?? "") ?? Self.defaultMaxOperations
        let seeds: [UInt64]
        if let one = environment["REL7_SEED"].flatMap({ UInt64($0) }) {
            seeds = [one]
        } else {
            let first = UInt64(environment["REL7_FIRST_SEED"] ?? "") ?? 1
            let count = UInt64(environment["REL7_SEEDS"] ?? "") ?? UInt64(Self.defaultSeeds)
            seeds = Array(first..<(first + count))
        }
        let products = environment["REL7_PRODUCTS"].map { Set($0.split(separator: ",").map(String.init)) }
        let interruptPercent = Int(environment["REL7_INTERRUPT_PERCENT"] ?? "") ?? 1
        let skipping = Set((environment["REL7_SKIP"] ?? "").split(separator: ",").map(String.init))
        let bootstrap = environment["REL7_BOOTSTRAP"] != nil
        let draw: @Sendable (UInt64) -> History = { seed in
            History.draw(
                seed: seed, maxOperations: maxOperations, products: products, skipping: skipping,
                interruptPercent: interruptPercent, bootstrap: bootstrap)
        }
        let verbose = seeds.count == 1 || environment["REL7_VERBOSE"] != nil
        let progress = Int(environment["REL7_PROGRESS"] ?? "") ?? 0
        let started = Date()
        let jobs = max(1, Int(environment["REL7_JOBS"] ?? "") ?? 2)
        let keepGoing = environment["REL7_KEEP_GOING"] != nil
        let results = ConvergenceResults()
        // Seeds run on `jobs` threads (each history has files of its own);
        // the failing ones are replayed and shrunk afterwards, one by one.
        DispatchQueue.concurrentPerform(iterations: jobs) { _ in
            while let seed = results.nextSeed(from: seeds, stopAfterFailures: keepGoing ? Int.max : 3) {
                let history = draw(seed)
                let setup = Date()
                var done = RunFigures()
                var failure: (UInt64, [HistoryRun.Failure], [String])?
                do {
                    let run = try HistoryRun(history: history, fixture: fixture, interruptPercent: interruptPercent)
                    run.figures.seconds["devices", default: 0] += Date().timeIntervalSince(setup)
                    run.play()
                    if verbose { print(run.trace.joined(separator: "\n")) }
                    done = run.figures
                    if !run.failures.isEmpty { failure = (seed, run.kinds, run.failures) }
                } catch {
                    done.seeds = 1
                    failure = (seed, [.error], ["could not set up: \(error)"])
                }
                results.add(done, failed: failure)
                guard progress > 0 else { continue }
                // On standard error, unbuffered, as they come: a long run
                // stopped early still tells what it found.
                if let failure {
                    let first = failure.2.first?.prefix(300) ?? ""
                    FileHandle.standardError.write(Data("REL-7 seed \(seed) failed: \(first)\n".utf8))
                }
                let counts = results.progress
                if counts.seeds % progress == 0 {
                    let seconds = String(format: "%.0f", Date().timeIntervalSince(started))
                    let kinds = counts.byKind.isEmpty ? "" : " (\(counts.byKind))"
                    FileHandle.standardError.write(
                        Data(
                            "REL-7 progress: \(counts.seeds) seeds, \(counts.failing) failing\(kinds), \(seconds) s\n"
                                .utf8))
                }
            }
        }
        let figures = results.figures
        let failed = results.failed.sorted { $0.seed < $1.seed }
        for failure in failed.prefix(keepGoing ? 0 : 3) {
            let history = draw(failure.seed)
            if let run = try? HistoryRun(history: history, fixture: fixture, interruptPercent: interruptPercent) {
                run.play()
                if run.failures.isEmpty {
                    print("REL-7 FAILED: seed \(failure.seed), not again on a replay: \(failure.failures.prefix(5))")
                } else {
                    report(history, run: run, fixture: fixture)
                }
            }
        }
        if failed.count > 3 || keepGoing {
            var byKind: [String: Int] = [:]
            for failure in failed { for kind in Set(failure.kinds) { byKind[kind.rawValue, default: 0] += 1 } }
            print("REL-7 failing seeds by kind of failure: \(byKind.sorted { $0.key < $1.key })")
            print("REL-7 failing seeds: \(failed.prefix(200).map { String($0.seed) }.joined(separator: " "))")
            if environment["REL7_LIST_FAILURES"] != nil {
                for failure in failed { print("  seed \(failure.seed): \(failure.failures.first?.prefix(220) ?? "")") }
            }
        }
        let seconds = Date().timeIntervalSince(started)
        print(
            """
            REL-7 convergence: \(figures.seeds) seeds, \(figures.devices) devices, \(figures.operations) operations \
            (\(figures.operationsRefused) refused by the stores), \(figures.bundlesWritten) bundles written, \
            \(figures.applies) applied (\(figures.skewRefusals) first refused for a clock ahead), \(figures.kills) applies \
            interrupted and retried (\(figures.killsAfterCommit) interrupts came after the commit), \(figures.rounds) rounds, \
            \(figures.reapplies) re-applied, \(figures.commutations) commutations, \(failed.count) failing \
            (seeds from \(seeds.first ?? 0), at most \(maxOperations) operations, \(jobs) threads, \(String(format: "%.1f", seconds)) s)
            """)
        print("REL-7 histories with: " + figures.coverage.summary)
        if environment["REL7_PROFILE"] != nil {
            for (part, time) in figures.seconds.sorted(by: { $0.value > $1.value }) {
                print(String(format: "  %-12@ %6.2f s", part as NSString, time))
            }
        }
        return failed.map(\.seed)
    }

    /// Prints the seed, the failures and a shrunk trace: steps dropped while
    /// the history's first failure stays of the same kind.
    func report(_ history: History, run: HistoryRun, fixture: ConvergenceFixture) {
        var current = history
        var last = run
        let kind = run.kinds.first
        var chunk = max(history.steps.count / 2, 1)
        let deadline = Date().addingTimeInterval(Double(environment["REL7_SHRINK_SECONDS"] ?? "") ?? 120)
        while chunk >= 1 && Date() < deadline {
            var progressed = false
            var start = 0
            while start < current.steps.count && Date() < deadline {
                let candidate = current.removing(start..<min(start + chunk, current.steps.count))
                if let attempt = try? HistoryRun(
                    history: candidate, fixture: fixture, interruptPercent: Int(last.interruptPercent))
                {
                    attempt.play()
                    if let kind, attempt.kinds.first == kind {
                        current = candidate
                        last = attempt
                        progressed = true
                        continue
                    }
                }
                start += chunk
            }
            if !progressed { chunk /= 2 }
        }
        let skews = current.finalInstants.map { Int($0.timeIntervalSince(current.finalInstant) / 60) }
        print(
            """
            REL-7 FAILED: seed \(history.seed) (replay: scripts/convergence --seed \(history.seed))
            \(history.deviceCount) devices, server \(history.server.map { "d\($0)" } ?? "none"), clock offsets at the end (minutes) \(skews)
            first run: \(run.failures.count) failures, e.g. \(run.failures.first ?? "")
            shrunk from \(history.steps.count) to \(current.steps.count) steps:
            \(last.trace.joined(separator: "\n"))
            failures of the shrunk history:
            \(last.failures.joined(separator: "\n"))
            """)
    }
}
