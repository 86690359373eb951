import Foundation
import LifeKitTestSupport
import Testing

/// One JSON casing and shape (CORE-13; docs/json.md, "Changes"): every
/// command that takes `--json` is run on a database where every product is
/// in use, and every key of every document must be lowerCamelCase with `Id`
/// (`walkId`, never `walk_id` nor `walkID`), a key naming a product must be
/// its command's name (`dailymenu`), and the top level must be an object
/// (`{"goals": [...]}`, never a bare array).
@Suite(.tags(.endToEnd)) struct JSONShapeTests {
    /// Commands whose `--json` is no JSON answer of theirs, with the reason.
    static let notJSON: [String: String] = [
        // A group: its `--json` is passed on to the subcommand it names.
        "lifetimer": "a group",
        // `--json FILE` names the export's file: the data format, whose keys
        // are table and column names that `import` reads back (docs/json.md).
        "export": "the data format",
        // They run on the PostgreSQL server (ServerCommandTests cover them).
        "lifetimer publish": "server", "lifetimer unpublish": "server", "server migrate": "server",
        "server status": "server",
        // `login --status` asks the service (the tour's service chapter runs it).
        "login": "the service",
    ]

    /// The walk: each step's arguments, run in order in one sandbox. `{DIR}`
    /// is the sandbox, `{WALK}` and the others the ids the database holds by then.
    static let steps: [[String]] = [
        ["db", "init", "--json"], ["db", "migrate", "--json"],
        ["settings", "set", "--time-zone", "Europe/Berlin", "--json"], ["settings", "show", "--json"],
        ["finite", "setup", "--birthday", "1990-01-01", "--json"], ["finite", "status", "--json"],
        ["finite", "mark", "1900", "--rating", "4", "--category", "rest", "--phrase", "a quiet week", "--json"],
        ["finite", "mark", "1901", "--rating", "3", "--json"], ["finite", "unmark", "1901", "--json"],
        ["finite", "show", "1900", "--json"], ["finite", "grid", "--json"],
        ["finite", "grid", "--svg", "{DIR}/grid.svg", "--json"],
        ["finite", "phase", "add", "School", "--from", "1996-09-01", "--to", "2008-07-31", "--json"],
        ["finite", "phase", "list", "--json"], ["finite", "phase", "edit", "school", "--to", "2008-06-30", "--json"],
        ["finite", "phase", "add", "Uni", "--from", "2009-09-01", "--to", "2012-07-31", "--json"],
        ["finite", "phase", "delete", "uni", "--json"], ["finite", "settings", "--json"],
        ["finite", "notifications", "--json"], ["finite", "widget", "--json"], ["finite", "reveal", "--json"],
        ["lifetimer", "account", "create", "owner", "--json"],
        ["lifetimer", "account", "create", "friend", "--visibility", "public", "--json"],
        ["lifetimer", "account", "create", "bob", "--visibility", "public", "--json"],
        ["lifetimer", "account", "show", "--json"], ["lifetimer", "account", "edit", "--bio", "Counting", "--json"],
        ["lifetimer", "account", "link", "google", "108251234567890", "--json"],
        ["lifetimer", "account", "link", "apple", "001234.abc", "--json"],
        ["lifetimer", "account", "unlink", "google", "108251234567890", "--json"],
        ["lifetimer", "goal", "add", "Learn to swim", "--description", "pool", "--json"],
        ["lifetimer", "goal", "add", "Second", "--json"], ["lifetimer", "goal", "list", "--json"],
        ["lifetimer", "goal", "edit", "1", "--description", "Sub-4 hours", "--json"],
        ["lifetimer", "goal", "complete", "2", "--json"], ["lifetimer", "goal", "reopen", "2", "--json"],
        ["lifetimer", "goal", "delete", "2", "--json"],
        ["lifetimer", "milestone", "add", "1", "First lap", "--due", "2027-04-01", "--visibility", "public", "--json"],
        ["lifetimer", "milestone", "add", "1", "Second lap", "--json"],
        ["lifetimer", "milestone", "edit", "1.1", "--due", "2027-05-01", "--json"],
        ["lifetimer", "start", "--json"], ["lifetimer", "milestone", "complete", "1.1", "--json"],
        ["lifetimer", "milestone", "reopen", "1.1", "--json"], ["lifetimer", "milestone", "complete", "1.1", "--json"],
        ["lifetimer", "milestone", "delete", "1.2", "--json"], ["lifetimer", "countdown", "--json"],
        ["lifetimer", "countdown", "--svg", "{DIR}/ring.svg", "--json"], ["lifetimer", "progress", "--json"],
        ["lifetimer", "--as", "friend", "goal", "add", "Friend goal"],
        ["lifetimer", "--as", "friend", "milestone", "add", "1", "Friend step", "--visibility", "public"],
        ["lifetimer", "--as", "friend", "start"], ["lifetimer", "--as", "friend", "milestone", "complete", "1.1"],
        ["lifetimer", "follow", "friend", "--json"], ["lifetimer", "follow", "bob", "--json"],
        ["lifetimer", "unfollow", "bob", "--json"], ["lifetimer", "block", "bob", "--json"],
        ["lifetimer", "unblock", "bob", "--json"], ["lifetimer", "followers", "friend", "--json"],
        ["lifetimer", "following", "--json"], ["lifetimer", "profile", "friend", "--json"],
        ["lifetimer", "feed", "--json"], ["lifetimer", "leaderboard", "streaks", "--json"],
        ["lifetimer", "leaderboard", "goals", "--json"], ["lifetimer", "search", "fri", "--json"],
        ["lifetimer", "report", "account", "bob", "--reason", "spam", "--json"],
        ["lifetimer", "admin", "grant", "owner", "--json"], ["lifetimer", "admin", "reports", "--json"],
        ["lifetimer", "admin", "resolve", "{REPORT}", "dismiss", "--reason", "fine", "--json"],
        ["lifetimer", "admin", "decisions", "--json"],
        ["lifetimer", "admin", "suspend", "bob", "--reason", "spam", "--json"],
        ["lifetimer", "admin", "unsuspend", "bob", "--json"], ["lifetimer", "notifications", "--json"],
        ["lifetimer", "settings", "--json"], ["lifetimer", "about", "--json"],
        ["lifetimer", "--as", "bob", "account", "delete", "--yes", "--json"],
        ["walks", "import", "{DIR}/walk.gpx", "--json"], ["walks", "record", "--name", "Loop", "--json"],
        ["walks", "list", "--json"], ["walks", "show", "{WALK}", "--json"],
        ["walks", "doodle", "{WALK}", "--svg", "{DIR}/d.svg", "--json"],
        ["walks", "gallery", "--svg", "{DIR}/g.svg", "--json"],
        ["walks", "export", "{WALK}", "--gpx", "{DIR}/w1.gpx", "--json"], ["walks", "stats", "--json"],
        ["walks", "settings", "--json"], ["walks", "prune", "--before", "2026-11-21", "--dry-run", "--json"],
        ["hereafter", "onboard", "--name", "Ada", "--json"],
        [
            "hereafter", "plant", "--text", "hello later", "--at", "52.5163,13.3777", "--place", "Gate", "--unlock",
            "2026-11-25", "--json",
        ],
        ["dailymenu", "activities", "--json"],
        [
            "dailymenu", "activity", "add", "Evening pages", "--category", "create", "--energy", "low", "--minutes",
            "10", "--json",
        ],
        ["dailymenu", "activity", "edit", "Evening pages", "--minutes", "15", "--json"],
        ["dailymenu", "activity", "remove", "Evening pages", "--json"],
        ["dailymenu", "activity", "restore", "Evening pages", "--json"],
        ["dailymenu", "favorite", "box-breath", "--json"], ["dailymenu", "hide", "stair-climb", "--json"],
        ["dailymenu", "exclude", "tidy", "--json"], ["dailymenu", "menu", "--json"],
        ["dailymenu", "start", "box-breath", "--mood-before", "okay", "--json"],
        ["dailymenu", "complete", "box-breath", "--mood-after", "better", "--feedback", "loved", "--json"],
        ["dailymenu", "complete", "kitchen-dance", "--mood-after", "better", "--json"],
        ["dailymenu", "undo", "--json"], ["dailymenu", "share", "--json"], ["dailymenu", "calendar", "--json"],
        ["dailymenu", "day", "today", "--json"], ["dailymenu", "profile", "--json"], ["dailymenu", "stamps", "--json"],
        ["dailymenu", "insights", "--json"], ["dailymenu", "settings", "--json"],
        // Three days later: the note unlocks at the visit.
        ["@later"],
        ["hereafter", "visit", "--at", "52.5163,13.3777", "--json"], ["hereafter", "read", "{MESSAGE}", "--json"],
        ["hereafter", "reply", "{MESSAGE}", "--text", "You were right.", "--unlock", "+1y", "--json"],
        ["hereafter", "thread", "{MESSAGE}", "--json"],
        ["hereafter", "edit", "{REPLY}", "--text", "You were right, all of it.", "--json"],
        ["hereafter", "list", "--json"], ["hereafter", "geofences", "--at", "52.52,13.40", "--json"],
        ["hereafter", "chat", "--json"], ["hereafter", "notifications", "--json"],
        ["hereafter", "delete", "{REPLY}", "--json"],
        ["search", "ridge*", "--json"], ["today", "--json"], ["week", "--json"],
        ["calendar", "--ics", "{DIR}/c.ics", "--json"], ["stats", "--json"], ["db", "status", "--json"],
        ["db", "check", "--json"], ["db", "backup", "{DIR}/b.db", "--json"], ["db", "path", "--json"],
        ["db", "schema", "--json"], ["import", "{DIR}/walks.json", "--json"],
        ["sync", "key", "new", "{DIR}/k.key", "--json"],
        ["sync", "--dir", "{DIR}/shared", "--key", "{DIR}/k.key", "--json"],
        ["sync", "export", "--key", "{DIR}/k.key", "{DIR}/out.lcsync", "--json"],
        ["sync", "import", "--key", "{DIR}/k.key", "{DIR}/other.lcsync", "--json"],
        ["sync", "retry", "--key", "{DIR}/k.key", "--json"], ["sync", "status", "--json"],
        ["sync", "forget", "{PEER}", "--json"], ["sync", "new-id", "--json"], ["sync", "role", "server", "--json"],
        ["walks", "delete", "{WALK}", "--json"], ["walks", "prune", "--before", "2026-11-30", "--yes", "--json"],
        ["dailymenu", "delete-all", "--dry-run", "--json"], ["dailymenu", "delete-all", "--yes", "--json"],
    ]

    /// The ids a step names, read from the database when the step runs.
    static let ids: [String: String] = [
        "{WALK}": "SELECT id FROM walks ORDER BY rowid LIMIT 1",
        "{MESSAGE}": "SELECT id FROM hereafter_messages WHERE parent_id IS NULL ORDER BY rowid LIMIT 1",
        "{REPLY}": "SELECT id FROM hereafter_messages WHERE parent_id IS NOT NULL ORDER BY rowid LIMIT 1",
        "{REPORT}": "SELECT id FROM lifetimer_reports ORDER BY rowid LIMIT 1",
        "{PEER}": "SELECT hex(site) FROM sync_peer LIMIT 1",
    ]

    /// A key's name is wrong when it is not lowerCamelCase (`walk_id`,
    /// `WalkId`), spells an id `ID` (`walkID`, `messageIDs`), or names a
    /// product otherwise than its command (`dailyMenu`, `lifeTimer`).
    static func fault(of key: String) -> String? {
        let products = ["finite", "walks", "hereafter", "lifetimer", "dailymenu"]
        guard let first = key.unicodeScalars.first, ("a"..."z").contains(first),
            key.unicodeScalars.allSatisfy({
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
            })
        else { return "not lowerCamelCase" }
        if key.contains("ID") { return "an id spelt ID" }
        if products.contains(key.lowercased()) && !products.contains(key) {
            return "a product not spelt as its command"
        }
        return nil
    }

    /// Every key of `value` that breaks the rule, as `path: key (why)`.
    static func faults(in value: Any, path: String = "") -> [String] {
        if let object = value as? [String: Any] {
            return object.keys.sorted().flatMap { key -> [String] in
                let own = fault(of: key).map { ["\(path).\(key) (\($0))"] } ?? []
                return own + faults(in: object[key] as Any, path: path + "." + key)
            }
        }
        if let array = value as? [Any] { return array.flatMap { faults(in: $0, path: path + "[]") } }
        return []
    }

    @Test(
        arguments: [
            ("walkId", nil), ("walk_id", "not lowerCamelCase"), ("walkID", "an id spelt ID"),
            ("messageIDs", "an id spelt ID"), ("messageIds", nil), ("dailyMenu", "a product not spelt as its command"),
            ("lifeTimer", "a product not spelt as its command"), ("dailymenu", nil), ("WalkId", "not lowerCamelCase"),
            ("identity", nil), ("sizeBytes", nil), ("IDs", "not lowerCamelCase"),
        ] as [(String, String?)])
    func theRuleForAKey(key: String, expected: String?) {
        #expect(Self.fault(of: key) == expected)
    }

    /// The command paths of the parser's own description that take `--json`.
    static func commandsWithJSON(_ cli: Lifectl) throws -> Set<String> {
        let dump = try #require(
            try JSONSerialization.jsonObject(with: cli.run("--experimental-dump-help").stdoutData) as? [String: Any])
        var found: Set<String> = []
        func walk(_ command: [String: Any], _ path: [String]) {
            let name = command["commandName"] as? String ?? ""
            let here = path + [name]
            let arguments = command["arguments"] as? [[String: Any]] ?? []
            let takesJSON = arguments.contains { argument in
                (argument["names"] as? [[String: Any]] ?? []).contains { $0["name"] as? String == "json" }
            }
            if takesJSON { found.insert(here.dropFirst().joined(separator: " ")) }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { walk(sub, here) }
        }
        walk(try #require(dump["command"] as? [String: Any]), [])
        return found
    }

    /// The command path a step runs (`lifetimer --as friend goal add` is `lifetimer goal add`).
    static func commandPath(_ arguments: [String], among known: Set<String>) -> String {
        var words: [String] = []
        var rest = arguments[...]
        while let word = rest.first {
            rest = rest.dropFirst()
            if word == "--as" || word == "--dir" || word == "--key" {
                rest = rest.dropFirst()
                if word == "--dir" { words.append("folder") }
                continue
            }
            if word.hasPrefix("-") { continue }
            let candidate = (words + [word]).joined(separator: " ")
            if known.contains(where: { $0 == candidate || $0.hasPrefix(candidate + " ") }) {
                words.append(word)
            }
        }
        return words.joined(separator: " ")
    }

    @Test func everyJSONAnswerIsAnObjectOfLowerCamelCaseKeys() throws {
        var cli = try Lifectl(now: "2026-11-22T12:00:00Z", timeZone: "UTC")
        try Self.gpx.write(toFile: cli.path("walk.gpx"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: cli.path("shared"), withIntermediateDirectories: true)
        let known = try Self.commandsWithJSON(cli)
        var covered: Set<String> = []
        var problems: [String] = []
        for step in Self.steps {
            if step == ["@later"] {
                cli.environment["LIFECTL_NOW"] = "2026-11-25T12:00:00Z"
                continue
            }
            if step.contains("{DIR}/walks.json") {
                // What `import` reads: this database's walks, as another device would send them.
                #expect(try cli.run("export", "--json", cli.path("walks.json"), "--only", "walks").status == 0)
            }
            if step.contains("{DIR}/other.lcsync") {
                // Another device's bundle, from a database of its own.
                let other = try cli.run(
                    ["sync", "export", "--key", cli.path("k.key"), cli.path("other.lcsync")],
                    extraEnvironment: ["LIFECTL_DB": cli.path("other.db")])
                #expect(other.status == 0, "\(other.stderr)")
            }
            var arguments: [String] = []
            for word in step {
                var word = word.replacingOccurrences(of: "{DIR}", with: cli.directory.path)
                for (name, query) in Self.ids where word.contains(name) {
                    word = word.replacingOccurrences(of: name, with: try cli.sqlite(query).lowercased())
                }
                arguments.append(word)
            }
            let stdin = step.starts(with: ["walks", "record"]) ? Self.livePoints : nil
            let result = try cli.run(arguments, stdin: stdin)
            #expect(result.status == 0, "\(arguments.joined(separator: " ")): \(result.stderr)")
            guard arguments.contains("--json") else { continue }
            let command = Self.commandPath(arguments, among: known)
            covered.insert(command)
            guard let document = try? JSONSerialization.jsonObject(with: result.stdoutData) else {
                problems.append("\(command): no JSON on stdout: \(result.stdout.prefix(80))")
                continue
            }
            if !(document is [String: Any]) { problems.append("\(command): the top level is no object") }
            problems += Self.faults(in: document).map { "\(command): \($0)" }
        }
        #expect(problems == [])
        // Every command that takes --json ran here, or is named above with its reason.
        let missed = known.subtracting(covered).subtracting(Self.notJSON.keys).sorted()
        #expect(missed == [])
        #expect(covered.count > 110)
    }

    static let gpx = """
        <?xml version="1.0"?><gpx version="1.1"><trk><name>Ridge walk</name><trkseg>
        """
        + (0..<30).map {
            "<trkpt lat=\"52.\(String(format: "%04d", $0 * 10))\" lon=\"13.\(String(format: "%04d", $0 * 10))\">"
                + "<time>2026-11-20T08:\(String(format: "%02d", $0)):00Z</time></trkpt>"
        }.joined() + "</trkseg></trk></gpx>"

    /// Points for `walks record`, one a line as it reads them.
    static let livePoints =
        (0..<10).map {
            "52.\(String(format: "%04d", 5000 + $0 * 10)),13.4000,2026-11-22T11:\(String(format: "%02d", 10 + $0)):00Z"
        }.joined(separator: "\n") + "\n"
}
