import Foundation
import LifeKitTestSupport
import ServerTestSupport
import Testing

/// A command that runs on the server creates nothing on this device
/// (issue 26, CORE-12): `server status|migrate` open no local database at
/// all, and the LifeTimer social commands with `--server` only read the
/// device's database to know who is acting — when there is none they say
/// so and leave the folder as it was.
@Suite(.tags(.endToEnd, .server), .enabled(if: TestServer.enabled, Comment(rawValue: TestServer.remedy)))
struct ServerLocalFileTests {
    /// The names in the sandbox, apart from the ones the harness made.
    static func files(_ lifectl: Lifectl) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: lifectl.directory.path).sorted()
    }

    @Test func serverCommandsCreateNoLocalDatabase() throws {
        let database = try TestServer.database()
        defer { database.drop() }
        let lifectl = try Lifectl()
        // LIFECTL_DB names a file in a folder that does not exist yet: a
        // command that created the database would create the folder too.
        var sandbox = lifectl
        sandbox.environment["LIFECTL_DB"] = lifectl.path("phone/life.db")
        let before = try Self.files(sandbox)
        let server = [
            ["server", "status", "--server", database.url],
            ["server", "migrate", "--server", database.url],
        ]
        for arguments in server {
            let result = try sandbox.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let social = [
            ["lifetimer", "feed", "--server", database.url],
            ["lifetimer", "leaderboard", "--server", database.url],
            ["lifetimer", "search", "ada", "--server", database.url],
            ["lifetimer", "--server", database.url, "follow", "bob"],
        ]
        for arguments in social {
            let result = try sandbox.run(arguments)
            // No database on this device: it says so (66, a missing file)
            // and names the path it looked for.
            #expect(result.status == 66, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("phone/life.db"), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try Self.files(sandbox) == before)
        #expect(!FileManager.default.fileExists(atPath: lifectl.path("phone")))
    }
}
