import ArgumentParser
import Foundation
import LifeCore
import LifeTimer

/// `lifectl lifetimer follow`: follow a public account (LT-6).
struct LifeTimerFollow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "follow", abstract: "Follow a public account: its public milestones join your feed.",
        discussion: "Example: lifectl lifetimer follow bob")

    @OptionGroup var options: LifeTimerOptions
    @Argument(help: "The username to follow.") var username: String

    func run() throws {
        let lt = try LifeTimerContext(options, server: .allowed)
        let made = try lt.socialWrite { try $0.follow(username, viewer: $1) }
        try lt.done(
            "follow", account: username, changed: made,
            made ? "Following \(username)." : "Already following \(username).")
    }
}

struct LifeTimerUnfollow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unfollow", abstract: "Stop following an account.",
        discussion: "Example: lifectl lifetimer unfollow bob")

    @OptionGroup var options: LifeTimerOptions
    @Argument(help: "The username to stop following.") var username: String

    func run() throws {
        let lt = try LifeTimerContext(options, server: .allowed)
        try lt.socialWrite { try $0.unfollow(username, viewer: $1) }
        try lt.done("unfollow", account: username, "No longer following \(username).")
    }
}

struct LifeTimerBlock: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "block",
        abstract: "Block an account: each of you disappears for the other, and follows both ways end.",
        discussion: "Example: lifectl lifetimer block bob")

    @OptionGroup var options: LifeTimerOptions
    @Argument(help: "The username to block.") var username: String

    func run() throws {
        let lt = try LifeTimerContext(options, server: .allowed)
        let seen = try lt.socialWrite { try $0.block(username, viewer: $1) }
        // A name you cannot see gets one answer, whether an account has it
        // (it is blocked now) or not: nothing tells a hidden account (LT-6).
        let name = TerminalText.echoed(username)
        try lt.done(
            "block", account: username, changed: seen,
            seen
                ? "Blocked \(name)."
                : "No account named '\(name)' is visible to you; if one has that name, it is blocked now, and you and it no longer see each other."
        )
    }
}

struct LifeTimerUnblock: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unblock", abstract: "Lift a block (follows it removed stay removed).",
        discussion: "Example: lifectl lifetimer unblock bob")

    @OptionGroup var options: LifeTimerOptions
    @Argument(help: "The username to unblock.") var username: String

    func run() throws {
        let lt = try LifeTimerContext(options, server: .allowed)
        try lt.socialWrite { try $0.unblock(username, viewer: $1) }
        // An account you blocked is hidden from you by the block itself: one
        // answer whether there was a block, a hidden account or no account.
        try lt.done(
            "unblock", account: username, changed: false,
            "No account named '\(TerminalText.echoed(username))' is visible to you; if you had blocked one by that name, the block is lifted."
        )
    }
}

struct LifeTimerFollowers: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "followers", abstract: "Who follows an account (default yours), among the accounts you can see.",
        discussion: "Example: lifectl lifetimer followers bob")

    @OptionGroup var options: LifeTimerOptions
    @Argument(help: "The username (default yours).") var username: String?
    @OptionGroup var page: PeoplePage

    func run() throws {
        let lt = try LifeTimerContext(options, server: .allowed)
        let viewer = try lt.account()
        try lt.people(
            try lt.people(followers: true, of: username, limit: page.limit, after: page.after),
            of: username ?? viewer.username, empty: "No followers you can see.")
    }
}

struct LifeTimerFollowing: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "following", abstract: "Whom an account (default yours) follows, among the accounts you can see.",
        discussion: "Example: lifectl lifetimer following")

    @OptionGroup var options: LifeTimerOptions
    @Argument(help: "The username (default yours).") var username: String?
    @OptionGroup var page: PeoplePage

    func run() throws {
        let lt = try LifeTimerContext(options, server: .allowed)
        let viewer = try lt.account()
        try lt.people(
            try lt.people(followers: false, of: username, limit: page.limit, after: page.after),
            of: username ?? viewer.username, empty: "Not following anyone you can see.")
    }
}

struct LifeTimerProfile: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "An account's public view (default yours): bio, stats, goal summaries, public milestones.",
        discussion: """
            A private, suspended or blocking account is not found by anyone else.
            Example: lifectl lifetimer profile bob
            """)

    @OptionGroup var options: LifeTimerOptions
    @Argument(help: "The username (default yours).") var username: String?

    func run() throws {
        let lt = try LifeTimerContext(options, server: .allowed)
        let profile = try lt.graph().profile(of: username, viewer: try lt.account())
        if lt.json { return try JSONOutput.print(LifeTimerJSON.Profile(profile)) }
        var lines = [profile.account.username + (profile.account.bio.map { " — " + TerminalText.oneLine($0) } ?? "")]
        if let avatar = profile.account.avatarPath { lines.append("avatar: \(TerminalText.oneLine(avatar))") }
        lines.append(
            "\(profile.goalsCompleted) of \(profile.goals.count) goals completed · overall \(LifeTimerText.percent(profile.overallProgress)) · streak \(Format.count(profile.currentStreakDays, "day", "days")) now, longest \(Format.count(profile.longestStreakDays, "day", "days"))"
        )
        lines.append(
            "\(Format.count(profile.followers, "follower", "followers")) · following \(Format.grouped(profile.following))"
                + (profile.startedAt.map { " · started \(Timestamp.iso8601($0))" } ?? " · not started"))
        for goal in profile.goals {
            lines.append(
                "\(goal.number). [\(goal.completed ? "✓" : " ")] \(TerminalText.oneLine(goal.title))  \(LifeTimerText.percent(goal.progress))  (\(LifeTimerText.short(goal.id)))"
                    + (goal.isHidden ? "  hidden by an admin: only you see it" : "")
            )
            for milestone in goal.milestones {
                lines.append(
                    "   [\(milestone.isCompleted ? "✓" : " ")] \(TerminalText.oneLine(milestone.title))  (\(LifeTimerText.short(milestone.id)))"
                        + (milestone.isHidden && !goal.isHidden ? "  hidden by an admin: only you see it" : "")
                )
            }
        }
        Terminal.write(lines.joined(separator: "\n"))
    }
}

