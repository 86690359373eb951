import Foundation
import Hereafter
import LifeCore
import Testing

/// The rules planting, replying, importing and `db check` share
/// (`HereafterRules`), table-driven at their edges (SPEC HA-2, HA-3).
@Suite struct HereafterRulesTests {
    static func instant(_ iso: String) throws -> Date { try #require(Timestamp.parseISO8601(iso)) }
    static func date(_ iso: String) throws -> CivilDate { try #require(CivilDate(iso: iso)) }

    /// 2027-03-01 starts at 2027-02-28T10:00Z on Kiritimati (UTC+14) and at
    /// 2027-03-01T12:00Z at UTC−12; an hour more each way is allowed for a
    /// midnight skipped by a clock change. Beyond that the instant is not
    /// the start of the date anywhere.
    @Test(arguments: [
        ("2027-02-28T08:59:59.999Z", false), ("2027-02-28T09:00:00Z", true), ("2027-02-28T10:00:00Z", true),
        ("2027-03-01T00:00:00Z", true), ("2027-03-01T12:00:00Z", true), ("2027-03-01T13:00:00Z", true),
        ("2027-03-01T13:00:00.001Z", false), ("2026-11-01T00:00:00Z", false), ("2028-03-01T00:00:00Z", false),
    ])
    func anUnlockInstantStartsItsDateInSomeZone(unlockAt: String, holds: Bool) throws {
        let check = {
            try HereafterRules.checkLock(
                plantedOn: try Self.date("2026-11-22"), createdAt: try Self.instant("2026-11-22T12:00:00Z"),
                unlockDate: try Self.date("2027-03-01"), unlockAt: try Self.instant(unlockAt))
        }
        if holds {
            try check()
        } else {
            let error = try #require(throws: LifeError.self, performing: check)
            #expect(error.field == "unlock_at")
            #expect(error.message.hasSuffix("which is not the start of the unlock date 2027-03-01 in any time zone"))
        }
    }

    /// A note planted on 2026-11-22 was written on that day somewhere: from
    /// 2026-11-21T09:00Z (UTC+14, an hour more) to before 2026-11-23T13:00Z.
    @Test(arguments: [
        ("2026-11-21T08:59:59.999Z", false), ("2026-11-21T09:00:00Z", true), ("2026-11-22T23:59:59Z", true),
        ("2026-11-23T12:59:59.999Z", true), ("2026-11-23T13:00:00Z", false), ("2020-01-01T00:00:00Z", false),
    ])
    func aPlantedDateIsTheDayOfPlantingInSomeZone(createdAt: String, holds: Bool) throws {
        let check = {
            try HereafterRules.checkLock(
                plantedOn: try Self.date("2026-11-22"), createdAt: try Self.instant(createdAt),
                unlockDate: try Self.date("2027-03-01"), unlockAt: try Self.instant("2027-03-01T00:00:00Z"))
        }
        if holds {
            try check()
        } else {
            let error = try #require(throws: LifeError.self, performing: check)
            #expect(error.field == "planted_on")
        }
    }

    /// A date without an instant, or an instant without a date, is no lock;
    /// neither is a reply's (born discovered), which has neither.
    @Test func aLockIsADateAndAnInstantOrNeither() throws {
        let planted = try Self.date("2026-11-22")
        let created = try Self.instant("2026-11-22T12:00:00Z")
        try HereafterRules.checkLock(plantedOn: planted, createdAt: created, unlockDate: nil, unlockAt: nil)
        #expect(throws: LifeError.self) {
            try HereafterRules.checkLock(
                plantedOn: planted, createdAt: created, unlockDate: try Self.date("2027-03-01"), unlockAt: nil)
        }
        #expect(throws: LifeError.self) {
            try HereafterRules.checkLock(
                plantedOn: planted, createdAt: created, unlockDate: nil,
                unlockAt: try Self.instant("2027-03-01T00:00:00Z"))
        }
    }

    /// A stored photo is of the type it declares, by content, within 10 MB.
    @Test func aStoredPhotoIsOfItsDeclaredType() throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        try HereafterRules.checkStoredPhoto(png, declared: "image/png")
        let jpeg = try #require(throws: LifeError.self) {
            try HereafterRules.checkStoredPhoto(png, declared: "image/jpeg")
        }
        #expect(jpeg.message == "declared image/jpeg but its bytes are image/png (columns media_type, bytes)")
        let text = try #require(throws: LifeError.self) {
            try HereafterRules.checkStoredPhoto(Data("hello".utf8), declared: "image/png")
        }
        #expect(
            text.message
                == "declared image/png but its bytes are no JPEG, PNG or HEIC image (columns media_type, bytes)")
        var huge = png
        huge.append(Data(count: 10_000_000 - png.count + 1))
        let large = try #require(throws: LifeError.self) {
            try HereafterRules.checkStoredPhoto(huge, declared: "image/png")
        }
        #expect(large.message == "its bytes are 10,000,001; the limit is 10,000,000 (10 MB)")
    }

    /// Names and places are one line; the text may hold lines (CORE-9).
    @Test func namesAndPlacesAreOneLine() throws {
        #expect(try HereafterRules.firstName("  Ada ") == "Ada")
        #expect(throws: LifeError.self) { try HereafterRules.firstName("Ada\nLovelace") }
        #expect(try HereafterRules.place(" ") == nil)
        #expect(throws: LifeError.self) { try HereafterRules.place("Gate\tNorth") }
        #expect(try HereafterRules.text(" two\nlines ") == "two\nlines")
        #expect(throws: LifeError.self) { try HereafterRules.text(String(repeating: "a", count: 501)) }
    }
}
