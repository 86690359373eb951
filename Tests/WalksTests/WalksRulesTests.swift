import Foundation
import LifeCore
import Testing
import Walks

/// The rules saving, recording, importing and `db check` share
/// (`WalksRules`), at their edges, and the display's totality (WALK-3, WALK-4).
@Suite struct WalksRulesTests {
    /// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z in ms since 1970:
    /// 719,162 days before 1970 × 86,400,000; 2,932,896 days after it, less 1 ms.
    @Test(arguments: [
        (Int64(-62_135_596_800_000), true), (-62_135_596_800_001, false), (253_402_300_799_999, true),
        (253_402_300_800_000, false), (Int64.max, false), (Int64.min, false), (0, true),
    ])
    func aPointTimeIsWithinTheYears1To9999(milliseconds: Int64, holds: Bool) throws {
        #expect(Int64(719_162) * 86_400_000 == 62_135_596_800_000)
        #expect(Int64(2_932_897) * 86_400_000 - 1 == 253_402_300_799_999)
        if holds {
            try WalksRules.checkTime(milliseconds: milliseconds, field: "time")
        } else {
            #expect(throws: LifeError.self) { try WalksRules.checkTime(milliseconds: milliseconds, field: "time") }
        }
    }

    @Test(arguments: [
        (0.0, true), (1_000_000_000.0, true), (1_000_000_000.5, false), (-0.001, false), (1e308, false),
        (Double.nan, false), (Double.infinity, false),
    ])
    func aFigureIsFiniteAndWithinItsLimit(value: Double, holds: Bool) throws {
        let check = {
            try WalksRules.checkFigure(value, column: "distance_m", limit: 1_000_000_000, unit: "metres")
        }
        if holds {
            try check()
        } else {
            let error = try #require(throws: LifeError.self, performing: check)
            #expect(error.message.hasSuffix("; it must be a finite number of metres from 0 to 1,000,000,000"))
        }
    }

    /// A live point: on the globe, at a time within the years, an elevation
    /// within −500 … 9,000 m (as a GPX file's), an accuracy of 0 m or more.
    @Test func aLivePointIsChecked() throws {
        for elevation in [-500.0, 0, 9_000] {
            try WalksRules.checkLivePoint(
                LivePoint(latitude: 0, longitude: 0, timeMilliseconds: 0, elevationMeters: elevation))
        }
        for point in [
            LivePoint(latitude: 0, longitude: 0, timeMilliseconds: Int64.max),
            LivePoint(latitude: 0, longitude: 0, timeMilliseconds: 0, elevationMeters: -500.01),
            LivePoint(latitude: 0, longitude: 0, timeMilliseconds: 0, elevationMeters: 9_000.01),
            LivePoint(latitude: 0, longitude: 0, timeMilliseconds: 0, elevationMeters: -1e6),
            LivePoint(latitude: 0, longitude: 0, timeMilliseconds: 0, accuracyMeters: -1),
            LivePoint(latitude: 90.5, longitude: 0, timeMilliseconds: 0),
        ] {
            #expect(throws: LifeError.self, "\(point)") { try WalksRules.checkLivePoint(point) }
        }
        // A CSV line gets the same rule, with its line number: 1e11 s is year 5138, -1e11 s is before year 1.
        let late = #expect(throws: LifeError.self) {
            try LivePoint.parse(csv: "0,0,-99999999999", lineNumber: 4)
        }
        #expect(late?.message.hasPrefix("line 4: time is -99999999999000 ms since 1970") == true)
    }

    /// Stored points in order of time; the point names itself by its number.
    @Test func storedLivePointsNeverGoBack() throws {
        let first = TrackPoint(latitude: 0, longitude: 0, timeMilliseconds: 1_000)
        try WalksRules.checkStoredLivePoint(first, seq: 0, after: nil)
        try WalksRules.checkStoredLivePoint(first, seq: 1, after: first)
        let back = TrackPoint(latitude: 0, longitude: 0, timeMilliseconds: 999)
        let error = #expect(throws: LifeError.self) { try WalksRules.checkStoredLivePoint(back, seq: 2, after: first) }
        #expect(
            error?.message
                == "time_ms of point 2 is 999, earlier than the point before it (1000); time may not go backwards in a walk"
        )
    }

    /// Display never traps: a figure no walk can have shows as a dash.
    @Test func formattingIsTotal() {
        for value in [Double.nan, .infinity, -.infinity, 1e308, 9.3e18, -9.3e18] {
            #expect(WalkFormatting.duration(value) == "–")
            #expect(WalkFormatting.minutesSeconds(value) == "–")
            #expect(WalkFormatting.distance(value, units: .metric) == "–")
            #expect(WalkFormatting.elevation(value, units: .imperial) == "–")
        }
        #expect(WalkFormatting.duration(3_723) == "1:02:03")
        #expect(WalkFormatting.distance(5_200, units: .metric) == "5.2 km")
    }
}
