import Foundation
import LifeCore

/// One REL-7 history: its devices and clocks, then its steps (operations,
/// bundles written into the pool, bundles delivered), all drawn from one
/// seed. Every step carries what it needs (its own seed, the device's clock
/// then), so that dropping steps while shrinking leaves the others as they were.
struct History {
    enum Reader: Equatable {
        case full
        case everyone
        case peer(Int)
    }

    /// How a file delivered to a device is not a bundle it can apply (SYNC-7).
    enum Damage: String, CaseIterable {
        case empty, truncated, flipped, foreign, otherKey
    }

    enum Step {
        case operation(Operation)
        case write(bundle: Int, device: Int, reader: Reader, instant: Date)
        /// `accept`: a bundle whose clock is too far ahead is accepted as it
        /// is (remembered) after it was set aside; else left for later.
        case deliver(bundle: Int, device: Int, interrupt: Bool, delaySeed: UInt64, instant: Date, accept: Bool)
        /// A damaged copy of a bundle (or a file that is no bundle).
        case damaged(bundle: Int, device: Int, damage: Damage)
    }

    let seed: UInt64
    let deviceCount: Int
    let server: Int?
    /// Each device's clock for the rounds at the end.
    let finalInstants: [Date]
    let finalInstant: Date
    /// A device's clock ran far ahead for some steps, then was set right.
    let clockAhead: Bool
    var steps: [Step]

    static let start = Date(timeIntervalSince1970: 1_772_355_600)  // 2026-03-01T09:00:00Z

