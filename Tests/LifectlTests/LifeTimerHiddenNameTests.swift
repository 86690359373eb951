import Foundation
import LifeKitTestSupport
import Testing

/// LT-6, REL-6 (issue 17 item 4): the commands that name another account —
/// `follow`, `unfollow`, `block`, `unblock`, `report` — answer for an account
/// the viewer cannot see exactly as for a name no account has: the same
/// words (but the name), the same exit status, and afterwards the same
/// answers to every read the viewer can make. (Before, `unfollow` and
/// `unblock` told them apart on every probe.)
///
/// The viewer, vee, cannot see: hidprv (private; vee followed it while it was
/// public), hidsus (public, suspended), hidbyv (private, blocked by vee) and hidblv
/// (public, blocking vee). `nobody` is no account. Each probe runs on a copy
/// of the same database for the hidden name and for `nobody`.
@Suite(.tags(.endToEnd)) struct LifeTimerHiddenNameTests {
    static let hidden = ["hidprv", "hidsus", "hidbyv", "hidblv"]
    static let missing = "nobody"

    /// The database every probe starts from, made once.
    static let world: Result<Lifectl, any Error> = Result {
        let cli = try Lifectl()
        let steps: [[String]] = [
            ["account", "create", "own"],
            ["account", "create", "vee", "--visibility", "public"],
            ["account", "create", "hidprv", "--visibility", "public"],
            ["account", "create", "hidsus", "--visibility", "public"],
            ["account", "create", "hidbyv"],
            ["account", "create", "hidblv", "--visibility", "public"],
            ["follow", "hidprv", "--as", "vee"],
            ["account", "edit", "--visibility", "private", "--as", "hidprv"],
            ["admin", "suspend", "hidsus", "--reason", "spam"],
            ["block", "hidbyv", "--as", "vee"],
            ["block", "vee", "--as", "hidblv"],
        ]
        let goals = (["vee"] + hidden).map { ["goal", "add", "Sail with \($0)", "--as", $0] }
        for step in steps.prefix(6) + goals + steps.dropFirst(6) {
            let result = try cli.run(["lifetimer"] + step)
            guard result.status == 0 else { throw Failure(description: "\(step): \(result.stderr)") }
        }
        return cli
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A sandbox holding a copy of the world's database.
    static func copy() throws -> Lifectl {
        let world = try Self.world.get()
        let cli = try Lifectl()
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: world.databasePath + suffix) {
            try FileManager.default.copyItem(atPath: world.databasePath + suffix, toPath: cli.databasePath + suffix)
        }
        return cli
    }

    /// What vee can observe afterwards, with `name` as the name probed.
    static func observed(_ cli: Lifectl, name: String) throws -> [String] {
        // The viewer's own record (last active), whom it follows, its profile
        // (follower counts), the name's profile, and the words it can find.
        let reads: [[String]] = [
            ["lifetimer", "account", "show", "--json"], ["lifetimer", "following", "--json"],
            ["lifetimer", "profile", "--json"], ["lifetimer", "profile", name], ["search", "Sail", "--json"],
        ]
        return try reads.map { read in
            let result = try cli.run(read + ["--as", "vee"])
            return "\(result.status) \(result.stdout) \(result.stderr)".replacingOccurrences(of: name, with: "NAME")
        }
    }

    @Test(arguments: [
        (["follow"], 64, "", "error: no account named 'NAME' that you can see\n"),
        (["unfollow"], 64, "", "error: no account named 'NAME' that you can see\n"),
        (
            ["block"], 0,
            "No account named 'NAME' is visible to you; if one has that name, it is blocked now, and you and it no longer see each other.\n",
            ""
        ),
        (
            ["block", "--json"], 0,
            "{\n  \"account\" : \"NAME\",\n  \"action\" : \"block\",\n  \"changed\" : false\n}\n", ""
        ),
        (
            ["unblock"], 0,
            "No account named 'NAME' is visible to you; if you had blocked one by that name, the block is lifted.\n", ""
        ),
        (
            ["unblock", "--json"], 0,
            "{\n  \"account\" : \"NAME\",\n  \"action\" : \"unblock\",\n  \"changed\" : false\n}\n", ""
        ),
        (["report", "account"], 64, "", "error: no account named 'NAME' that you can see\n"),
    ])
    func aHiddenAccountAnswersAsAMissingName(command: [String], status: Int32, stdout: String, stderr: String) throws {
        for name in Self.hidden {
            var answers: [String] = []
            var afterwards: [[String]] = []
            for probe in [name, Self.missing] {
                let cli = try Self.copy()
                var arguments = ["lifetimer"] + command
                let json = arguments.contains("--json")
                arguments.removeAll { $0 == "--json" }
                arguments += [probe, "--as", "vee"] + (json ? ["--json"] : [])
                if command.first == "report" { arguments += ["--reason", "spam"] }
                let result = try cli.run(arguments)
                #expect(result.status == status, "\(arguments): \(result.stderr)")
                let answer = (result.stdout + "|" + result.stderr).replacingOccurrences(of: probe, with: "NAME")
                #expect(answer == stdout + "|" + stderr, "\(arguments)")
                answers.append(answer)
                // What the viewer sees afterwards (the same after the --json form).
                if !json { afterwards.append(try Self.observed(cli, name: probe)) }
            }
            #expect(answers[0] == answers[1], "\(command) \(name)")
            #expect(afterwards.first == afterwards.last, "what vee sees after \(command) \(name)")
        }
    }

    /// What the neutral answers stand for: a block of a hidden account is
    /// stored (each is hidden from the other, follows end), an unblock
    /// lifts it; a missing name stores nothing.
    @Test func aBlockOfAHiddenAccountIsStoredAndLifted() throws {
        let cli = try Self.copy()
        #expect(try cli.run("db", "check").status == 0)
        let blocks =
            "SELECT count(*) FROM lifetimer_blocks b JOIN lifetimer_accounts a ON a.id = b.blocker_id WHERE a.username = 'vee'"
        #expect(try cli.sqlite(blocks) == "1")
        #expect(try cli.run("lifetimer", "block", "hidprv", "--as", "vee").status == 0)
        #expect(try cli.sqlite(blocks) == "2")
        // The follow of hidprv made while it was public ends with the block.
        #expect(try cli.sqlite("SELECT count(*) FROM lifetimer_follows") == "0")
        #expect(try cli.run("lifetimer", "block", "nobody", "--as", "vee").status == 0)
        #expect(try cli.sqlite(blocks) == "2")
        #expect(try cli.run("lifetimer", "unblock", "hidbyv", "--as", "vee").status == 0)
        #expect(try cli.run("lifetimer", "unblock", "hidprv", "--as", "vee").status == 0)
        #expect(try cli.sqlite(blocks) == "0")
        // An account vee can see has no block of vee's to lift: that is said.
        try TimelineCommandTests.ok(cli, "lifetimer", "account", "create", "pub", "--visibility", "public")
        let visible = try cli.run("lifetimer", "unblock", "pub", "--as", "vee")
        #expect(visible.status == 64)
        #expect(visible.stderr == "error: you have not blocked 'pub'\n")
        let blocked = try cli.run("lifetimer", "block", "pub", "--as", "vee", "--json")
        #expect(blocked.stdout == "{\n  \"account\" : \"pub\",\n  \"action\" : \"block\",\n  \"changed\" : true\n}\n")
        #expect(try cli.run("db", "check").status == 0)
    }
}
