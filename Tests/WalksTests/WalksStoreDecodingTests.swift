import Foundation
import LifeCore
import LifeDB
import LifeKitTestSupport
import Testing
import Walks

/// WalksStore reads its rows by column name and its enums strictly: a word
/// the enums do not know (written by a newer build, or by hand with the
/// CHECKs switched off) is an error naming table, row, column and value,
/// never `.gpx` or `.finished` (issue 10).
@Suite struct WalksStoreDecodingTests {
    static func store() throws -> (WalksStore, DatabaseQueue, String) {
        let (store, db, _) = try WalksStoreTests.makeStore(inMemory: true)
        let walk = try store.save(
            Track(points: [EquatorWalk.point(0, 0), EquatorWalk.point(100, 60), EquatorWalk.point(200, 120)]),
            name: "Pier")
        return (store, db, walk.id)
    }

    /// Writes past the schema's CHECKs, as an older build would meet a newer build's words.
    static func force(_ db: DatabaseQueue, _ sql: String) throws {
        try db.force(sql)
    }

    static func caught(_ body: () throws -> Void) -> LifeError? {
        do { try body() } catch let error as LifeError { return error } catch { return nil }
        return nil
    }

    @Test func aWalkReadsBackWhole() throws {
        let (store, _, id) = try Self.store()
        let walk = try store.walk(id)
        #expect(walk.name == "Pier")
        #expect(walk.source == .recorded)
        #expect(walk.state == .finished)
        #expect(walk.pointCount == 3)
        #expect(walk.elapsedSeconds == 120)
        #expect(try store.list().map(\.id) == [id])
    }

    @Test func anUnknownSourceIsNamedNotGPX() throws {
        let (store, db, id) = try Self.store()
        try Self.force(db, "UPDATE walks SET source = 'strava'")
        let expected =
            "walks row '\(id)' cannot be read: walks.source holds 'strava', which is not a known WalkSource value; the file was changed outside lifectl or is damaged"
        let listed = Self.caught { _ = try store.list() }
        #expect(listed?.message == expected)
        #expect(listed?.kind == .malformedInput)
        #expect(listed?.remedy == .databaseCheck)
        #expect(Self.caught { _ = try store.walk(id) }?.message == expected)
    }

    @Test func anUnknownStateIsNamedNotFinished() throws {
        let (store, db, id) = try Self.store()
        try Self.force(db, "UPDATE walks SET state = 'paused'")
        let error = Self.caught { _ = try store.walk(id) }
        #expect(
            error?.message
                == "walks row '\(id)' cannot be read: walks.state holds 'paused', which is not a known WalkState value; the file was changed outside lifectl or is damaged"
        )
        #expect(error?.kind == .malformedInput)
    }

    @Test func aTimestampThatIsNotOneIsNamed() throws {
        let (store, db, id) = try Self.store()
        try Self.force(db, "UPDATE walks SET created_at = 'yesterday'")
        let error = Self.caught { _ = try store.walk(id) }
        #expect(error?.kind == .malformedInput)
        #expect(
            error?.message
                == "walks row '\(id)' cannot be read: walks.created_at: column created_at holds TEXT that cannot be read as Date; the file was changed outside lifectl or is damaged"
        )
    }
}
