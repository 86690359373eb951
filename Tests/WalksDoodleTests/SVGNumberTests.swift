// The doodles' numbers are written as bytes (SVGBytes, PERF-4) and must be the
// bytes LifeCore's Format.fixed gives (SPEC WALK-6: the same bytes on every
// platform; the golden files were made with Format.fixed).

import LifeCore
import Testing

@testable import Walks

@Suite struct SVGNumberTests {
    /// Values worked out by hand: half away from zero, a negative that rounds
    /// to zero loses its sign, decimals padded with zeros.
    @Test(arguments: [
        (0.0, 1, "0.0"), (-0.0, 1, "0.0"), (0.05, 1, "0.1"), (-0.04, 1, "0.0"), (-0.05, 1, "-0.1"),
        (9.95, 1, "10.0"), (471.04, 1, "471.0"), (512, 1, "512.0"), (0.7, 2, "0.70"), (2.005, 2, "2.01"),
        (3.999, 2, "4.00"), (123_456_789_012.3, 1, "123456789012.3"), (7.5, 0, "8"), (1_000_000, 1, "1000000.0"),
    ])
    func writesTheDigitsByHand(value: Double, decimals: Int, expected: String) {
        #expect(SVGNumber.text(value, decimals: decimals) == expected)
    }

    /// Non-finite and huge values (only from a caller's own size) are 0.
    @Test func nonFiniteIsZero() {
        #expect(SVGNumber.text(.infinity, decimals: 1) == "0")
        #expect(SVGNumber.text(.nan, decimals: 2) == "0")
        #expect(SVGNumber.text(2e12, decimals: 1) == "0")
    }

    /// 20,000 seeded values across the doodles' range, each beside Format.fixed.
    @Test func agreesWithFormatFixed() {
        var random = SplitMix64(state: 42)
        var written = SVGBytes()
        var expected = ""
        for index in 0..<20_000 {
            let value = (random.unit() - 0.3) * (index % 2 == 0 ? 1_000 : 3)
            let decimals = index % 3
            SVGNumber.append(value, decimals: decimals, to: &written)
            written.append(" ")
            expected += Format.fixed(value, decimals: decimals) + " "
        }
        #expect(written.text == expected)
    }
}
