import LifeCore
import Testing
import Walks

/// WALK-3's display rules, worked out by hand.
@Suite struct WalkFormattingTests {
    @Test(arguments: [
        (5_249.0, Units.metric, "5.2 km"), (5_250.0, .metric, "5.3 km"), (0, .metric, "0.0 km"),
        // 1 mi = 1,609.344 m: 5,000 m = 3.107 mi.
        (5_000, .imperial, "3.1 mi"), (1_609.344, .imperial, "1.0 mi"),
    ])
    func distance(meters: Double, units: Units, text: String) {
        #expect(WalkFormatting.distance(meters, units: units) == text)
    }

    @Test(arguments: [(0.0, "0:00:00"), (59.5, "0:01:00"), (3_733, "1:02:13"), (36_000, "10:00:00")])
    func duration(seconds: Double, text: String) {
        #expect(WalkFormatting.duration(seconds) == text)
    }

    @Test(arguments: [(718.0, "11:58"), (59.4, "0:59"), (600, "10:00")])
    func minutesSeconds(seconds: Double, text: String) {
        #expect(WalkFormatting.minutesSeconds(seconds) == text)
    }

    /// 502.3 m = 1,647.97 ft.
    @Test func elevationIsGrouped() {
        #expect(WalkFormatting.elevation(502.3, units: .imperial) == "1,648 ft")
        #expect(WalkFormatting.elevation(1_234.4, units: .metric) == "1,234 m")
    }
}
