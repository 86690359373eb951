import Foundation
import LifeCore
import LifeDB
import LifeTimer

extension Device {
    /// LifeTimer's operations: accounts from a small pool of usernames (two
    /// devices may create the same one), goals and milestones picked by
    /// their titles (each device numbers its own), the countdown, and the
    /// social graph on the device with the server role.
    func runLifeTimer(_ kind: Operation.Kind, world: World, random: inout SplitMix64) throws -> String {
        let clock = self.clock.clock
        func timer<T>(_ body: (LifeTimerStore) throws -> T) throws -> T {
            try body(LifeTimerStore(writer, clock: clock))
        }
        func next(_ count: Int) -> Int { Int(random.next() % UInt64(max(count, 1))) }
        func word(_ prefix: String) -> String {
            let letters = Array("abcdefghijklmnopqrstuvwxyz")
            return prefix + String((0..<6).map { _ in letters[Int(random.next() % 26)] })
        }
        let accounts = try timer { store in try world.usernames.compactMap { try store.account(named: $0) } }
        var kind = kind
        if accounts.isEmpty { kind = .timerAccount }
        func anAccount() -> LifeTimerAccount? { accounts.isEmpty ? nil : accounts[next(accounts.count)] }
        func aGoal(_ account: LifeTimerAccount) throws -> Goal? {
            let goals = try timer { try $0.goals(of: account) }.sorted {
                ($0.title, $0.createdAt) < ($1.title, $1.createdAt)
            }
            return goals.isEmpty ? nil : goals[next(goals.count)]
        }
        func aMilestone(_ account: LifeTimerAccount) throws -> (Goal, Milestone)? {
            guard let goal = try aGoal(account) else { return nil }
            let milestones = goal.milestones.sorted { ($0.title, $0.position) < ($1.title, $1.position) }
            return milestones.isEmpty ? nil : (goal, milestones[next(milestones.count)])
        }
        switch kind {
        case .timerAccount:
            let username = world.usernames[next(world.usernames.count)]
            let visibility: AccountVisibility = next(2) == 0 ? .public : .private
            let identity = next(4) == 0 ? IdentityLink(provider: .email, subject: username.lowercased()) : nil
            _ = try timer {
                try $0.createAccount(NewAccount(username: username, identity: identity, visibility: visibility))
            }
            return "lifetimer account \(username) \(visibility.rawValue)\(identity == nil ? "" : " with identity")"
        case .timerAccountEdit:
            guard let account = anAccount() else { return "lifetimer edit: no account" }
            var change = AccountChange()
            var said: [String] = []
            if next(2) == 0 {
                change.bio = word("bio-")
                said.append("bio \(change.bio ?? "")")
            }
            if next(2) == 0 {
                change.visibility = next(2) == 0 ? .public : .private
                said.append(change.visibility?.rawValue ?? "")
            }
            if next(4) == 0 {
                change.timeZone = World.zones[next(World.zones.count)]
                said.append("zone \(change.timeZone ?? "")")
            }
            _ = try timer { try $0.updateAccount(account, change) }
            return "lifetimer edit \(account.username): " + said.joined(separator: ", ")
        case .timerAccountDelete:
            guard let account = anAccount() else { return "lifetimer delete account: none" }
            try timer { try $0.deleteAccount(account) }
            return "lifetimer delete account \(account.username)"
        case .timerGoalAdd:
            guard let account = anAccount() else { return "lifetimer goal add: no account" }
            let title = word("goal-")
            let location = next(3) == 0 ? GoalLocation(latitude: 40, longitude: -3, placeName: word("at-")) : nil
            _ = try timer {
                try $0.addGoal(
                    for: account, title: title, description: next(2) == 0 ? word("d-") : nil, location: location)
            }
            return "lifetimer goal add \(account.username) \(title)"
        case .timerGoalBatch:
            // Many goals at once (one store call each): with another device's,
            // more than the 20 an account makes.
            guard let account = anAccount() else { return "lifetimer goal batch: no account" }
            let count = 6 + next(9)
            var made = 0
            for _ in 0..<count {
                let title = word("goal-")
                do {
                    _ = try timer { try $0.addGoal(for: account, title: title, description: nil, location: nil) }
                    made += 1
                } catch {
                    break
                }
            }
            return "lifetimer goal batch \(account.username): \(made) of \(count) added"
        case .timerGoalEdit:
            guard let account = anAccount(), let goal = try aGoal(account) else { return "lifetimer goal edit: none" }
            var change = GoalChange()
            switch next(3) {
            case 0: change.title = word("goal-")
            case 1: change.description = word("d-")
            default:
                change.location = .some(
                    next(2) == 0 ? nil : GoalLocation(latitude: 41, longitude: 2, placeName: word("at-")))
            }
            _ = try timer { try $0.editGoal(for: account, number: goal.number, change) }
            return
                "lifetimer goal edit \(account.username) \(goal.title): \(change.title ?? change.description ?? "location")"
        case .timerGoalComplete:
            guard let account = anAccount(), let goal = try aGoal(account) else {
                return "lifetimer goal complete: none"
            }
            let done = next(3) != 0
            _ = try timer { try $0.setGoalCompleted(for: account, number: goal.number, done) }
            return "lifetimer goal \(account.username) \(goal.title) completed \(done)"
        case .timerGoalDelete:
            guard let account = anAccount(), let goal = try aGoal(account) else { return "lifetimer goal delete: none" }
            try timer { try $0.deleteGoal(for: account, number: goal.number) }
            return "lifetimer goal delete \(account.username) \(goal.title)"
        case .timerMilestoneAdd:
            guard let account = anAccount(), let goal = try aGoal(account) else {
                return "lifetimer milestone add: none"
            }
            let title = word("step-")
            let due = next(2) == 0 ? CivilDate(iso: "2027-0\(1 + next(9))-1\(next(10))") : nil
            _ = try timer {
                try $0.addMilestone(for: account, goal: goal.number, title: title, due: due, isPublic: next(2) == 0)
            }
            return "lifetimer milestone add \(account.username) \(goal.title) \(title)"
        case .timerMilestoneEdit:
            guard let account = anAccount(), let (goal, milestone) = try aMilestone(account) else {
                return "lifetimer milestone edit: none"
            }
            var change = MilestoneChange()
            switch next(3) {
            case 0: change.title = word("step-")
            case 1: change.isPublic = !milestone.isPublic
            default: change.dueDate = .some(next(2) == 0 ? nil : CivilDate(iso: "2028-02-2\(next(9))"))
            }
            let ref = MilestoneRef(goal: goal.number, position: milestone.position)
            _ = try timer { try $0.editMilestone(for: account, ref, change) }
            return "lifetimer milestone edit \(account.username) \(milestone.title)"
        case .timerMilestoneComplete:
            guard let account = anAccount(), let (goal, milestone) = try aMilestone(account) else {
                return "lifetimer milestone complete: none"
            }
            let done = next(3) != 0
            let ref = MilestoneRef(goal: goal.number, position: milestone.position)
            _ = try timer { try $0.setMilestoneCompleted(for: account, ref, done) }
            return "lifetimer milestone \(account.username) \(milestone.title) completed \(done)"
        case .timerMilestoneDelete:
            guard let account = anAccount(), let (goal, milestone) = try aMilestone(account) else {
                return "lifetimer milestone delete: none"
            }
            try timer {
                try $0.deleteMilestone(for: account, MilestoneRef(goal: goal.number, position: milestone.position))
            }
            return "lifetimer milestone delete \(account.username) \(milestone.title)"
        case .timerStart:
            guard let account = anAccount() else { return "lifetimer start: no account" }
            _ = try timer { try $0.start(for: account) }
            return "lifetimer start \(account.username)"
        case .timerSettings:
            guard let account = anAccount() else { return "lifetimer settings: no account" }
            let theme = LifeTimerSettings.Theme.allCases[next(3)]
            let language = ["en", "pt-BR", "fr"][next(3)]
            _ = try timer { try $0.updateSettings(of: account, theme: theme, language: next(2) == 0 ? language : nil) }
            return "lifetimer settings \(account.username) \(theme.rawValue)"
        case .timerNotifications:
            guard let account = anAccount() else { return "lifetimer notifications: no account" }
            let frequency = LifeTimerNotificationPreferences.Frequency.allCases[next(3)]
            let mute = LifeTimerNotificationPreferences.Category.allCases[next(4)]
            let hour = next(24)
            _ = try timer {
                try $0.updateNotificationPreferences(of: account) { preferences in
                    preferences.frequency = frequency
                    preferences.time = LocalTime(hour: hour, minute: 0) ?? preferences.time
                    if preferences.muted.contains(mute) {
                        preferences.muted.remove(mute)
                    } else {
                        preferences.muted.insert(mute)
                    }
                }
            }
            return
                "lifetimer notifications \(account.username) \(frequency.rawValue) \(hour):00 toggle \(mute.rawValue)"
        case .timerFollow, .timerUnfollow, .timerBlock, .timerUnblock:
            guard let viewer = anAccount() else { return "lifetimer social: no account" }
            let others = world.usernames.filter { $0 != viewer.username }
            let target = others[next(others.count)]
            switch kind {
            case .timerFollow: _ = try timer { try $0.follow(target, viewer: viewer) }
            case .timerUnfollow: try timer { try $0.unfollow(target, viewer: viewer) }
            case .timerBlock: _ = try timer { try $0.block(target, viewer: viewer) }
            default: try timer { try $0.unblock(target, viewer: viewer) }
            }
            return "lifetimer \(kind.rawValue.dropFirst(5).lowercased()) \(viewer.username) → \(target)"
        default:
            return "unknown operation"
        }
    }
}