    /// Draws a history; `maxOperations` bounds its operations (0…max).
    static func draw(
        seed: UInt64, maxOperations: Int, products: Set<String>? = nil, skipping: Set<String> = [],
        interruptPercent: Int = 1, bootstrap: Bool = false
    ) -> History {
        var random = SplitMix64(state: seed)
        func next(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(random.next() % UInt64(bound)) }
        // Choices added since the first seeds were drawn come from a
        // generator of their own, so that the others stay as they were.
        var side = SplitMix64(state: seed ^ 0x1ce2_7a11)
        // A quarter of the histories lean on issue 27's cases: countdowns
        // started, goals made in batches and deleted, one GPX file on
        // several devices, mood sharing switched.
        let leaning = side.next() % 4 == 0
        let deviceCount = 2 + next(5)
        let server: Int? = next(100) < 35 ? next(deviceCount) : nil
        let maxSkew = [0, 3600, 12 * 3600, 36 * 3600][next(4)]
        var offsets = (0..<deviceCount).map { _ in maxSkew == 0 ? 0 : next(2 * maxSkew + 1) - maxSkew }
        var now = start.addingTimeInterval(Double(next(30)) * 86_400)
        // A device whose clock runs far ahead for a while, then is set right
        // (a fifth of the seeds): between two operations of the history.
        let operationsPlanned = next(maxOperations + 1)
        var jump: (device: Int, from: Int, until: Int, ahead: Int)?
        if next(5) == 0 && operationsPlanned > 2 {
            let from = next(operationsPlanned)
            jump = (next(deviceCount), from, from + 1 + next(max(1, operationsPlanned - from)), (30 + next(90)) * 3600)
        }
        let kinds = Operation.Kind.allCases.filter {
            (server != nil || !$0.needsServer) && (products?.contains($0.product) ?? true)
                && !skipping.contains($0.rawValue)
        }
        func weight(_ kind: Operation.Kind) -> Int { leaning ? kind.leaningWeight : kind.weight }
        let totalWeight = kinds.reduce(0) { $0 + weight($1) }
        var steps: [Step] = []
        var pool: [(bundle: Int, sender: Int)] = []
        var bundles = 0
        let operations = operationsPlanned
        var step = 0
        func instant(_ device: Int) -> Date {
            var offset = offsets[device]
            if let jump, jump.device == device, step >= jump.from, step < jump.until { offset += jump.ahead }
            return now.addingTimeInterval(Double(offset))
        }
        // Each device sets up every product first (REL7_BOOTSTRAP), for
        // exploring past failures of a device receiving a first profile.
        if bootstrap {
            for device in 0..<deviceCount {
                for kind in [Operation.Kind.finiteSetup, .hereafterOnboard, .timerAccount, .menuSettings]
                where kinds.contains(kind) {
                    now.addTimeInterval(60)
                    steps.append(
                        .operation(Operation(device: device, kind: kind, seed: random.next(), instant: instant(device)))
                    )
                }
            }
        }
        for number in 0..<operations {
            step = number
            now.addTimeInterval(Double(60 + next(90 * 60)) + (next(10) == 0 ? Double(next(30)) * 3600 : 0))
            var pickWeight = next(totalWeight)
            var kind = kinds[0]
            for candidate in kinds {
                if pickWeight < weight(candidate) {
                    kind = candidate
                    break
                }
                pickWeight -= weight(candidate)
            }
            let device = kind.needsServer ? (server ?? 0) : next(deviceCount)
            // A clock that steps back (a user's correction, a dead battery).
            if next(100) < 6 {
                offsets[device] = max(offsets[device] - 60 * (1 + next(6 * 60)), -36 * 3600)
            }
            steps.append(
                .operation(Operation(device: device, kind: kind, seed: random.next(), instant: instant(device))))
            if next(100) < 40 {
                let sender = next(100) < 60 ? device : next(deviceCount)
                let choice = next(100)
                var peer = next(deviceCount - 1)
                if peer >= sender { peer += 1 }
                let reader: Reader = choice < 25 ? .full : choice < 55 ? .everyone : .peer(peer)
                steps.append(.write(bundle: bundles, device: sender, reader: reader, instant: instant(sender)))
                pool.append((bundles, sender))
                bundles += 1
            }
            for _ in 0..<next(3) where !pool.isEmpty {
                let slot = next(pool.count)
                let (bundle, sender) = pool[slot]
                var target = next(deviceCount - 1)
                if target >= sender { target += 1 }
                let delivery = Step.deliver(
                    bundle: bundle, device: target, interrupt: next(100) < interruptPercent,
                    delaySeed: random.next(),
                    instant: instant(target), accept: next(2) == 0)
                // Now and then a damaged copy of it, or a file that is no
                // bundle, delivered with it: after it, or before it (the
                // bundle must still apply).
                if next(100) < 4 {
                    let damaged = Step.damaged(
                        bundle: bundle, device: target, damage: Damage.allCases[next(Damage.allCases.count)])
                    steps += side.next() % 2 == 0 ? [delivery, damaged] : [damaged, delivery]
                } else {
                    steps.append(delivery)
                }
                // Half stay in the pool: delivered again later, or to another device.
                if next(2) == 0 { pool.remove(at: slot) }
            }
            if next(10) == 0 && !pool.isEmpty { pool.remove(at: next(pool.count)) }  // lost
        }
        now.addTimeInterval(3600)
        step = operations
        let finalInstants = (0..<deviceCount).map(instant)
        return History(
            seed: seed, deviceCount: deviceCount, server: server, finalInstants: finalInstants, finalInstant: now,
            clockAhead: jump != nil, steps: steps)
    }

    /// The same history without the steps at `offsets`, and without the
    /// deliveries of bundles whose writing was removed.
    func removing(_ range: Range<Int>) -> History {
        var copy = self
        var kept: [Step] = []
        var written: Set<Int> = []
        for (offset, step) in steps.enumerated() where !range.contains(offset) {
            switch step {
            case .write(let bundle, _, _, _):
                written.insert(bundle)
                kept.append(step)
            case .deliver(let bundle, _, _, _, _, _):
                if written.contains(bundle) { kept.append(step) }
            case .damaged(let bundle, _, _):
                if written.contains(bundle) { kept.append(step) }
            case .operation:
                kept.append(step)
            }
        }
        copy.steps = kept
        return copy
    }
}
