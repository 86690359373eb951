import Foundation
import LifeKitTestSupport
import Testing

/// End-to-end: the built lifectl's `db` commands (SPEC CORE-1, CORE-3, CORE-7, CORE-11).
@Suite(.tags(.endToEnd)) struct DBCommandTests {
    @Test func initThenCheckAndTheFileIsPrivate() throws {
        let cli = try Lifectl()
        let db = cli.path("nested/folder/life.db")
        let created = try cli.run("db", "init", "--db", db)
        #expect(created.status == 0)
        #expect(
            created.stdout
                == "created \(db)\n"
                + Lifectl.schemaMigrations.map { "applied \($0.file)\n" }.joined()
                + "\(db) is at schema version \(Lifectl.latestVersion)\n")
        #expect(created.stderr == "")
        let check = try cli.run("db", "check", "--db", db)
        #expect(check.status == 0)
        #expect(check.stdout.contains("ok  integrity_check"))
        let attributes = try FileManager.default.attributesOfItem(atPath: db)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: cli.path("nested/folder"))
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        // sqlite3 sees the schema version too.
        var shell = cli
        shell.environment["LIFECTL_DB"] = db
        #expect(try shell.sqlite("PRAGMA user_version") == "\(Lifectl.latestVersion)")
        #expect(try shell.sqlite("PRAGMA journal_mode") == "wal")
        // A second init changes nothing and says so.
        let again = try cli.run("db", "init", "--db", db)
        #expect(again.stdout == "\(db) is up to date at schema version \(Lifectl.latestVersion)\n")
    }

    @Test func aTextFileIsRefusedAndLeftUntouched() throws {
        let cli = try Lifectl()
        let path = cli.path("notes.txt")
        let content = Data("my precious notes\nline two\n".utf8)
        try content.write(to: URL(fileURLWithPath: path))
        for command in [["db", "init"], ["db", "status"], ["db", "check"], ["db", "migrate"]] {
            let result = try cli.run(command + ["--db", path])
            #expect(result.status == 65, "\(command)")
            #expect(result.stderr == "error: \(path) is not a SQLite database; lifectl leaves it untouched\n")
            #expect(result.stdout == "")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == content)
        }
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func aNewerDatabaseIsRefusedUnchanged() throws {
        let cli = try Lifectl()
        #expect(try cli.run("db", "init").status == 0)
        // A later lifectl applied migration 99; this build must not touch the file.
        _ = try cli.sqlite(
            "INSERT INTO schema_migrations VALUES (99, 'future', '\(String(repeating: "a", count: 64))', '2030-01-01 00:00:00.000'); PRAGMA user_version = 99; PRAGMA wal_checkpoint(TRUNCATE);"
        )
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.databasePath))
        let result = try cli.run("db", "status")
        #expect(result.status == 65)
        #expect(
            result.stderr.contains(
                "holds migration 0099_future, which this build does not know (its latest is \(Lifectl.schemaMigrations.last?.file ?? ""))"
            ))
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.databasePath)) == before)
    }

    @Test func pathFollowsTheDocumentedOrder() throws {
        var cli = try Lifectl()
        #expect(try cli.run("db", "path", "--db", "/x/flag.db").stdout == "/x/flag.db\n(from --db)\n")
        #expect(try cli.run("db", "path").stdout == "\(cli.databasePath)\n(from $LIFECTL_DB)\n")
        cli.environment["LIFECTL_DB"] = nil
        cli.environment["XDG_DATA_HOME"] = "/data"
        #expect(try cli.run("db", "path").stdout == "/data/lifectl/life.db\n(from $XDG_DATA_HOME)\n")
        cli.environment["XDG_DATA_HOME"] = nil
        let json = try cli.run("db", "path", "--json")
        #expect(
            json.stdout
                == "{\n  \"path\" : \"\(cli.directory.path)/.local/share/lifectl/life.db\",\n  \"source\" : \"default\"\n}\n"
        )
    }

    @Test func missingDatabaseForInspectionIsExit66() throws {
        let cli = try Lifectl()
        for command in ["status", "check", "schema"] {
            let result = try cli.run("db", command)
            #expect(result.status == 66)
            #expect(
                result.stderr
                    == "error: no database at \(cli.databasePath) (from $LIFECTL_DB); this command only reads, so it made none: `lifectl db init` creates it, as does any command that saves something\n"
            )
            #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
        }
    }

    @Test func statusJSONAndSchema() throws {
        let cli = try Lifectl()
        #expect(try cli.run("db", "init").status == 0)
        let status = try cli.run("db", "status", "--json")
        #expect(status.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == Lifectl.latestVersion)
        #expect(object["journalMode"] as? String == "wal")
        #expect(
            (object["migrations"] as? [[String: Any]])?.map { $0["name"] as? String }
                == Lifectl.schemaMigrations.map { String($0.file.dropFirst(5)) })
        #expect((object["rowsByDomain"] as? [String: Int])?["finite"] == 0)
        // The products, and not the search index, which is derived from them.
        #expect(
            (object["rowsByDomain"] as? [String: Int]).map { Set($0.keys) }
                == ["core", "finite", "lifetimer", "walks", "hereafter", "dailymenu"])
        let schema = try cli.run("db", "schema")
        #expect(schema.stdout.contains("CREATE TABLE owner ("))
        #expect(schema.stdout.contains("CREATE VIEW finite_weeks AS"))
        // The comments stay, the rule ids they cite are not shown (the stored
        // schema has them: `walks` cites WALK-3).
        let ruleID = #/\b(?:CORE|FIN|LT|WALK|HA|DM|SYNC|SRV|REL|PERF|STAT)-\d/#
        #expect(schema.stdout.contains("-- metres along the WGS-84 ellipsoid, summed within segments."))
        #expect(schema.stdout.firstMatch(of: ruleID) == nil)
        let json = try cli.run("db", "schema", "--json")
        #expect(json.status == 0 && json.stdout.contains("CREATE TABLE owner ("))
        #expect(json.stdout.firstMatch(of: ruleID) == nil)
        let stored = try rawRows(path: cli.databasePath, "SELECT sql FROM sqlite_schema WHERE name = 'walks'")
        guard case .text(let bytes)? = stored.first?.first else { throw TestFailure("walks has no stored SQL") }
        #expect(String(decoding: bytes, as: UTF8.self).contains("WALK-3: metres"))
    }

    @Test func backupIsAConsistentCopyAndNeverOverwrites() throws {
        let cli = try Lifectl()
        #expect(try cli.run("db", "init").status == 0)
        let target = cli.path("copy.db")
        let first = try cli.run("db", "backup", target)
        #expect(first.status == 0)
        var copy = cli
        copy.environment["LIFECTL_DB"] = target
        #expect(try copy.sqlite("PRAGMA integrity_check") == "ok")
        #expect(try copy.sqlite("SELECT count(*) FROM schema_migrations") == "\(Lifectl.schemaMigrations.count)")
        let attributes = try FileManager.default.attributesOfItem(atPath: target)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let second = try cli.run("db", "backup", target)
        #expect(second.status == 64)
        #expect(second.stderr == "error: \(target) already exists; give --force to replace it\n")
    }

    @Test func badClockIsAUsageError() throws {
        let cli = try Lifectl()
        let result = try cli.run(["db", "init"], extraEnvironment: ["LIFECTL_NOW": "noon"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: LIFECTL_NOW is 'noon'"))
    }

    @Test func checkFailsWithExit65OnABrokenInvariant() throws {
        let cli = try Lifectl()
        #expect(try cli.run("db", "init").status == 0)
        _ = try cli.sqlite("PRAGMA user_version = 1")
        let result = try cli.run("db", "check")
        #expect(result.status == 65)
        #expect(result.stdout.contains("FAIL  migrations"))
        #expect(
            result.stdout.contains("user_version is 1 but the latest applied migration is \(Lifectl.latestVersion)"))
    }
}

