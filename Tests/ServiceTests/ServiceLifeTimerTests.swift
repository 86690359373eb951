#if Service
    import Foundation
    import Hummingbird
    import LifeKitTestSupport
    import LifeService
    import LifeServiceAPI
    import LifeServer
    import LifeTimer
    import ServerTestSupport
    import Testing

    /// What a new user does through the service (SRV-5, LT-6): make an account,
    /// follow, see the feed, complete a milestone; each request as the person,
    /// under the policies. Another person's token reaches nothing of yours.
    @Suite(.tags(.server), .enabled(if: TestServer.enabled, Comment(rawValue: TestServer.remedy)))
    struct ServiceLifeTimerTests {
        typealias JSON = LifeTimerServiceJSON

        /// A signed-up user with a LifeTimer account: its access token and id.
        func person(_ service: ServiceHarness, _ name: String, visibility: AccountVisibility = .public) async throws
            -> (token: String, id: UUID)
        {
            let grant = try await service.signUp("\(name)@example.org")
            let reply = try await service.send(
                .put, "/lifetimer/account", token: grant.accessToken,
                json: JSON.Account(username: name, visibility: visibility, timeZone: "Europe/Paris"))
            #expect(reply.status == .ok)
            #expect(try reply.decode(JSON.AccountSaved.self) == JSON.AccountSaved(id: grant.user.id, created: true))
            return (grant.accessToken, grant.user.id)
        }

        @Test func aNewUserFollowsAndSeesTheFeed() async throws {
            try await ServiceHarness.run { service in
                let ada = try await person(service, "ada")
                let bob = try await person(service, "bob")
                let goal: JSON.Made = try await service.send(
                    .post, "/lifetimer/goals", token: bob.token, json: JSON.NewGoal(title: "Run a marathon")
                ).decode()
                #expect(goal.number == 1)
                let milestone: JSON.Made = try await service.send(
                    .post, "/lifetimer/goals/\(goal.id)/milestones", token: bob.token,
                    json: JSON.NewMilestone(title: "Run 10 km", isPublic: true)
                ).decode()
                #expect(milestone.number == 1)
                let followed = try await service.send(.put, "/lifetimer/follows/BOB", token: ada.token)
                #expect(try followed.decode(JSON.Followed.self).followed)
                #expect(
                    try await service.send(.put, "/lifetimer/follows/bob", token: ada.token).decode(JSON.Followed.self)
                        .followed == false)
                // Nothing completed yet: an empty feed.
                let empty: [JSON.FeedEntry] = try await service.send(.get, "/lifetimer/feed", token: ada.token).decode()
                #expect(empty.isEmpty)
                // The server dates the completion with its own clock (the request's instant is not sent).
                let done = try await service.send(
                    .post, "/lifetimer/milestones/\(milestone.id)/complete", token: bob.token)
                #expect(done.status == .ok)
                let completedAt = try done.decode(JSON.Completed.self).completedAt
                let feed: [JSON.FeedEntry] = try await service.send(.get, "/lifetimer/feed?limit=5", token: ada.token)
                    .decode()
                #expect(feed.map(\.milestoneTitle) == ["Run 10 km"])
                #expect(feed.first?.account.username == "bob")
                #expect(feed.first?.goalTitle == "Run a marathon")
                #expect(feed.first?.completedAt == completedAt)
                // Followers, a profile and the boards, as ada sees them.
                let followers: [PublicAccount] = try await service.send(
                    .get, "/lifetimer/followers/bob", token: ada.token
                ).decode()
                #expect(followers.map(\.username) == ["ada"])
                let profile: JSON.ProfileBody = try await service.send(
                    .get, "/lifetimer/profile/bob", token: ada.token
                ).decode()
                #expect(profile.isSelf == false)
                #expect(profile.followers == 1)
                #expect(profile.goals.map(\.title) == ["Run a marathon"])
                #expect(profile.goals.first?.milestones.map(\.title) == ["Run 10 km"])
                #expect(profile.goals.first?.progress == 1.0)
                let mine: JSON.ProfileBody = try await service.send(.get, "/lifetimer/profile", token: ada.token)
                    .decode()
                #expect(mine.isSelf && mine.account.username == "ada" && mine.following == 1)
                let recent: JSON.Board = try await service.send(
                    .get, "/lifetimer/leaderboard/recent", token: ada.token
                ).decode()
                #expect(recent.total == 1)
                #expect(recent.entries.map(\.milestoneTitle) == ["Run 10 km"])
                let goals: JSON.Board = try await service.send(.get, "/lifetimer/leaderboard/goals", token: ada.token)
                    .decode()
                // No goal is completed: the goals board lists no one.
                #expect(goals.total == 0 && goals.entries.isEmpty)
                let found: [PublicAccount] = try await service.send(.get, "/lifetimer/search?q=bo", token: ada.token)
                    .decode()
                #expect(found.map(\.username) == ["bob"])
                // Unfollowing empties the feed; unfollowing again is refused, naming the field.
                #expect(
                    try await service.send(.delete, "/lifetimer/follows/bob", token: ada.token).status == .noContent)
                let again = try await service.send(.delete, "/lifetimer/follows/bob", token: ada.token)
                #expect(again.status == .badRequest)
                #expect(again.error?.field == "username")
                let after: [JSON.FeedEntry] = try await service.send(.get, "/lifetimer/feed", token: ada.token).decode()
                #expect(after.isEmpty)
            }
        }

        @Test func anotherPersonsTokenReachesNothingOfYours() async throws {
            try await ServiceHarness.run { service in
                let ada = try await person(service, "ada")
                let eve = try await person(service, "eve")
                let carol = try await person(service, "carol", visibility: .private)
                let goal: JSON.Made = try await service.send(
                    .post, "/lifetimer/goals", token: ada.token, json: JSON.NewGoal(title: "Learn Welsh")
                ).decode()
                let secret: JSON.Made = try await service.send(
                    .post, "/lifetimer/goals/\(goal.id)/milestones", token: ada.token,
                    json: JSON.NewMilestone(title: "A private step", isPublic: false)
                ).decode()
                // Eve cannot complete ada's milestone nor add to ada's goal: as for none.
                let complete = try await service.send(
                    .post, "/lifetimer/milestones/\(secret.id)/complete", token: eve.token)
                #expect(complete.status == .notFound)
                let missing = try await service.send(
                    .post, "/lifetimer/milestones/\(UUID())/complete", token: eve.token)
                #expect(complete.body == missing.body)
                let add = try await service.send(
                    .post, "/lifetimer/goals/\(goal.id)/milestones", token: eve.token,
                    json: JSON.NewMilestone(title: "Mine now", isPublic: true))
                #expect(add.status == .notFound)
                // Ada's private milestone is not in what eve sees of her profile.
                let profile: JSON.ProfileBody = try await service.send(.get, "/lifetimer/profile/ada", token: eve.token)
                    .decode()
                #expect(profile.goals.first?.milestones.isEmpty == true)
                // A private account answers as no account at all, for every read.
                for path in ["/lifetimer/profile/carol", "/lifetimer/followers/carol", "/lifetimer/following/carol"] {
                    let hidden = try await service.send(.get, path, token: eve.token)
                    let none = try await service.send(
                        .get, path.replacingOccurrences(of: "carol", with: "nobody"), token: eve.token)
                    #expect(hidden.status == none.status, "\(path)")
                    #expect(
                        hidden.error?.message == none.error?.message.replacingOccurrences(of: "nobody", with: "carol"))
                }
                let follow = try await service.send(.put, "/lifetimer/follows/carol", token: eve.token)
                #expect(follow.status == .unprocessableContent)
                // Carol reads her own profile.
                #expect(try await service.send(.get, "/lifetimer/profile/carol", token: carol.token).status == .ok)
                // The database agrees: nothing eve did was written.
                let admin = try service.admin()
                #expect(
                    try admin.rows("SELECT 1 FROM public.lifetimer_milestones WHERE completed_at IS NOT NULL").isEmpty)
                #expect(try admin.rows("SELECT 1 FROM public.lifetimer_milestones").count == 1)
                #expect(try admin.rows("SELECT 1 FROM public.lifetimer_follows").isEmpty)
            }
        }

        @Test func aTakenUsernameAndBadValuesAreRefusedWithTheirField() async throws {
            try await ServiceHarness.run { service in
                _ = try await person(service, "ada")
                let bob = try await service.signUp("bob@example.org")
                let taken = try await service.send(
                    .put, "/lifetimer/account", token: bob.accessToken,
                    json: JSON.Account(username: "ADA", visibility: .public, timeZone: "UTC"))
                #expect(taken.status == .conflict)
                #expect(taken.error?.field == "username")
                let zone = try await service.send(
                    .put, "/lifetimer/account", token: bob.accessToken,
                    json: JSON.Account(username: "bob", visibility: .public, timeZone: "Mars/Olympus"))
                #expect(zone.status == .unprocessableContent)
                #expect(zone.error?.field == "time_zone")
                let limit = try await service.send(.get, "/lifetimer/feed?limit=501", token: bob.accessToken)
                #expect(limit.status == .unprocessableContent)
                #expect(limit.error?.field == "limit")
                let kind = try await service.send(.get, "/lifetimer/leaderboard/fastest", token: bob.accessToken)
                #expect(kind.error?.field == "kind")
                // Without an account of its own, the profile says so.
                let none = try await service.send(.get, "/lifetimer/profile", token: bob.accessToken)
                #expect(none.error?.error == "no_account")
            }
        }
    }
#endif
