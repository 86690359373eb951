#if Service
    import Foundation
    import Hummingbird
    import LifeCore
    import LifeServiceAPI
    import LifeTimer
    import LifeTimerServer
    import PostgresNIO

    /// LifeTimer's social graph through the service (SPEC SRV-5, LT-6): every
    /// route runs as the signed-in person under the policies, with the same
    /// statements and functions as `LifeTimerServerStore` (and Supabase's
    /// API): no query here filters by visibility.
    extension LifeServiceApp {
        typealias JSON = LifeTimerServiceJSON

        func addLifeTimerRoutes(to router: Router<ServiceRequestContext>) {
            let group = router.group("lifetimer")
            group.put("account") { request, context -> JSON.AccountSaved in
                let body = try await request.decode(as: JSON.Account.self, context: context)
                return try await saveAccount(body, as: try await person(request))
            }
            group.post("goals") { request, context -> EditedResponse<JSON.Made> in
                let body = try await request.decode(as: JSON.NewGoal.self, context: context)
                return EditedResponse(
                    status: .created, response: try await addGoal(body, as: try await person(request)))
            }
            group.post("goals/:goal/milestones") { request, context -> EditedResponse<JSON.Made> in
                let goal = try context.parameters.require("goal", as: UUID.self)
                let body = try await request.decode(as: JSON.NewMilestone.self, context: context)
                return EditedResponse(
                    status: .created, response: try await addMilestone(body, goal: goal, as: try await person(request)))
            }
            group.post("milestones/:milestone/complete") { request, context -> JSON.Completed in
                let milestone = try context.parameters.require("milestone", as: UUID.self)
                return try await complete(milestone, as: try await person(request))
            }
            group.get("profile") { request, _ -> JSON.ProfileBody in
                try await profile(of: nil, as: try await person(request))
            }
            group.get("profile/:username") { request, context -> JSON.ProfileBody in
                try await profile(of: try context.parameters.require("username"), as: try await person(request))
            }
            group.get("feed") { request, _ -> [JSON.FeedEntry] in
                let limit = try Self.limit(request, default: 50)
                let person = try await person(request)
                return try await database.asPerson(person) { connection in
                    try await connection.rows(
                        PostgresQuery(unsafeSQL: LifeTimerServerStore.feedSQL, binds: try Self.binds(limit)),
                        logger: logger
                    ).map { row in
                        JSON.FeedEntry(
                            FeedItem(
                                account: try Self.account(row), milestoneID: try row.get("milestone_id"),
                                goalTitle: try row.get("goal_title"), milestoneTitle: try row.get("title"),
                                completedAt: try row.get("completed_at")))
                    }
                }
            }
            for (path, sql) in [
                ("followers", LifeTimerServerStore.followersSQL), ("following", LifeTimerServerStore.followingSQL),
            ] {
                group.get("\(path)/:username") { request, context -> [PublicAccount] in
                    let name = try context.parameters.require("username")
                    let limit = try Self.limit(request, default: 50)
                    let after = request.uri.queryParameters["after"].map { String($0).lowercased() }
                    return try await database.asPerson(try await person(request)) { connection in
                        // One answer for an account hidden from the person and for none.
                        guard
                            try await !connection.rows(
                                "SELECT 1 FROM public.lifetimer_accounts WHERE username_key = lower(\(name))",
                                logger: logger
                            ).isEmpty
                        else { throw Self.notVisible(name) }
                        return try await connection.rows(
                            PostgresQuery(unsafeSQL: sql, binds: try Self.binds(name, limit, after)), logger: logger
                        ).map(Self.account)
                    }
                }
            }
            group.get("leaderboard/:kind") { request, context -> JSON.Board in
                let word = try context.parameters.require("kind")
                guard let kind = LeaderboardKind(rawValue: word) else {
                    throw ServiceError.invalid("kind", "kind must be goals, streaks, current-streaks or recent")
                }
                return try await leaderboard(
                    kind, limit: try Self.limit(request, default: 10), as: try await person(request))
            }
            group.get("search") { request, _ -> [PublicAccount] in
                let text = request.uri.queryParameters["q"].map(String.init) ?? ""
                let limit = try Self.limit(request, default: 20)
                _ = try Self.rule { try LifeTimerSocialRules.searchPattern(text) }
                let needle = text.trimmingCharacters(in: .whitespaces)
                return try await database.asPerson(try await person(request)) { connection in
                    try await connection.rows(
                        PostgresQuery(unsafeSQL: LifeTimerServerStore.searchSQL, binds: try Self.binds(needle, limit)),
                        logger: logger
                    ).map(Self.account)
                }
            }
            group.put("follows/:username") { request, context -> JSON.Followed in
                let name = try context.parameters.require("username")
                return try await follow(name, as: try await person(request))
            }
            group.delete("follows/:username") { request, context -> HTTPResponse.Status in
                let name = try context.parameters.require("username")
                try await unfollow(name, as: try await person(request))
                return .noContent
            }
        }

        // MARK: Values

        static func account(_ row: PostgresRow) throws -> PublicAccount {
            PublicAccount(
                id: try row.get("id"), username: try row.get("username"), bio: try row.get("bio"),
                avatarPath: try row.get("avatar_path"), createdAt: try row.get("created_at"),
                lastActiveAt: try row.get("last_active_at"))
        }

        static func notVisible(_ name: String) -> ServiceError {
            ServiceError.from(LifeTimerSocialRules.notVisible(name))
        }

        /// A library rule's refusal as the service's (the device's words).
        static func rule<T>(_ body: () throws -> T) throws -> T {
            do {
                return try body()
            } catch let error as LifeError {
                throw ServiceError.from(error)
            }
        }

        /// `?limit=` (1–500, the device's rule), or `fallback`.
        static func limit(_ request: Request, default fallback: Int) throws -> Int {
            guard let text = request.uri.queryParameters["limit"] else { return fallback }
            guard let limit = Int(String(text)) else {
                throw ServiceError.invalid("limit", "limit must be a whole number")
            }
            try rule { try LifeTimerSocialRules.checkLimit(limit) }
            return limit
        }

        static func binds(_ values: (any PostgresDynamicTypeEncodable)?...) throws -> PostgresBindings {
            var bindings = PostgresBindings()
            for value in values {
                // The functions take `integer`: a Swift Int would bind as bigint.
                if let number = value as? Int {
                    try bindings.append(Int32(clamping: number))
                } else if let value {
                    try bindings.append(value)
                } else {
                    bindings.appendNull()
                }
            }
            return bindings
        }

        // MARK: Writes

        func saveAccount(_ body: JSON.Account, as person: ServiceDatabase.Person) async throws -> JSON.AccountSaved {
            let (username, bio, avatar, email) = try Self.rule {
                (
                    try LifeTimerRules.username(body.username), try LifeTimerRules.bio(body.bio),
                    try LifeTimerRules.path(body.avatarPath, field: "avatar_path"), try LifeTimerRules.email(body.email)
                )
            }
            _ = try Self.rule { try TimeZoneSetting.zone(named: body.timeZone, field: "time_zone") }
            let now = now
            return try await database.asPerson(person) { connection in
                let created: Bool
                do {
                    created =
                        try await connection.rows(
                            """
                            INSERT INTO public.lifetimer_accounts (id, username, bio, avatar_path, visibility, last_active_at)
                            VALUES ((SELECT auth.uid()), \(username), \(bio), \(avatar), \(body.visibility.rawValue), \(now))
                            ON CONFLICT (id) DO UPDATE SET username = EXCLUDED.username, bio = EXCLUDED.bio,
                                avatar_path = EXCLUDED.avatar_path, visibility = EXCLUDED.visibility,
                                last_active_at = EXCLUDED.last_active_at
                            RETURNING (xmax = 0) AS created
                            """, logger: logger
                        ).first?.get("created", as: Bool.self) ?? false
                } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
                    throw ServiceError(
                        .conflict, "username_taken", "username '\(username)' is taken by another account",
                        field: "username")
                }
                try await connection.query(
                    """
                    INSERT INTO public.lifetimer_account_private (account_id, email, time_zone)
                    VALUES ((SELECT auth.uid()), \(email), \(body.timeZone))
                    ON CONFLICT (account_id) DO UPDATE SET email = EXCLUDED.email, time_zone = EXCLUDED.time_zone
                    """, logger: logger)
                return JSON.AccountSaved(id: person.user, created: created)
            }
        }

        func addGoal(_ body: JSON.NewGoal, as person: ServiceDatabase.Person) async throws -> JSON.Made {
            let title = try Self.rule { try LifeTimerRules.goalTitle(body.title) }
            let id = UUID()
            let now = now
            return try await database.asPerson(person) { connection in
                let number =
                    try await connection.rows(
                        """
                        INSERT INTO public.lifetimer_goals (id, account_id, number, title, created_at, updated_at)
                        SELECT \(id), (SELECT auth.uid()), coalesce(max(number), 0) + 1, \(title), \(now), \(now)
                        FROM public.lifetimer_goals WHERE account_id = (SELECT auth.uid())
                        RETURNING number
                        """, logger: logger
                    ).first?.get("number", as: Int.self) ?? 0
                return JSON.Made(id: id, number: number)
            }
        }

        func addMilestone(_ body: JSON.NewMilestone, goal: UUID, as person: ServiceDatabase.Person) async throws
            -> JSON.Made
        {
            let title = try Self.rule { try LifeTimerRules.milestoneTitle(body.title) }
            let due = try body.dueDate.map { text in
                try Self.rule { try CivilDate.parse(text, field: "due_date") }
            }
            let id = UUID()
            let now = now
            return try await database.asPerson(person) { connection in
                guard
                    let position = try await connection.rows(
                        """
                        INSERT INTO public.lifetimer_milestones
                            (id, goal_id, account_id, position, title, due_date, is_public, created_at)
                        SELECT \(id), g.id, g.account_id,
                               (SELECT coalesce(max(m.position), 0) + 1 FROM public.lifetimer_milestones AS m WHERE m.goal_id = g.id),
                               \(title), \(due?.iso)::date, \(body.isPublic), \(now)
                        FROM public.lifetimer_goals AS g WHERE g.id = \(goal) AND g.account_id = (SELECT auth.uid())
                        RETURNING position
                        """, logger: logger
                    ).first?.get("position", as: Int.self)
                else { throw ServiceError.notFound }
                return JSON.Made(id: id, number: position)
            }
        }

        /// Completes one of the person's milestones; the server dates it
        /// (Schema/server/0003), and a second call answers the same instant.
        func complete(_ milestone: UUID, as person: ServiceDatabase.Person) async throws -> JSON.Completed {
            let now = now
            return try await database.asPerson(person) { connection in
                try await connection.query(
                    """
                    UPDATE public.lifetimer_milestones SET completed_at = \(now)
                    WHERE id = \(milestone) AND account_id = (SELECT auth.uid()) AND completed_at IS NULL
                    """, logger: logger)
                guard
                    let at = try await connection.rows(
                        """
                        SELECT completed_at FROM public.lifetimer_milestones
                        WHERE id = \(milestone) AND account_id = (SELECT auth.uid())
                        """, logger: logger
                    ).first?.get("completed_at", as: Date.self)
                else { throw ServiceError.notFound }
                return JSON.Completed(completedAt: at)
            }
        }

        func follow(_ name: String, as person: ServiceDatabase.Person) async throws -> JSON.Followed {
            let now = now
            return try await database.asPerson(person) { connection in
                guard
                    let target = try await connection.rows(
                        "SELECT id FROM public.lifetimer_accounts WHERE username_key = lower(\(name))", logger: logger
                    ).first?.get("id", as: UUID.self)
                else { throw Self.notVisible(name) }
                guard target != person.user else {
                    throw ServiceError.invalid("username", "you cannot follow yourself")
                }
                let made = try await connection.rows(
                    """
                    INSERT INTO public.lifetimer_follows (follower_id, followee_id, created_at)
                    VALUES ((SELECT auth.uid()), \(target), \(now)) ON CONFLICT DO NOTHING RETURNING 1
                    """, logger: logger)
                try await touch(connection, now: now)
                return JSON.Followed(followed: !made.isEmpty)
            }
        }

        func unfollow(_ name: String, as person: ServiceDatabase.Person) async throws {
            let now = now
            try await database.asPerson(person) { connection in
                guard
                    let target = try await connection.rows(
                        "SELECT id, username FROM public.lifetimer_accounts WHERE username_key = lower(\(name))",
                        logger: logger
                    ).first
                else { throw Self.notVisible(name) }
                let removed = try await connection.rows(
                    """
                    DELETE FROM public.lifetimer_follows
                    WHERE follower_id = (SELECT auth.uid()) AND followee_id = \(try target.get("id", as: UUID.self))
                    RETURNING 1
                    """, logger: logger)
                guard !removed.isEmpty else {
                    throw ServiceError.invalid(
                        "username", "you do not follow '\(try target.get("username", as: String.self))'")
                }
                try await touch(connection, now: now)
            }
        }

        /// Marks the person active now, as the device does with each social write.
        func touch(_ connection: PostgresConnection, now: Date) async throws {
            try await connection.query(
                "UPDATE public.lifetimer_accounts SET last_active_at = \(now) WHERE id = (SELECT auth.uid())",
                logger: logger)
        }

        // MARK: Reads

        func profile(of username: String?, as person: ServiceDatabase.Person) async throws -> JSON.ProfileBody {
            try await database.asPerson(person) { connection in
                var name = username?.trimmingCharacters(in: .whitespaces)
                if name == nil {
                    name = try await connection.rows(
                        "SELECT username FROM public.lifetimer_accounts WHERE id = (SELECT auth.uid())", logger: logger
                    ).first?.get("username", as: String.self)
                }
                guard let name else {
                    throw ServiceError(
                        .notFound, "no_account", "you have no LifeTimer account on the server yet; make one first")
                }
                guard
                    let row = try await connection.rows(
                        PostgresQuery(unsafeSQL: LifeTimerServerStore.profileSQL, binds: try Self.binds(name)),
                        logger: logger
                    ).first
                else { throw Self.notVisible(name) }
                let goalRows = try await connection.rows(
                    PostgresQuery(unsafeSQL: LifeTimerServerStore.profileGoalsSQL, binds: try Self.binds(name)),
                    logger: logger)
                return JSON.ProfileBody(try Self.profile(row, goals: goalRows, viewer: person.user))
            }
        }

        /// A profile from its row and its goals' rows, as `LifeTimerServerStore.profile` makes it.
        static func profile(_ row: PostgresRow, goals rows: [PostgresRow], viewer: UUID) throws -> Profile {
            let account = try account(row)
            let isSelf = account.id == viewer
            var goals: [GoalSummary] = []
            var current: (id: UUID, number: Int, title: String, completed: Bool, done: Int, total: Int, hidden: Bool)?
            var milestones: [Milestone] = []
            func close() {
                guard let goal = current else { return }
                goals.append(
                    GoalSummary(
                        id: goal.id, number: goal.number, title: goal.title, completed: goal.completed,
                        progress: ProgressRules.goalProgress(
                            completed: goal.completed,
                            milestonesDone: isSelf ? milestones.filter(\.isCompleted).count : goal.done,
                            milestonesTotal: isSelf ? milestones.count : goal.total),
                        isHidden: goal.hidden, milestones: milestones))
                milestones = []
            }
            for row in rows {
                let goalID: UUID = try row.get("goal_id")
                if current?.id != goalID {
                    close()
                    current = (
                        goalID, try row.get("number"), try row.get("goal_title"),
                        try row.get("goal_completed_at", as: Date?.self) != nil, try row.get("milestones_completed"),
                        try row.get("milestones_total"), try row.get("goal_hidden")
                    )
                }
                if let id = try row.get("id", as: UUID?.self) {
                    milestones.append(
                        Milestone(
                            id: id, goalID: goalID, position: try row.get("position"), title: try row.get("title"),
                            dueDate: try row.get("due_date", as: Date?.self).map {
                                CivilDate(daysSinceEpoch: Int(($0.timeIntervalSince1970 / 86_400).rounded(.down)))
                            },
                            isPublic: try row.get("is_public"), completedAt: try row.get("completed_at"),
                            isHidden: try row.get("hidden")))
                }
            }
            close()
            return Profile(
                account: account, isSelf: isSelf, goals: goals, goalsCompleted: goals.filter(\.completed).count,
                overallProgress: ProgressRules.overall(goals.map(\.progress)),
                longestStreakDays: try row.get("longest_streak_days"),
                currentStreakDays: try row.get("current_streak_days"),
                startedAt: try row.get("started_at"), endsAt: try row.get("ends_at"),
                followers: try row.get("followers"),
                following: try row.get("following"))
        }

        func leaderboard(_ kind: LeaderboardKind, limit: Int, as person: ServiceDatabase.Person) async throws
            -> JSON.Board
        {
            try await database.asPerson(person) { connection in
                var binds = try Self.binds(limit)
                if kind == .recent {
                    // The window is 30 days back from the server's clock (which
                    // stamps the completions), in the person's own zone, as on the device.
                    let row = try await connection.rows(
                        """
                        SELECT lifectl.lifetimer_now() AS now,
                               (SELECT time_zone FROM public.lifetimer_account_private WHERE account_id = (SELECT auth.uid())) AS zone
                        """, logger: logger
                    ).first
                    let now = try row?.get("now", as: Date.self) ?? configuration.clock()
                    let zone = try row?.get("zone", as: String?.self) ?? "UTC"
                    let since = CountdownRules.sameWallClock(
                        as: now, daysLater: -LifeTimerRules.recentWindowDays,
                        in: (try? TimeZoneSetting.zone(named: zone)) ?? TimeZone(identifier: "UTC") ?? .current)
                    try binds.append(since)
                }
                let rows = try await connection.rows(
                    PostgresQuery(unsafeSQL: LifeTimerServerStore.leaderboardSQL(kind), binds: binds), logger: logger)
                let entries = try rows.enumerated().map { place, row in
                    kind == .recent
                        ? LeaderboardEntry(
                            rank: place + 1, account: try Self.account(row), value: place + 1,
                            milestoneTitle: try row.get("title"), completedAt: try row.get("completed_at"))
                        : LeaderboardEntry(
                            rank: try row.get("rank"), account: try Self.account(row), value: try row.get("value"),
                            milestoneTitle: nil, completedAt: nil)
                }
                return JSON.Board(Leaderboard(kind: kind, entries: entries, total: try rows.first?.get("total") ?? 0))
            }
        }
    }

    extension LifeTimerServiceJSON.AccountSaved: ResponseEncodable {}
    extension LifeTimerServiceJSON.Made: ResponseEncodable {}
    extension LifeTimerServiceJSON.Completed: ResponseEncodable {}
    extension LifeTimerServiceJSON.ProfileBody: ResponseEncodable {}
    extension LifeTimerServiceJSON.FeedEntry: ResponseEncodable {}
    extension LifeTimerServiceJSON.Board: ResponseEncodable {}
    extension LifeTimerServiceJSON.Followed: ResponseEncodable {}
    extension PublicAccount: ResponseEncodable {}
#endif
