import Foundation
import Hereafter
import LifeCore
import Testing

/// HA-6's ranking and diff, pure. Candidates at hand-placed positions along a
/// meridian (1° of latitude near 52° N is about 111.25 km, so 0.001° ≈ 111 m).
@Suite struct GeofenceRankingTests {
    /// 2027-03-02 00:00 UTC: the ranking compares unlock instants with it.
    static let now = Date(timeIntervalSince1970: 20_879 * 86_400)
    static func id(_ n: Int) -> UUID { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(n))) }

    static func candidate(_ n: Int, northMeters: Double, unlock: String) throws -> GeofenceRanking.Candidate {
        GeofenceRanking.Candidate(
            threadID: id(n), centre: try Coordinate(latitude: 52 + northMeters / 111_250, longitude: 13),
            placeName: nil, earliestUnlockAt: try #require(Timestamp.parseISO8601(unlock + "T00:00:00Z")),
            earliestUnlock: try #require(CivilDate(iso: unlock)))
    }

    /// HA-6 ranks by instant, not by date: a message unlocking at 12:00 UTC on
    /// the day of `now` is still upcoming at 11:59, and sorts after one
    /// unlocking at 11:00 the same day.
    @Test func theInstantDecidesNotTheDate() throws {
        let here = try Coordinate(latitude: 52, longitude: 13)
        func candidate(_ n: Int, _ instant: String) throws -> GeofenceRanking.Candidate {
            GeofenceRanking.Candidate(
                threadID: Self.id(n), centre: here, placeName: nil,
                earliestUnlockAt: try #require(Timestamp.parseISO8601(instant)),
                earliestUnlock: try #require(CivilDate(iso: "2027-03-02")))
        }
        let noon = try candidate(1, "2027-03-02T12:00:00Z")
        let eleven = try candidate(2, "2027-03-02T11:00:00Z")
        let before = try #require(Timestamp.parseISO8601("2027-03-02T10:59:59.999Z"))
        let ranked = GeofenceRanking.rank([noon, eleven], from: here, now: before)
        #expect(ranked.map(\.threadID) == [Self.id(2), Self.id(1)])
        #expect(ranked.map(\.reason) == [.upcoming, .upcoming])
        let between = try #require(Timestamp.parseISO8601("2027-03-02T11:00:00Z"))
        #expect(
            GeofenceRanking.rank([noon, eleven], from: here, now: between).map(\.reason) == [.discoverable, .upcoming])
    }

    @Test func discoverableFirstThenUnlockDateThenDistance() throws {
        let here = try Coordinate(latitude: 52, longitude: 13)
        let candidates = [
            try Self.candidate(1, northMeters: 500, unlock: "2027-06-01"),  // upcoming, later date
            try Self.candidate(2, northMeters: 5_000, unlock: "2027-04-01"),  // upcoming, sooner date, farther
            try Self.candidate(3, northMeters: 8_000, unlock: "2027-03-01"),  // discoverable, far
            try Self.candidate(4, northMeters: 2_000, unlock: "2026-12-01"),  // discoverable, near
            try Self.candidate(5, northMeters: 300, unlock: "2027-06-01"),  // upcoming, same date as 1, nearer
            try Self.candidate(6, northMeters: 12_000, unlock: "2026-12-01"),  // beyond 10 km: not a candidate
        ]
        let ranked = GeofenceRanking.rank(candidates, from: here, now: Self.now)
        #expect(ranked.map(\.threadID) == [Self.id(4), Self.id(3), Self.id(2), Self.id(5), Self.id(1)])
        #expect(ranked.map(\.reason) == [.discoverable, .discoverable, .upcoming, .upcoming, .upcoming])
        #expect(ranked.allSatisfy { $0.radiusMeters == 150 })
    }

    /// Ties (PERF-6 sorts keys, not regions; the order must stay HA-6's):
    /// at one place, discoverable threads tie whatever their unlock instants,
    /// upcoming ones with the same instant tie, and the id's text decides,
    /// "…0C" < "…5A" < "…B0", whatever the order they came in.
    @Test func tiesAreBrokenByTheIDsText() throws {
        let here = try Coordinate(latitude: 52, longitude: 13)
        let candidates = [
            try Self.candidate(0xB0, northMeters: 400, unlock: "2026-12-01"),  // discoverable
            try Self.candidate(0x5A, northMeters: 400, unlock: "2027-05-01"),  // upcoming
            try Self.candidate(0x0C, northMeters: 400, unlock: "2027-01-01"),  // discoverable, later instant
            try Self.candidate(0x0B, northMeters: 400, unlock: "2027-05-01"),  // upcoming, same instant as 0x5A
            try Self.candidate(0x01, northMeters: 399, unlock: "2027-05-01"),  // upcoming, a metre nearer
        ]
        let ranked = GeofenceRanking.rank(candidates, from: here, now: Self.now)
        #expect(ranked.map(\.threadID) == [0x0C, 0xB0, 0x01, 0x0B, 0x5A].map(Self.id))
        #expect(ranked.map(\.reason) == [.discoverable, .discoverable, .upcoming, .upcoming, .upcoming])
    }

    @Test func atMostTwentyAndTheDiff() throws {
        let here = try Coordinate(latitude: 52, longitude: 13)
        // 30 upcoming threads 100 m apart, all unlocking the same day: the 20 nearest win.
        let candidates = try (1...30).map {
            try Self.candidate($0, northMeters: Double($0) * 100, unlock: "2027-05-01")
        }
        let ranked = GeofenceRanking.rank(candidates, from: here, now: Self.now)
        #expect(ranked.map(\.threadID) == (1...20).map(Self.id))
        let previous = [Self.id(25), Self.id(3), Self.id(1), Self.id(26), Self.id(25)]
        let plan = GeofenceRanking.plan(ranked, previous: previous)
        #expect(plan.added == ([2] + Array(4...20)).map(Self.id))
        #expect(plan.removed == [Self.id(25), Self.id(26)])
    }
}
