import Foundation
import LifeKitTestSupport
import Testing

/// End-to-end: `lifectl calendar --ics` (issue 13): RFC 5545 as a real
/// parser reads it (Python's icalendar), stable UIDs, no locked word.
@Suite(.tags(.endToEnd)) struct CalendarCommandTests {
    /// The package root, from this file's place (Tests/LifectlTests/…).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func theScheduleIsValidICalendarWithStableUIDs() throws {
        let cli = try TimelineCommandTests.week()
        let first = try cli.run("calendar", "--ics", cli.path("a.ics"), "--days", "5")
        #expect(first.status == 0, "\(first.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: cli.path("a.ics")))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains(TimelineCommandTests.secret))
        // CRLF everywhere, no line over 75 octets.
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.last == "")
        for line in lines {
            #expect(!line.contains("\n") && !line.contains("\r"))
            #expect(line.utf8.count <= 75, "\(line)")
        }
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        // 2026-11-18 … 2026-11-22: five Finite daily notes at 08:00, the 5k
        // milestone due on Friday, the Gate note unlocking Saturday 00:00 UTC.
        let uids = unfolded.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }
        #expect(uids.count == 7)
        #expect(Set(uids).count == 7)
        #expect(uids.filter { $0.hasPrefix("UID:finite-daily-") }.count == 5)
        #expect(
            unfolded.contains(
                "DTSTART:20261121T000000Z\r\nDTEND:20261121T001500Z\r\nSUMMARY:A Hereafter note unlocks\r\nLOCATION:Gate\r\n"
            ))
        #expect(unfolded.contains("SUMMARY:LifeTimer milestone\r\nDESCRIPTION:Milestone due today: 5k\r\n"))
        // A day later the events still ahead keep their UIDs.
        var later = cli
        later.environment["LIFECTL_NOW"] = "2026-11-19T12:00:00Z"
        #expect(try later.run("calendar", "--ics", cli.path("b.ics"), "--days", "4").status == 0)
        let laterUIDs = try String(contentsOfFile: cli.path("b.ics"), encoding: .utf8)
            .replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }
        #expect(Set(laterUIDs) == Set(uids.filter { !$0.contains("2026-11-18") }))
        try Self.parse(cli.path("a.ics"), expecting: 7)
    }

    @Test func badDaysAreAUsageError() throws {
        let cli = try Lifectl()
        #expect(try cli.run("db", "init").status == 0)
        for days in ["0", "367", "x"] {
            let result = try cli.run("calendar", "--ics", cli.path("c.ics"), "--days", days)
            #expect(result.status == 64, "\(days): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: cli.path("c.ics")))
        }
    }

    /// Reads the file with Python's icalendar, from the venv `scripts/test`
    /// sets up before the tests (`ensure_ics_oracle`): no test reaches the
    /// network. Without it the check fails and says how to get it.
    static func parse(_ path: String, expecting count: Int) throws {
        let venvPython = root.appendingPathComponent(".build/ics-venv/bin/python3").path
        guard FileManager.default.isExecutableFile(atPath: venvPython),
            try run(venvPython, ["-c", "import icalendar"]) == 0
        else {
            Issue.record(
                "the icalendar oracle is missing: run scripts/test, which installs it in .build/ics-venv (python3 -m venv .build/ics-venv && .build/ics-venv/bin/pip install icalendar)"
            )
            return
        }
        let script = """
            import sys, icalendar
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            events = cal.walk('VEVENT')
            assert len(events) == int(sys.argv[2]), len(events)
            for e in events:
                assert e.decoded('DTSTART').tzinfo is not None
                assert e.decoded('DTEND') > e.decoded('DTSTART')
                assert str(e['UID']).endswith('@lifectl')
            """
        #expect(try run(venvPython, ["-c", script, path, String(count)]) == 0)
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