struct LifeTimerFeed: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed", abstract: "Public milestones completed by the accounts you follow, newest first.",
        discussion: "Example: lifectl lifetimer feed --limit 20")

    @OptionGroup var options: LifeTimerOptions
    @Option(parsing: .unconditional, help: "At most this many items (1–500).") var limit = 50

    func run() throws {
        let lt = try LifeTimerContext(options, server: .allowed)
        let items = try lt.graph().feed(viewer: try lt.account(), limit: limit)
        if lt.json { return try JSONOutput.print(items.map(LifeTimerJSON.FeedItem.init)) }
        guard !items.isEmpty else { return Terminal.write("Your feed is empty.") }
        var table = TextTable([.left, .left, .left, .left])
        table.add("completed", "who", "goal", "milestone")
        for item in items {
            table.add(Timestamp.iso8601(item.completedAt), item.account.username, item.goalTitle, item.milestoneTitle)
        }
        Terminal.write(table.render())
    }
}

struct LifeTimerLeaderboard: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "leaderboard",
        abstract:
            "Rankings among the accounts you can see: goals completed, streaks of active days, recent milestones.",
        discussion: """
            goals: most goals completed. streaks: the longest run of active days, or with --by current the run still \
            going (its last day today or yesterday). recent: public milestones, newest first.
            Example: lifectl lifetimer leaderboard streaks --by current
            """)

    /// What the command line names: `streaks` ranks by `--by`.
    enum Board: String, CaseIterable {
        case goals, streaks, recent
    }

    /// LT-10: which streak the streaks board ranks.
    enum StreakMeasure: String, CaseIterable {
        case longest, current
    }

    @OptionGroup var options: LifeTimerOptions
    @Argument(help: "goals, streaks or recent.") var kind: String = "goals"
    @Option(help: "For streaks: longest (default) or current.") var by: String?
    @Option(parsing: .unconditional, help: "At most this many rows (1–500).") var limit = 10

    func run() throws {
        let lt = try LifeTimerContext(options, server: .allowed)
        let named = try LifeTimerText.choice(kind, field: "kind", as: Board.self)
        let measure = try by.map { try LifeTimerText.choice($0, field: "--by", as: StreakMeasure.self) }
        let chosen: LeaderboardKind
        switch (named, measure) {
        case (.goals, nil): chosen = .goals
        case (.recent, nil): chosen = .recent
        case (.streaks, nil), (.streaks, .longest): chosen = .streaks
        case (.streaks, .current): chosen = .currentStreaks
        case (.goals, .some), (.recent, .some):
            throw LifeError.invalid(field: "--by", "--by ranks the streaks board; \(named.rawValue) has one order")
        }
        let board = try lt.graph().leaderboard(chosen, viewer: try lt.account(), limit: limit)
        if lt.json { return try JSONOutput.print(LifeTimerJSON.Leaderboard(board)) }
        guard !board.entries.isEmpty else { return Terminal.write("Nobody on this leaderboard yet.") }
        var table = TextTable([.right, .left, board.kind == .recent ? .left : .right])
        switch board.kind {
        case .goals: table.add("rank", "who", "goals")
        case .streaks: table.add("rank", "who", "longest streak (days)")
        case .currentStreaks: table.add("rank", "who", "current streak (days)")
        case .recent: table.add("#", "who", "milestone")
        }
        for entry in board.entries {
            table.add(
                "\(entry.rank)", entry.account.username,
                entry.milestoneTitle.map { "\($0) (\(entry.completedAt.map(Timestamp.iso8601) ?? ""))" }
                    ?? Format.grouped(entry.value))
        }
        Terminal.write(table.render() + "\n\(Format.grouped(board.total)) in all")
    }
}

struct LifeTimerSearch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Find accounts you can see by part of their username.",
        discussion: "Example: lifectl lifetimer search ad")

    @OptionGroup var options: LifeTimerOptions
    @Argument(help: "Part of a username (any case).") var text: String
    @Option(parsing: .unconditional, help: "At most this many (1–500).") var limit = 20

    func run() throws {
        let lt = try LifeTimerContext(options, server: .allowed)
        let found = try lt.graph().search(text, viewer: try lt.account(), limit: limit)
        if lt.json { return try JSONOutput.print(found.map(LifeTimerJSON.PublicAccount.init)) }
        Terminal.write(
            LifeTimerText.people(found, empty: "No account you can see matches '\(TerminalText.oneLine(text))'."))
    }
}

/// `followers` and `following` a page at a time: `--limit N --after NAME`.
struct PeoplePage: ParsableArguments {
    @Option(parsing: .unconditional, help: "At most this many (1–500); default all.") var limit: Int?
    @Option(help: ArgumentHelp("Start after this username (the last one of the page before).", valueName: "username"))
    var after: String?
}
