import Foundation
import LifeKitTestSupport
import Testing

/// End-to-end: `lifectl search` (issue 13) over the built binary.
@Suite(.tags(.endToEnd)) struct SearchCommandTests {
    static let gate = "52.5163,13.3777"

    static func ok(_ cli: Lifectl, _ arguments: String...) throws {
        let result = try cli.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }

    /// HA-3, REL-6: a word only in locked text gives the same bytes and exit
    /// status as a word found nowhere, text and --json; after discovery it is found.
    @Test func aLockedWordAnswersExactlyLikeAWordFoundNowhere() throws {
        let cli = try Lifectl()
        try Self.ok(cli, "hereafter", "onboard", "--name", "Ada")
        try Self.ok(
            cli, "hereafter", "plant", "--text", "The quokkaquest begins", "--at", Self.gate, "--unlock", "2027-03-01")
        try Self.ok(cli, "finite", "setup", "--birthday", "1990-05-01")
        try Self.ok(cli, "finite", "mark", "--rating", "4", "--phrase", "A quiet week")
        for extra in [[], ["--json"], ["--as", "nobody"]] {
            let locked = try cli.run(["search", "quokkaquest"] + extra)
            let nowhere = try cli.run(["search", "zzyzxnothing"] + extra)
            #expect(locked.stdout == nowhere.stdout)
            #expect(locked.stderr == nowhere.stderr)
            #expect(locked.status == nowhere.status)
            let lockedPrefix = try cli.run(["search", "quokka*"] + extra)
            #expect(lockedPrefix.stdout == nowhere.stdout && lockedPrefix.status == nowhere.status)
        }
        #expect(try cli.run("search", "quokkaquest").stdout == "No matches.\n")
        var later = cli
        later.environment["LIFECTL_NOW"] = "2027-03-01T10:00:00Z"
        try Self.ok(later, "hereafter", "visit", "--at", Self.gate)
        let found = try later.run("search", "quokka*", "--json")
        #expect(found.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [String: Any])
        #expect(document["count"] as? Int == 1)
        let hit = try #require((document["hits"] as? [[String: Any]])?.first)
        #expect(hit["product"] as? String == "hereafter")
        #expect(hit["text"] as? String == "The quokkaquest begins")
        let quiet = try later.run("search", "QUIET")
        #expect(quiet.status == 0)
        #expect(quiet.stdout.hasPrefix("finite  week phrase  "))
        #expect(quiet.stdout.hasSuffix("  A quiet week\n"))
    }

    /// Query syntax a person can get wrong is a usage error (64) with a
    /// sentence, never an FTS5 error or a bug (70); operators are plain words.
    @Test func badQueriesAreUsageErrorsAndOperatorsArePlainWords() throws {
        let cli = try Lifectl()
        try Self.ok(cli, "finite", "setup", "--birthday", "1990-05-01")
        try Self.ok(cli, "finite", "mark", "--rating", "4", "--phrase", "NEAR the sea-side (again)")
        for words in [[#""unclosed"#], ["*"], ["wa*lk"], []] {
            let result = try cli.run(["search"] + words)
            #expect(result.status == 64, "\(words): \(result.stderr)")
            #expect(result.stderr.hasPrefix("error: "), "\(words): \(result.stderr)")
            #expect(!result.stderr.contains("fts5"), "\(words): \(result.stderr)")
        }
        for words in [["NEAR(sea"], ["sea-side"], ["again)"], ["body:sea"], ["^sea"], ["OR"], ["AND", "NOT"]] {
            let result = try cli.run(["search"] + words)
            #expect(result.status == 0, "\(words): \(result.stderr)")
        }
        #expect(try cli.run("search", "sea-side").stdout.contains("NEAR the sea-side (again)"))
    }

    /// LT-6 for --as: the owner's own descriptions and private milestones,
    /// another public account's titles and public milestones, a private one's nothing.
    @Test func lifeTimerHitsFollowTheActingAccount() throws {
        let cli = try Lifectl()
        try Self.ok(cli, "lifetimer", "account", "create", "ada")
        try Self.ok(cli, "lifetimer", "account", "create", "bob", "--visibility", "public")
        try Self.ok(cli, "lifetimer", "goal", "add", "Kayak fjord", "--description", "fjord plan private")
        try Self.ok(cli, "lifetimer", "milestone", "add", "1", "fjord hidden step")
        try Self.ok(cli, "lifetimer", "goal", "add", "Swim fjord", "--as", "bob")
        try Self.ok(
            cli, "lifetimer", "milestone", "add", "1", "fjord open step", "--visibility", "public", "--as", "bob")
        let owner = try cli.run("search", "fjord", "--json")
        let asBob = try cli.run("search", "fjord", "--json", "--as", "bob")
        func texts(_ result: Lifectl.Result) throws -> Set<String> {
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            return Set((document["hits"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String })
        }
        #expect(
            try texts(owner) == [
                "Kayak fjord", "fjord plan private", "fjord hidden step", "Swim fjord", "fjord open step",
            ])
        #expect(try texts(asBob) == ["Swim fjord", "fjord open step"])
        let unknown = try cli.run("search", "fjord", "--as", "nobody")
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("--as"))
    }
}
