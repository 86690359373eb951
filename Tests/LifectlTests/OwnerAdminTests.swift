import Foundation
import LifeKitTestSupport
import Testing

/// SPEC LT-8 and docs/lifetimer.md: the owner's account is always an admin;
/// when it is deleted the oldest remaining account becomes the owner's, and
/// so an admin; accounts created at the same instant count in creation order.
@Suite(.tags(.endToEnd)) struct OwnerAdminTests {
    static func account(_ cli: Lifectl, as username: String) throws -> [String: Any] {
        let result = try cli.run(["lifetimer", "account", "show", "--as", username, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test func theNextOwnerIsAnAdminAndCanGrant() throws {
        let cli = try Lifectl()
        for (name, second) in [("ada", "00"), ("bob", "01"), ("cat", "02")] {
            let made = try cli.run(
                ["lifetimer", "account", "create", name],
                extraEnvironment: ["LIFECTL_NOW": "2026-11-23T10:00:\(second)Z"])
            #expect(made.status == 0, "\(made.stderr)")
        }
        #expect(try Self.account(cli, as: "bob")["admin"] as? Bool == false)
        #expect(try cli.run("lifetimer", "account", "delete", "--yes").status == 0)
        let bob = try Self.account(cli, as: "bob")
        #expect(bob["owner"] as? Bool == true)
        #expect(bob["admin"] as? Bool == true)
        #expect(try Self.account(cli, as: "cat")["admin"] as? Bool == false)
        let reports = try cli.run("lifetimer", "admin", "reports")
        #expect(reports.status == 0 && reports.stdout == "No reports.\n", "\(reports.stderr)")
        #expect(try cli.run("lifetimer", "admin", "grant", "cat").status == 0)
        #expect(try Self.account(cli, as: "cat")["admin"] as? Bool == true)
        // No grant row is stored for the owner: being the owner's is the right.
        #expect(
            try cli.sqlite(
                "SELECT group_concat(a.username) FROM lifetimer_admins JOIN lifetimer_accounts AS a ON a.id = account_id"
            ) == "cat")
        #expect(try cli.run("db", "check").status == 0)
    }

    @Test func accountsMadeAtTheSameInstantPassOwnershipInCreationOrder() throws {
        let cli = try Lifectl()
        for name in ["zed", "yan", "abe"] {
            #expect(try cli.run("lifetimer", "account", "create", name).status == 0)
        }
        // abe, made last, gets the smallest id, so an order by id would pick it.
        let small = "00000000-0000-4000-8000-000000000000"
        _ = try cli.sqlite(
            """
            PRAGMA foreign_keys = OFF;
            UPDATE lifetimer_settings SET account_id = '\(small)' WHERE account_id = (SELECT id FROM lifetimer_accounts WHERE username = 'abe');
            UPDATE lifetimer_notification_preferences SET account_id = '\(small)' WHERE account_id = (SELECT id FROM lifetimer_accounts WHERE username = 'abe');
            UPDATE lifetimer_accounts SET id = '\(small)' WHERE username = 'abe';
            """)
        #expect(try cli.sqlite("SELECT count(DISTINCT created_at) FROM lifetimer_accounts") == "1")
        #expect(try cli.run("lifetimer", "account", "delete", "--yes").status == 0)
        #expect(try cli.sqlite("SELECT username FROM lifetimer_accounts WHERE is_owner = 1") == "yan")
        #expect(try Self.account(cli, as: "yan")["admin"] as? Bool == true)
        #expect(try Self.account(cli, as: "abe")["admin"] as? Bool == false)
    }
}
