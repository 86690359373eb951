import Foundation
import LifeCore
import LifeDB
import LifeServer
import LifeTimer
import LifeTimerServer
import LifeTimerTestSupport

/// REL-8's mirror (shared by ServerTests and ServiceTests): while
/// `RandomSocialGraph` builds a graph on the device, the server is told
/// each change as the CLI keeps a published account in step (SRV-6).
public final class ServerGraphMirror {
    public let device: DatabaseQueue
    public let connection: PostgresConnection
    var adminGranted = false

    public init(device: DatabaseQueue, connection: PostgresConnection) {
        self.device = device
        self.connection = connection
    }

    public func server(at instant: Date) -> LifeTimerServerStore {
        LifeTimerServerStore(connection: connection, clock: .fixed(instant))
    }

    public func account(_ index: Int, _ model: SocialGraphModel) throws -> LifeTimerAccount {
        guard
            let found = try LifeTimerStore(device, clock: .fixed(RandomSocialGraph.base)).account(
                id: model.people[index].id)
        else { throw RandomSocialGraph.Failure("account \(model.people[index].name) is missing") }
        return found
    }

    /// Account `index` changed on the device at `at`: its copy on the server follows.
    public func wrote(_ index: Int, at: Date, model: SocialGraphModel) throws {
        let store = LifeTimerStore(device, clock: .fixed(at))
        let account = try account(index, model)
        try server(at: at).publish(
            account, goals: try store.goals(of: account), countdown: try store.countdown(of: account))
        // The device's owner (account 0) is an admin as such; on the server the operator grants it.
        if index == 0 && !adminGranted {
            try connection.execute("INSERT INTO public.lifetimer_admins (account_id) VALUES ($1)", [account.id])
            adminGranted = true
        }
    }

    public func operated(_ operation: RandomSocialGraph.Operation, model: SocialGraphModel) throws {
        let server = server(at: RandomSocialGraph.base)
        let people = model.people
        func expect(_ allowed: Bool, _ what: String, _ body: () throws -> Void) throws {
            do {
                try body()
                guard allowed else { throw RandomSocialGraph.Failure("the server let through: \(what)") }
            } catch let error as LifeError {
                if allowed { throw RandomSocialGraph.Failure("the server refused \(what): \(error.message)") }
            }
        }
        switch operation {
        case .follow(let a, let b, let allowed):
            try expect(allowed, "\(people[a].name) follows \(people[b].name)") {
                try server.follow(people[b].name, viewer: try account(a, model))
            }
        case .visibility:
            break  // an account's own data: `wrote` published it
        case .block(let a, let b):
            try server.block(people[b].name, viewer: try account(a, model))
        case .suspend(let a):
            try server.suspend(people[a].name, reason: "test", admin: try account(0, model))
        case .unsuspend(let a):
            try server.unsuspend(people[a].name, admin: try account(0, model))
        case .unblock(let a, let b):
            try server.unblock(people[b].name, viewer: try account(a, model))
        case .report(let a, let b, let allowed):
            try expect(allowed, "\(people[a].name) reports \(people[b].name)") {
                try server.report(.account(username: people[b].name), reason: "test", by: try account(a, model))
            }
        case .hide(let reporter, let goal, let milestone):
            let subject: LifeTimerStore.ReportSubject =
                if let goal { .goal(id: goal.uuidString) } else { .milestone(id: milestone?.uuidString ?? "") }
            let report = try server.report(subject, reason: "probe", by: try account(reporter, model))
            try server.resolve(report: report.uuidString, .hide, reason: "probe", admin: try account(0, model))
        case .recreate(_, let old):
            // The old account deletes itself there too; `wrote` publishes the new one.
            try server.deleteAccount(old)
        }
    }
}
