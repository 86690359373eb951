import Foundation
import LifeCore
import LifeDB

/// Only Walks' use cases (SPEC §5) for an app or the CLI: one public method
/// is one use case is one transaction, every rule checked inside it, so that
/// nothing decided is read outside the transaction that acts on it (SPEC
/// CORE-12). The rules themselves are `WalksSession`'s.
public struct WalksStore: Sendable {
    let writer: any DatabaseWriter
    public let clock: Clock

    public init(_ writer: any DatabaseWriter, clock: Clock) {
        self.writer = writer
        self.clock = clock
    }

    func read<T>(_ body: (WalksSession) throws -> T) throws -> T {
        try writer.read { try body(WalksSession($0, clock: clock)) }
    }

    func write<T>(_ body: (WalksSession) throws -> T) throws -> T {
        try writer.write { try body(WalksSession($0, clock: clock)) }
    }

    // MARK: Settings (WALK-7)

    /// Metric or imperial, shared by every product.
    public func units() throws -> Units { try read { try $0.units() } }

    public func setUnits(_ units: Units) throws { try write { try $0.setUnits(units) } }

    /// The owner's zone, which dates walks for people and decides `prune --before`.
    public func timeZone() throws -> TimeZone { try read { try $0.timeZone() } }

    // MARK: Listing and detail (WALK-4, WALK-7)

    /// Every saved walk, newest first, from the summary columns alone (the
    /// points are never decoded to list). An untimed walk is dated by its
    /// file's own time when the file had one, else by its import.
    public func list(limit: Int? = nil) throws -> [WalkSummary] { try read { try $0.list(limit: limit) } }

    /// The walk with this id, or with an id starting with this prefix (at
    /// least 4 characters, unique), as `git` resolves commits.
    public func walk(_ reference: String) throws -> WalkSummary { try read { try $0.walk(reference) } }

    /// Resolves a full id or a unique prefix to the walk's id.
    public func resolve(_ reference: String) throws -> String { try read { try $0.resolve(reference) } }

    /// Every point of the walk, decoded; nil once pruned.
    public func points(_ reference: String) throws -> Track? { try read { try $0.points(reference) } }

    /// The simplified path the doodles draw (WALK-5, WALK-6).
    public func simplifiedPath(_ reference: String) throws -> Track {
        try read { try $0.simplifiedPath(reference) }
    }

    // MARK: Saving (WALK-1)

    /// WALK-1: imports one GPX file, each non-empty `<trk>` as one walk, in one
    /// transaction: a malformed file throws (naming file and line) and saves
    /// nothing. A file whose text was imported before is skipped and says
    /// so. A gzip-compressed file is inflated as it is read (WALK-9). The
    /// file is read and parsed before the transaction (the write lock is not
    /// held while a large file is parsed); whether it was imported before is
    /// decided again under the lock.
    public func importGPX(path: String) throws -> FileImport {
        // A FIFO or a device can be read only once (a second open of a FIFO
        // waits for a writer that is gone, REL-3): its bytes are read into
        // memory and hashed and parsed from there. A regular file is read twice.
        let once = try GPXSourceFile.isRegularFile(path) ? nil : GPXSourceFile.readOnce(path: path)
        let input: @Sendable () throws -> GPXInput = {
            try once.map { GPXInput(bytes: $0, name: path) } ?? GPXInput(path: path)
        }
        // PERF-2: the content hash is worked out on another thread while this
        // one parses. A file found imported before stops the parse at its
        // next chunk (a duplicate costs no more than its hash); the outcome
        // is the one hashing first gave: an already imported file is skipped
        // even when this build would refuse it.
        let store = self
        let hashing = BackgroundWork { () throws -> (sha256: String, skipped: FileImport?) in
            let sha256 = try GPXSourceFile.sha256(of: input())
            return (sha256, try store.read { try $0.alreadyImported(path: path, sha256: sha256) })
        }
        let parsed = Result {
            try GPXReader.read(input(), fileName: path) { hashing.valueIfDone.map { $0.skipped != nil } ?? false }
        }
        let (sha256, skipped) = try hashing.wait()
        if let skipped { return skipped }
        let file = try parsed.get()
        return try write { try $0.saveGPX(file, path: path, sha256: sha256) }
    }

    /// Saves a walk an app recorded in memory (or a program made) in one
    /// transaction, with the same rules as an import: points rounded to the
    /// codec's precision, WALK-3's summary, the doodle's path.
    @discardableResult
    public func save(_ track: Track, name: String? = nil) throws -> WalkSummary {
        try write { try $0.save(track, name: name) }
    }

    // MARK: Delete and prune (WALK-4, WALK-7)

    /// Deletes the walk and its points. Returns what was deleted.
    @discardableResult
    public func delete(_ reference: String) throws -> WalkSummary { try write { try $0.delete(reference) } }

    /// WALK-4: drops the points of every walk dated before `date` (in the
    /// owner's time zone), keeping its summary and simplified path. Walks
    /// already pruned are left alone. Returns the walks pruned.
    public func prune(before date: CivilDate) throws -> [WalkSummary] { try write { try $0.prune(before: date) } }

    // MARK: Checks

    /// What `lifectl db check` reports of Walks' rows (`WalksProduct`).
    public func invariantViolations() throws -> [String] { try read { try $0.invariantViolations() } }
}
