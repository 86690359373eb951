import Finite
import Foundation
import LifeCore
import Testing

/// SPEC FIN-6: the data of the reveal animation.
@Suite struct RevealPlanTests {
    typealias F = PureFixture

    /// A status whose current week is `index`, for a life born 2020-01-01 (L = 80).
    func status(currentIndex index: Int) -> LifeStatus {
        let grid = F.grid("2020-01-01", 80)
        guard let status = grid.status(on: grid.weekRange(index: index).start) else { fatalError("before birth") }
        return status
    }

    @Test(arguments: [
        // (current index, duration s, weeks per s); count = index + 1, duration = clamp(count / 50, 3, 5)
        (0, 3.0, 1.0 / 3.0),  // 1 / 50 = 0.02 → 3 s; 1 / 3
        (99, 3.0, 100.0 / 3.0),  // 100 / 50 = 2 → 3 s: a short life fills slower than 50/s
        (149, 3.0, 50.0),  // 150 / 50 = 3 s exactly; 150 / 3 = 50
        (199, 4.0, 50.0),  // 200 / 50 = 4 s; ~50/s
        (249, 5.0, 50.0),  // 250 / 50 = 5 s
        (1899, 5.0, 380.0),  // 1,900 / 50 = 38 → capped at 5 s; 1,900 / 5 = 380
        (4159, 5.0, 832.0),  // 4,160 / 5 = 832
    ])
    func pace(index: Int, duration: Double, weeksPerSecond: Double) {
        let plan = RevealPlan(status: status(currentIndex: index), marks: [])
        #expect(plan.durationSeconds == duration)
        #expect(abs(plan.weeksPerSecond - weeksPerSecond) < 1e-9)
        #expect(plan.weeks.count == index + 1)
        #expect(plan.currentWeekIndex == index)
    }

    @Test(arguments: [
        (0, [Int]()),
        (51, []),  // row 0 only: no thud yet
        (52, [52]),  // the first birthday week is the current one
        (103, [52]),
        (104, [52, 104]),
        (300, [52, 104, 156, 208, 260]),  // 5·52 = 260 ≤ 300 < 312 = 6·52
    ])
    func yearBoundaries(index: Int, boundaries: [Int]) {
        #expect(RevealPlan(status: status(currentIndex: index), marks: []).yearBoundaries == boundaries)
    }

    @Test func weeksAreInOrderWithTheirRatings() {
        let marks = [
            F.mark(3, .great), F.mark(0, .awful), F.mark(10, .okay),
            F.mark(11, .good),  // after the current week (10): never revealed
        ]
        let plan = RevealPlan(status: status(currentIndex: 10), marks: marks)
        #expect(plan.weeks.map(\.index) == Array(0...10))
        #expect(plan.weeks[0].rating == .awful)
        #expect(plan.weeks[1].rating == nil)
        #expect(plan.weeks[3].rating == .great)
        #expect(plan.weeks[10].rating == .okay)
        #expect(plan.weeks.compactMap(\.rating).count == 3)
    }

    @Test func theWorkedExampleHasThirtySixThuds() {
        let plan = RevealPlan(status: F.status("1990-05-14", 80, today: "2026-11-22"), marks: [])
        // Current index 1899: boundaries 52·1 … 52·36 = 1,872 (52·37 = 1,924 > 1,899).
        #expect(plan.yearBoundaries.count == 36)
        #expect(plan.yearBoundaries.first == 52)
        #expect(plan.yearBoundaries.last == 1872)
        #expect(plan.currentWeekIndex == 1899)
    }
}
