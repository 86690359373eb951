import Foundation
@testable import LifeKernel
import LifePages
import Testing

/// RFC 5545 §3.1 folding and §3.3.11 escaping, worked out by hand.
@Suite struct ICalendarTests {
    @Test func foldsAt75OctetsNeverInsideACharacter() {
        // 74 ASCII octets then "é" (2 octets): the é would end at octet 76, so it moves to the next line.
        let line = String(repeating: "a", count: 74) + "é" + "b"
        #expect(ICalendar.fold(line) == String(repeating: "a", count: 74) + "\r\n éb\r\n")
        #expect(ICalendar.fold(String(repeating: "x", count: 75)) == String(repeating: "x", count: 75) + "\r\n")
        // 76 octets: 75 on the first line, then a space and the last one.
        #expect(ICalendar.fold(String(repeating: "x", count: 76)) == String(repeating: "x", count: 75) + "\r\n x\r\n")
        // 150 octets: 75, then 74 after the space (75 with it), then 1.
        #expect(
            ICalendar.fold(String(repeating: "y", count: 150))
                == String(repeating: "y", count: 75) + "\r\n " + String(repeating: "y", count: 74) + "\r\n y\r\n")
    }

    @Test func escapesTextValues() {
        #expect(ICalendar.text("a;b,c\\d\ne\r\nf\u{7}g") == "a\\;b\\,c\\\\d\\ne\\nf g")
    }

    @Test func rendersAnEventInUTC() throws {
        let start = Date(timeIntervalSince1970: 1_795_219_200)  // 2026-11-21T00:00:00Z (Python datetime)
        let text = ICalendar.render(
            [CalendarEvent(uid: "u@lifectl", start: start, summary: "S", location: "Gate")],
            stamp: Date(timeIntervalSince1970: 0))
        #expect(
            text
                == [
                    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//lifectl//lifectl 0.1.0//EN", "CALSCALE:GREGORIAN",
                    "METHOD:PUBLISH", "BEGIN:VEVENT", "UID:u@lifectl", "DTSTAMP:19700101T000000Z",
                    "DTSTART:20261121T000000Z", "DTEND:20261121T001500Z", "SUMMARY:S", "LOCATION:Gate", "END:VEVENT",
                    "END:VCALENDAR", "",
                ].joined(separator: "\r\n"))
    }
}
