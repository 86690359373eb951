import CSQLite
import Foundation

extension Database {
    /// Copies the whole database into a new file at `destinationPath` with
    /// SQLite's online backup API, in one step, so the copy is one consistent
    /// snapshot even while other connections write (SPEC CORE-11).
    ///
    /// Refuses an existing destination rather than overwrite it (a `LifeError`,
    /// checked atomically as the file is created), and a missing
    /// folder rather than create one at a mistyped path; the new file is
    /// created with mode 0600 like the database itself.
    public func backup(to destinationPath: String) throws {
        try checkOpen()
        try FilePermissions.createPrivateFile(atPath: destinationPath, createFolders: false, mustBeNew: true)
        do {
            try copy(to: destinationPath)
        } catch {
            // An empty or partial file would pass for a backup (SQLite opens an
            // empty file as an empty database) and would block the retry. Only
            // what this call created: the file and its rollback journal.
            for suffix in ["", "-journal"] {
                try? FileManager.default.removeItem(atPath: destinationPath + suffix)
            }
            throw error
        }
    }

    private func copy(to destinationPath: String) throws {
        let destination = try Database(path: destinationPath, options: OpenOptions(create: false, walJournal: false))
        defer { destination.close() }
        try copy(into: destination)
    }

    /// A private, writable copy of the whole database in memory, page for
    /// page (damage included), for checks that need a writable connection.
    func copyIntoMemory() throws -> Database {
        let memory = try Database(path: ":memory:", options: OpenOptions(walJournal: false))
        do {
            try copy(into: memory)
        } catch {
            memory.close()
            throw error
        }
        return memory
    }

    private func copy(into destination: Database) throws {
        try checkOpen()
        guard let backup = sqlite3_backup_init(destination.handle, "main", handle, "main") else {
            throw destination.error(sqlite3_errcode(destination.handle), sql: nil)
        }
        let stepCode = sqlite3_backup_step(backup, -1)
        let finishCode = sqlite3_backup_finish(backup)
        guard stepCode == SQLITE_DONE else {
            throw DatabaseError(extendedCode: stepCode, message: nil, sql: nil)
        }
        guard finishCode == SQLITE_OK else {
            throw destination.error(finishCode, sql: nil)
        }
    }
}
