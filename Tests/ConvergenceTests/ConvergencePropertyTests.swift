import ConvergenceHarness
import Foundation
import LifeKitTestSupport
import Testing

/// REL-7 in `swift test` (debug): the harness's run of random multi-device
/// histories (`ConvergenceRun`, which lists its environment knobs) with its
/// defaults, 200 seeds of 0–40 operations. `scripts/test` leaves this
/// suite out and runs 1,000 seeds on the release-built `convergence`
/// program instead (docs/reliability.md, "REL-7").
@Suite(.tags(.property)) struct ConvergencePropertyTests {
    @Test func randomHistoriesConverge() throws {
        let failing = try ConvergenceRun(environment: ProcessInfo.processInfo.environment).run()
        #expect(failing.isEmpty, "REL-7 failing seeds: \(failing.prefix(20).map(String.init).joined(separator: ", "))")
    }
}
