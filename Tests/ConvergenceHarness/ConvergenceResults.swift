import Foundation

/// What the threads running seeds share: the next seed, the figures, the failures.
final class ConvergenceResults: @unchecked Sendable {
    private let lock = NSLock()
    private var index = 0
    private(set) var figures = RunFigures()
    private(set) var failed: [(seed: UInt64, kinds: [HistoryRun.Failure], failures: [String])] = []

    func nextSeed(from seeds: [UInt64], stopAfterFailures: Int) -> UInt64? {
        lock.withLock {
            guard index < seeds.count, failed.count < stopAfterFailures else { return nil }
            defer { index += 1 }
            return seeds[index]
        }
    }

    /// The seeds done so far, and the failing ones by kind (for progress lines).
    var progress: (seeds: Int, failing: Int, byKind: String) {
        lock.withLock {
            var byKind: [String: Int] = [:]
            for failure in failed { for kind in Set(failure.kinds) { byKind[kind.rawValue, default: 0] += 1 } }
            let kinds = byKind.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            return (figures.seeds, failed.count, kinds)
        }
    }

    func add(_ run: RunFigures, failed failure: (UInt64, [HistoryRun.Failure], [String])?) {
        lock.withLock {
            figures.add(run)
            if let failure { failed.append((failure.0, failure.1, failure.2)) }
        }
    }
}
