import Foundation
import LifeCore
import Testing

@Suite struct TextRuleTests {
    @Test func limitsCountGraphemesAfterTrimming() throws {
        let emoji = String(repeating: "👨‍👩‍👧‍👦", count: 140)
        #expect(try TextRule.optional(emoji, field: "phrase", limit: 140) == emoji)
        #expect(try TextRule.optional("  \(emoji)\n", field: "phrase", limit: 140) == emoji)
        let tooLong = String(repeating: "a", count: 141)
        #expect(throws: LifeError.invalid(field: "phrase", "phrase is 141 characters; the limit is 140")) {
            try TextRule.optional(tooLong, field: "phrase", limit: 140)
        }
    }

    @Test func emptyMeansAbsentOrError() throws {
        #expect(try TextRule.optional("   \n\t", field: "phrase", limit: 10) == nil)
        #expect(throws: LifeError.self) { try TextRule.required(" ", field: "title", limit: 10) }
    }

    @Test func controlCharactersAreRefusedExceptNewlineAndTab() throws {
        #expect(try TextRule.optional("a\tb\nc", field: "note", limit: 10) == "a\tb\nc")
        let error = try #require(throws: LifeError.self) { try TextRule.optional("ab\u{0}c", field: "note", limit: 10) }
        #expect(
            error.message
                == "note contains the control character U+0000 at character 3; only newline and tab are allowed")
        #expect(throws: LifeError.self) { try TextRule.optional("a\u{7}", field: "note", limit: 10) }
        #expect(throws: LifeError.self) { try TextRule.optional("a\r\nb", field: "note", limit: 10) }
    }
}

@Suite struct DateExpressionTests {
    // 2026-11-22 is a Sunday.
    // Force-unwrapping is fine in a test fixture: the date is known to be real.
    // swift-format-ignore: NeverForceUnwrap
    let today = CivilDate(year: 2026, month: 11, day: 22)!

    @Test(arguments: [
        ("2026-03-01", "2026-03-01"), ("2026-03-01T08:00", "2026-03-01"), ("today", "2026-11-22"),
        ("Yesterday", "2026-11-21"), ("tomorrow", "2026-11-23"), ("monday", "2026-11-23"),
        ("sunday", "2026-11-29"), ("Fri", "2026-11-27"), ("+3d", "2026-11-25"), ("+2w", "2026-12-06"),
        ("+6m", "2027-05-22"), ("+1y", "2027-11-22"), ("-1w", "2026-11-15"), ("-10d", "2026-11-12"),
    ])
    func grammar(text: String, expected: String) throws {
        #expect(try DateExpression.date(text, field: "date", today: today).iso == expected)
    }

    @Test func timeOfDayIsKept() throws {
        let parsed = try DateExpression.dateTime("2026-03-01T08:05", field: "at", today: today)
        #expect(parsed.date.iso == "2026-03-01")
        #expect(parsed.time?.description == "08:05")
    }

    @Test(arguments: ["2026-02-30", "next week", "+3x", "+d", "", "2026-03-01T25:00", "funday", "2026-3-1"])
    func rejects(text: String) {
        #expect(throws: LifeError.self) { try DateExpression.date(text, field: "date", today: today) }
    }

    @Test func errorNamesTheFieldAndValue() throws {
        let error = try #require(throws: LifeError.self) {
            try DateExpression.date("2026-02-30", field: "--date", today: today)
        }
        #expect(error.message.hasPrefix("--date is '2026-02-30'; expected a real date"))
        #expect(error.exitCode == 64)
    }
}

@Suite struct TimestampTests {
    @Test func databaseFormRoundTrips() throws {
        let instant = try #require(Timestamp.parseISO8601("2026-11-22T12:00:00.123Z"))
        #expect(Timestamp.database(instant) == "2026-11-22 12:00:00.123")
        #expect(Timestamp.parseDatabase("2026-11-22 12:00:00.123") == instant)
        #expect(Timestamp.iso8601(instant) == "2026-11-22T12:00:00.123Z")
    }

    @Test func offsetsAndRefusals() throws {
        let a = try #require(Timestamp.parseISO8601("2026-11-22T13:30:00+01:30"))
        #expect(Timestamp.iso8601(a) == "2026-11-22T12:00:00Z")
        #expect(Timestamp.parseISO8601("2026-11-22T12:00:00") == nil)
        #expect(Timestamp.parseISO8601("2026-02-30T12:00:00Z") == nil)
        #expect(Timestamp.parseISO8601("yesterday") == nil)
        #expect(
            Timestamp.iso8601(try #require(Timestamp.parseISO8601("1969-12-31T23:59:59Z"))) == "1969-12-31T23:59:59Z")
    }

    @Test func clockFromEnvironment() throws {
        let clock = try Clock.fromEnvironment(["LIFECTL_NOW": "2026-11-22T12:00:00Z"])
        #expect(Timestamp.iso8601(clock.now()) == "2026-11-22T12:00:00Z")
        #expect(throws: LifeError.self) { try Clock.fromEnvironment(["LIFECTL_NOW": "noon"]) }
    }
}

@Suite struct FormatAndCoordinateTests {
    @Test(arguments: [
        (0, "0"), (999, "999"), (1000, "1,000"), (1560, "1,560"), (2_647, "2,647"), (-1_234_567, "-1,234,567"),
    ])
    func grouped(value: Int, text: String) {
        #expect(Format.grouped(value) == text)
    }

    @Test func fixedDecimals() {
        #expect(Format.fixed(45.6730, decimals: 1) == "45.7")
        #expect(Format.fixed(0.05, decimals: 1) == "0.1")
        #expect(Format.fixed(100, decimals: 1) == "100.0")
        #expect(Format.fixed(-2.25, decimals: 1) == "-2.3")
    }

    @Test func coordinates() throws {
        #expect(
            try Coordinate.parse("48.8584, 2.2945", field: "--at")
                == (try Coordinate(latitude: 48.8584, longitude: 2.2945)))
        #expect(throws: LifeError.self) { try Coordinate.parse("91,0", field: "--at") }
        #expect(throws: LifeError.self) { try Coordinate.parse("0,180.5", field: "--at") }
        #expect(throws: LifeError.self) { try Coordinate.parse("nan,0", field: "--at") }
        #expect(throws: LifeError.self) { try Coordinate.parse("1", field: "--at") }
    }
}

@Suite struct MarkupTests {
    @Test func theFiveMarkupCharactersAreEscaped() {
        #expect(
            Markup.escaped("<script>alert('x & \"y\"')</script>")
                == "&lt;script&gt;alert(&#39;x &amp; &quot;y&quot;&#39;)&lt;/script&gt;")
        #expect(Markup.escaped("Café 🚶") == "Café 🚶")
    }
}
