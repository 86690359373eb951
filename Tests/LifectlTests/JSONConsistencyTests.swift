import Foundation
import LifeKitTestSupport
import Testing

/// JSON a front end matches against other JSON: ids in one case, a file's
/// path wherever `--svg` wrote one, and every note written in a week
/// (json.md's conventions; timeline.md).
@Suite(.tags(.endToEnd)) struct JSONConsistencyTests {
    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// A visit's notification names its message by the same lower-case id
    /// as the discovered message (Foundation writes a UUID in upper case).
    @Test func aVisitsNotificationUsesTheMessagesId() throws {
        let cli = try Lifectl(now: "2026-11-22T12:00:00Z")
        #expect(try cli.run("hereafter", "onboard", "--name", "Ada").status == 0)
        #expect(
            try cli.run("hereafter", "plant", "--text", "x", "--at", "52.5163,13.3777", "--unlock", "2027-03-01").status
                == 0)
        var later = cli
        later.environment["LIFECTL_NOW"] = "2027-03-01T10:00:00Z"
        let visit = try Self.object(later.run("hereafter", "visit", "--at", "52.5164,13.3779", "--json").stdout)
        let discovered = try #require((visit["discovered"] as? [[String: Any]])?.first?["id"] as? String)
        let notified = try #require((visit["notifications"] as? [[String: Any]])?.first?["messageId"] as? String)
        #expect(notified == discovered)
        #expect(notified == notified.lowercased())
        #expect(try cli.sqlite("SELECT id FROM hereafter_messages") == notified)
    }

    /// Replies written in the week are among its notes planted, a locked one
    /// with its place and unlock date only.
    @Test func aWeekListsRepliesWrittenInIt() throws {
        let cli = try Lifectl(now: "2026-11-22T12:00:00Z")
        #expect(try cli.run("hereafter", "onboard", "--name", "Ada").status == 0)
        #expect(
            try cli.run("hereafter", "plant", "--text", "Then.", "--at", "52.5163,13.3777", "--unlock", "2027-03-01")
                .status == 0)
        var later = cli
        later.environment["LIFECTL_NOW"] = "2027-03-02T12:00:00Z"
        #expect(try later.run("hereafter", "visit", "--at", "52.5163,13.3777").status == 0)
        let parent = try cli.sqlite("SELECT id FROM hereafter_messages")
        #expect(try later.run("hereafter", "reply", parent, "--text", "Now.").status == 0)
        #expect(try later.run("hereafter", "reply", parent, "--text", "Later still.", "--unlock", "+2y").status == 0)
        let week = try Self.object(later.run("week", "--json").stdout)
        let planted = try #require((week["hereafter"] as? [String: Any])?["planted"] as? [[String: Any]])
        #expect(planted.count == 2)
        #expect(planted.compactMap { $0["text"] as? String } == ["Now."])
        #expect(planted.compactMap { $0["unlockDate"] as? String } == ["2029-03-02"])
    }

    @Test func aCountdownWithSVGSaysItsFile() throws {
        let cli = try Lifectl()
        #expect(try cli.run("lifetimer", "account", "create", "dan").status == 0)
        let result = try cli.run("lifetimer", "countdown", "--svg", "ring.svg", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let object = try Self.object(result.stdout)
        #expect(object["svg"] as? String == "ring.svg")
        #expect(object["started"] as? Bool == false)
        #expect(FileManager.default.fileExists(atPath: cli.path("ring.svg")))
    }

    /// The calendar's span is the owner's days; a LifeTimer account in
    /// another zone has its reminders picked by instant within that span
    /// (Pago Pago UTC-11, the account in Kiritimati UTC+14: its 09:00 is
    /// 19:00 UTC the day before).
    @Test func aCalendarTakesAnAccountsRemindersByTheOwnersDays() throws {
        let cli = try Lifectl(now: "2026-03-04T09:00:00Z")
        #expect(try cli.run("settings", "set", "--time-zone", "Pacific/Pago_Pago").status == 0)
        #expect(try cli.run("lifetimer", "account", "create", "kiri", "--time-zone", "Pacific/Kiritimati").status == 0)
        #expect(try cli.run("lifetimer", "goal", "add", "Swim").status == 0)
        #expect(try cli.run("lifetimer", "start").status == 0)
        var later = cli
        later.environment["LIFECTL_NOW"] = "2026-03-05T15:00:00Z"  // 04:00 on the 5th in Pago Pago
        #expect(try later.run("calendar", "--ics", cli.path("c.ics"), "--days", "5").status == 0)
        let text = try String(contentsOfFile: cli.path("c.ics"), encoding: .utf8)
        let starts = text.components(separatedBy: "\r\n").filter { $0.hasPrefix("DTSTART") }
        // The span: 2026-03-05 00:00 to 2026-03-10 00:00 in Pago Pago = 11:00 UTC to 11:00 UTC.
        #expect(
            starts == [
                "DTSTART:20260305T190000Z", "DTSTART:20260306T190000Z", "DTSTART:20260307T190000Z",
                "DTSTART:20260308T190000Z", "DTSTART:20260309T190000Z",
            ], "\(starts)")
    }

    /// `week --date` takes every date form of the command line, and the
    /// notes unlocking soon come in the order they open.
    @Test func aWeekTakesDateExpressionsAndOrdersUnlocks() throws {
        let cli = try Lifectl(now: "2026-03-05T15:00:00Z")
        #expect(try cli.run("hereafter", "onboard", "--name", "Ada").status == 0)
        for day in ["2026-03-15", "2026-03-16", "2026-03-12", "2026-03-13"] {
            #expect(try cli.run("hereafter", "plant", "--text", "x", "--at", "1,1", "--unlock", day).status == 0)
        }
        let week = try Self.object(cli.run("week", "--date", "+1w", "--json").stdout)
        #expect(week["from"] as? String == "2026-03-09")
        #expect(week["through"] as? String == "2026-03-15")
        let soon = try #require((week["hereafter"] as? [String: Any])?["unlockingSoon"] as? [[String: Any]])
        #expect(
            soon.compactMap { $0["unlockDate"] as? String } == ["2026-03-12", "2026-03-13", "2026-03-15", "2026-03-16"])
        for expression in ["today", "tomorrow", "friday", "-2w", "2026-03-01T08:00"] {
            #expect(try cli.run("week", "--date", expression).status == 0, "\(expression)")
        }
    }

    /// The year 9999 is the last lifectl stores or shows: a countdown that
    /// would end after it cannot start (it hit the schema's CHECK: exit 70),
    /// and a week reaching past it is refused.
    @Test func theYear9999IsAnEdgeNotACrash() throws {
        let cli = try Lifectl(now: "9999-06-01T12:00:00Z")
        #expect(try cli.run("lifetimer", "account", "create", "dan").status == 0)
        #expect(try cli.run("lifetimer", "goal", "add", "Swim").status == 0)
        let start = try cli.run("lifetimer", "start")
        #expect(start.status == 64)
        #expect(start.stderr.contains("end after the year 9999"), "\(start.stderr)")
        let week = try cli.run("week", "--date", "9999-12-31")
        #expect(week.status == 64)
        #expect(week.stderr.contains("reaches outside the years 1–9999"), "\(week.stderr)")
        #expect(try cli.run("week", "--date", "9999-12-20").status == 0)
        #expect(try cli.run("settings", "set", "--time-zone", "UTC-0").status == 64)
        #expect(try cli.run("settings", "set", "--time-zone", "GMT-0").status == 0)
    }
}
