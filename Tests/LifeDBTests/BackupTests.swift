import Foundation
import LifeDB
import LifeDBTestSupport
import Testing

/// SPEC CORE-11 `db backup`: the online backup API gives one consistent
/// snapshot while another connection keeps writing, and never overwrites.
@Suite struct BackupTests {
    /// Rows are committed in batches of this size, together with a running
    /// total in `tally`, so a consistent copy has a multiple of it and a tally
    /// that agrees with its rows.
    static let batch = 7

    @Test func backupWhileAnotherConnectionWrites() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/live.db"
            do {
                let setup = try openWAL(path)
                try setup.executeScript(
                    """
                    CREATE TABLE item (id INTEGER PRIMARY KEY, payload TEXT NOT NULL);
                    CREATE TABLE tally (id INTEGER PRIMARY KEY CHECK (id = 1), rows INTEGER NOT NULL);
                    INSERT INTO tally (id, rows) VALUES (1, 0);
                    """)
            }

            let failure = Locked<String?>(nil)
            let committedRows = Locked(0)
            let stop = Locked(false)
            let batchCommitted = DispatchSemaphore(value: 0)
            let batch = Self.batch
            let writerFinished = startThread(failure: failure) {
                let writer = try openWAL(path)
                var rows = 0
                // Bounded: stops when told, or after 20,000 batches at most.
                for _ in 0..<20_000 where !stop.get() {
                    try writer.writeTransaction { db in
                        for _ in 0..<batch {
                            rows += 1
                            try db.execute(
                                "INSERT INTO item (id, payload) VALUES (?, ?)",
                                [rows, String(repeating: "payload \(rows) ", count: 20)])
                        }
                        try db.execute("UPDATE tally SET rows = ? WHERE id = 1", [rows])
                    }
                    committedRows.set(rows)
                    batchCommitted.signal()
                }
            }

            // Start once the writer is under way.
            for _ in 0..<3 { #expect(batchCommitted.wait(timeout: .now() + 30) == .success) }
            let source = try openWAL(path)
            let countBefore = committedRows.get()
            // Backup never creates folders (a mistyped path fails): make it first.
            try FileManager.default.createDirectory(atPath: directory + "/copies", withIntermediateDirectories: true)
            let backupPath = directory + "/copies/backup.db"
            try source.backup(to: backupPath)
            // Let the writer commit at least one more batch after the copy, then stop it.
            let countAtBackupEnd = committedRows.get()
            while committedRows.get() <= countAtBackupEnd && failure.get() == nil {
                _ = batchCommitted.wait(timeout: .now() + 1)
            }
            stop.set(true)
            #expect(writerFinished.wait(timeout: .now() + 60) == .success)
            #expect(failure.get() == nil)
            let countAfter = committedRows.get()

            #expect(try permissionBits(backupPath) == 0o600)
            let copy = try Database(path: backupPath, options: .init(readOnly: true))
            #expect(try copy.fetchAll("PRAGMA integrity_check").map { try $0.get(String.self, at: 0) } == ["ok"])
            let copied = try count(copy, "item")
            #expect(copied % Self.batch == 0, "a half-committed batch was copied: \(copied) rows")
            #expect(copied >= countBefore && copied <= countAfter, "\(countBefore) ≤ \(copied) ≤ \(countAfter)")
            #expect(copied < countAfter, "the writer went on after the copy")
            #expect(try copy.fetchOne(Int.self, "SELECT rows FROM tally") == copied)
            #expect(try copy.fetchOne(Int.self, "SELECT max(id) FROM item") == copied)
            #expect(
                try copy.fetchOne(String.self, "SELECT payload FROM item WHERE id = ?", [copied])
                    == String(repeating: "payload \(copied) ", count: 20))
        }
    }

    @Test func backupRefusesAnExistingDestination() throws {
        try withTemporaryDirectory { directory in
            let source = try openWAL(directory + "/source.db")
            try source.executeScript("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
            let destination = directory + "/precious.txt"
            let precious = Data("do not overwrite me\n".utf8)
            try precious.write(to: URL(fileURLWithPath: destination))
            let error = lifeError { try source.backup(to: destination) }
            #expect(error?.kind == .invalidValue)
            #expect(error?.message == "\(destination) already exists; backup never overwrites a file")
            #expect(try fileBytes(destination) == precious)
        }
    }

    /// A backup that fails leaves no file behind: an empty or partial file
    /// at the destination would pass for a backup (SQLite opens an empty file
    /// as an empty database) and would block the retry.
    @Test func aFailedBackupLeavesNoFile() throws {
        try withTemporaryDirectory { directory in
            let source = try openWAL(directory + "/source.db")
            try source.executeScript("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
            // SQLite refuses to copy from a connection in the middle of writing.
            try source.executeScript("BEGIN IMMEDIATE; INSERT INTO t VALUES (2)")
            let destination = directory + "/backup.db"
            let error = databaseError { try source.backup(to: destination) }
            #expect(error?.primaryCode == 5)  // SQLITE_BUSY
            #expect(!FileManager.default.fileExists(atPath: destination))
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("backup") } == [])
            try source.execute("COMMIT")
            try source.backup(to: destination)
            #expect(try rawRows(path: destination, "SELECT x FROM t ORDER BY x") == [[.integer(1)], [.integer(2)]])
        }
    }

    @Test func backupOfAnInMemoryDatabase() throws {
        try withTemporaryDirectory { directory in
            let memory = try Database(path: ":memory:")
            try memory.executeScript("CREATE TABLE t (x TEXT); INSERT INTO t VALUES ('東京'), ('Zürich')")
            let path = directory + "/from-memory.db"
            try memory.backup(to: path)
            #expect(try rawRows(path: path, "SELECT x FROM t ORDER BY rowid") == [[.text("東京")], [.text("Zürich")]])
        }
    }
}
