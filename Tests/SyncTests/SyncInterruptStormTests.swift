import Finite
import Foundation
import LifeCore
import LifeDB
import LifeDBTestSupport
import Testing

/// An apply interrupted from another thread, again and again until it
/// returns, whatever statement the interrupts land on: the device's next
/// job runs, and the file is as before the apply or as after it (REL-7's
/// interrupts, many times over; SPEC SYNC-7).
@Suite struct SyncInterruptStormTests {
    @Test func aDeviceWorksAfterEveryInterruptedApply() throws {
        let rounds = Int(ProcessInfo.processInfo.environment["SYNC_STORM_ROUNDS"] ?? "") ?? 12
        let a = try SyncDevice("2026-11-22T10:00:00Z")
        try a.finite.setup(birthday: try #require(CivilDate(year: 1990, month: 5, day: 14)))
        for week in 1800..<1860 { try a.finite.mark(.number(week), rating: 3, phrase: "Week \(week)") }
        let bundle = try a.fullBundle()
        let empty = try SyncDevice("2026-11-22T12:00:00Z").snapshot()
        for round in 0..<rounds {
            let b = try SyncDevice("2026-11-22T12:00:00Z")
            let finished = Flag()
            let done = DispatchSemaphore(value: 0)
            let delay = UInt32((round * 7919) % 20_000)
            let queue = b.queue
            Thread.detachNewThread {
                usleep(delay)
                while !finished.value {
                    queue.cancel()
                    usleep(10)
                }
                done.signal()
            }
            var applied = false
            do {
                try b.apply(bundle)
                applied = true
            } catch {}
            finished.value = true
            done.wait()
            let after = try b.snapshot()
            #expect(applied ? after != empty : after == empty, "round \(round) (after \(delay) µs)")
            // The next apply runs and brings everything.
            try b.apply(bundle)
            #expect(try b.count("SELECT count(*) FROM finite_marks") == 60, "round \(round)")
        }
    }
}