extension DBCommandTests {
    @Test func backupIntoAMissingFolderFailsAndCreatesNothing() throws {
        let cli = try Lifectl()
        #expect(try cli.run("db", "init").status == 0)
        let target = cli.path("typo/backup.db")
        let result = try cli.run("db", "backup", target)
        #expect(result.status == 74)
        #expect(result.stderr == "error: cannot write \(target): the folder \(cli.path("typo")) does not exist\n")
        #expect(!FileManager.default.fileExists(atPath: cli.path("typo")))
    }
}

extension DBCommandTests {
    /// The foundation issue's own check, literally: a one-letter relative path
    /// (Foundation on Linux traps on such a path in `deletingLastPathComponent`).
    @Test func oneLetterRelativePaths() throws {
        let cli = try Lifectl()
        #expect(try cli.run("db", "init", "--db", "X").status == 0)
        let check = try cli.run("db", "check", "--db", "X")
        #expect(check.status == 0, "\(check.stderr)")
        #expect(FileManager.default.fileExists(atPath: cli.path("X")))
        let attributes = try FileManager.default.attributesOfItem(atPath: cli.path("X"))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14", "--db", "F").status == 0)
        #expect(try cli.run("db", "backup", "B", "--db", "X").status == 0)
        #expect(try cli.run("finite", "grid", "--svg", "P", "--db", "F").status == 0)
    }
}

extension DBCommandTests {
    @Test(arguments: ["", "folder/"])
    func aDBFlagThatNamesNoFileIsRefused(flag: String) throws {
        let cli = try Lifectl()
        let result = try cli.run("db", "init", "--db", flag)
        #expect(result.status == 64)
        #expect(result.stderr == "error: --db is '\(flag)'; it must name a database file, such as ~/life.db\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).isEmpty)
    }

    /// SQLite's "unable to open database file" says which file and why
    /// (a folder where its -wal file goes), exit 74, nothing changed.
    @Test func aFolderInPlaceOfTheWALFileIsNamed() throws {
        let cli = try Lifectl()
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: cli.databasePath + suffix) }
        try FileManager.default.createDirectory(atPath: cli.databasePath + "-wal", withIntermediateDirectories: false)
        for command in [["finite", "status"], ["db", "status"]] {
            let result = try cli.run(command)
            #expect(result.status == 74, "\(command)")
            #expect(
                result.stderr
                    == "error: unable to open database file (\(cli.databasePath)-wal is not a regular file; SQLite keeps its -wal file there)\n",
                "\(command)")
        }
    }
}
