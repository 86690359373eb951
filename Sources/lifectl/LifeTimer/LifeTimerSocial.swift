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
        let name = TerminalText.echoed(username)
        try lt.done(
            "follow", account: username, changed: made,
            lt.voice.say(made ? .following : .alreadyFollowing, ["username": name]))
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
        try lt.done(
            "unfollow", account: username, lt.voice.say(.unfollowed, ["username": TerminalText.echoed(username)]))
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
            lt.voice.say(seen ? .blocked : .blockHidden, ["username": name]))
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
            lt.voice.say(.unblockHidden, ["username": TerminalText.echoed(username)]))
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
            of: username ?? viewer.username, empty: lt.voice.say(.noFollowers))
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
            of: username ?? viewer.username, empty: lt.voice.say(.noFollowing))
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
        let voice = lt.voice
        var lines = [profile.account.username + (profile.account.bio.map { " — " + TerminalText.oneLine($0) } ?? "")]
        if let avatar = profile.account.avatarPath {
            lines.append(voice.say(.profileAvatar, ["avatar": TerminalText.oneLine(avatar)]))
        }
        // FR 1.5: when the account was last active, as the reader reads it.
        lines.append(
            voice.say(.profileLastActive, ["when": voice.lastActive(profile.account.lastActiveAt, now: lt.now)]))
        lines.append(
            voice.say(
                .profileGoals,
                [
                    "done": voice.number(profile.goalsCompleted), "total": voice.number(profile.goals.count),
                    "overall": voice.percent(profile.overallProgress),
                    "current": voice.say(.days, count: profile.currentStreakDays),
                    "longest": voice.say(.days, count: profile.longestStreakDays),
                ]))
        lines.append(
            voice.say(.followers, count: profile.followers) + " · "
                + voice.say(.profileFollowing, ["count": voice.number(profile.following)])
                + (profile.startedAt.map { voice.say(.profileStarted, ["when": voice.instant($0)]) }
                    ?? voice.say(.profileNotStarted)))
        for goal in profile.goals {
            lines.append(
                "\(goal.number). [\(goal.completed ? "✓" : " ")] \(TerminalText.oneLine(goal.title))  \(voice.percent(goal.progress))  (\(LifeTimerText.short(goal.id)))"
                    + (goal.isHidden ? voice.say(.hiddenByAdmin) : "")
            )
            for milestone in goal.milestones {
                lines.append(
                    "   [\(milestone.isCompleted ? "✓" : " ")] \(TerminalText.oneLine(milestone.title))  (\(LifeTimerText.short(milestone.id)))"
                        + (milestone.isHidden && !goal.isHidden ? voice.say(.hiddenByAdmin) : "")
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
        if lt.json { return try JSONOutput.print("feed", items.map(LifeTimerJSON.FeedItem.init)) }
        let voice = lt.voice
        guard !items.isEmpty else { return Terminal.write(voice.say(.feedEmpty)) }
        var table = TextTable([.left, .left, .left, .left])
        table.add(
            voice.say(.columnCompleted), voice.say(.columnWho), voice.say(.columnGoal), voice.say(.columnMilestone))
        for item in items {
            table.add(
                voice.recent(item.completedAt, now: lt.now), item.account.username, item.goalTitle, item.milestoneTitle)
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
    enum Board: String, CaseIterable, ArgumentType {
        case goals, streaks, recent
    }

    /// LT-10: which streak the streaks board ranks.
    enum StreakMeasure: String, CaseIterable, ArgumentType {
        case longest, current
    }

    @OptionGroup var options: LifeTimerOptions
    @Argument(help: ArgumentHelp("Which board (default goals).", valueName: "kind")) var kind: Typed<Board>?
    @Option(help: ArgumentHelp("For streaks: longest (default) or current.", valueName: "measure"))
    var by: Typed<StreakMeasure>?
    @Option(parsing: .unconditional, help: "At most this many rows (1–500).") var limit = 10

    func run() throws {
        let lt = try LifeTimerContext(options, server: .allowed)
        let voice = lt.voice
        let named = try kind?.choice("kind", voice: voice) ?? .goals
        let measure = try by?.choice("--by", voice: voice)
        let chosen: LeaderboardKind
        switch (named, measure) {
        case (.goals, nil): chosen = .goals
        case (.recent, nil): chosen = .recent
        case (.streaks, nil), (.streaks, .longest): chosen = .streaks
        case (.streaks, .current): chosen = .currentStreaks
        case (.goals, .some), (.recent, .some):
            throw voice.invalid("--by", .errorByBoard, ["board": named.rawValue])
        }
        let board = try lt.graph().leaderboard(chosen, viewer: try lt.account(), limit: limit)
        if lt.json { return try JSONOutput.print(LifeTimerJSON.Leaderboard(board)) }
        guard !board.entries.isEmpty else { return Terminal.write(voice.say(.boardEmpty)) }
        var table = TextTable([.right, .left, board.kind == .recent ? .left : .right])
        let (rank, who) = (voice.say(.columnRank), voice.say(.columnWho))
        switch board.kind {
        case .goals: table.add(rank, who, voice.say(.columnGoals))
        case .streaks: table.add(rank, who, voice.say(.columnLongestStreak))
        case .currentStreaks: table.add(rank, who, voice.say(.columnCurrentStreak))
        case .recent: table.add(voice.say(.columnNumber), who, voice.say(.columnMilestone))
        }
        for entry in board.entries {
            table.add(
                voice.number(entry.rank), entry.account.username,
                entry.milestoneTitle.map { title in
                    voice.say(
                        .recentValue,
                        ["title": title, "when": entry.completedAt.map { voice.recent($0, now: lt.now) } ?? ""])
                } ?? voice.number(entry.value))
        }
        Terminal.write(table.render() + "\n" + voice.say(.boardTotal, ["count": voice.number(board.total)]))
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
        if lt.json { return try JSONOutput.print("accounts", found.map(LifeTimerJSON.PublicAccount.init)) }
        Terminal.write(
            LifeTimerText.people(
                found, empty: lt.voice.say(.searchNone, ["text": TerminalText.oneLine(text)]), voice: lt.voice,
                now: lt.now))
    }
}

/// `followers` and `following` a page at a time: `--limit N --after NAME`.
struct PeoplePage: ParsableArguments {
    @Option(parsing: .unconditional, help: "At most this many (1–500); default all.") var limit: Int?
    @Option(help: ArgumentHelp("Start after this username (the last one of the page before).", valueName: "username"))
    var after: String?
}
