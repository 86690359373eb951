import Foundation
import Hereafter
import LifeCore
import LifeDB
import LifeKitTestSupport
import Testing

/// HereafterStore reads its rows by column name and its photo type
/// strictly: a media type `PhotoKind` does not know (written by a newer
/// build, or by hand with the CHECKs switched off) is an error naming table,
/// row, column and value, never a photo silently dropped (issue 10).
@Suite struct HereafterStoreDecodingTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D])

    /// A discovered message with a PNG photo, and the store at the visit.
    static func discovered() throws -> (HereafterFixture, HereafterStore, UUID) {
        let fixture = try HereafterFixture(inMemory: true)
        let here = try HereafterFixture.point(48.8584, 2.2945)
        let message = try fixture.store(at: "2026-11-22T12:00:00Z").plant(
            text: "the words", at: here, unlock: try HereafterFixture.date("2026-12-01"), photo: png)
        let store = try fixture.store(at: "2026-12-02T12:00:00Z")
        #expect(try store.visit(at: here).discovered.map(\.id) == [message.id])
        return (fixture, store, message.id)
    }

    static func force(_ db: DatabaseQueue, _ sql: String) throws {
        try db.force(sql)
    }

    static func caught(_ body: () throws -> Void) -> LifeError? {
        do { try body() } catch let error as LifeError { return error } catch { return nil }
        return nil
    }

    @Test func aMessageReadsBackWhole() throws {
        let (_, store, id) = try Self.discovered()
        let message = try store.requireMessage(id)
        #expect(message.content == .readable(text: "the words", photo: PhotoInfo(mediaType: .png, byteCount: 12)))
        #expect(message.unlockDate == (try HereafterFixture.date("2026-12-01")))
        #expect(try store.photo(of: id)?.kind == .png)
        #expect(try store.threads().map { $0.messages.map(\.id) } == [[id]])
    }

    @Test func anUnknownPhotoTypeIsNamedNotDropped() throws {
        let (fixture, store, id) = try Self.discovered()
        try Self.force(fixture.db, "UPDATE hereafter_photos SET media_type = 'image/bmp'")
        let key = id.uuidString.lowercased()
        let expected =
            "hereafter_messages row '\(key)' cannot be read: hereafter_messages.media_type holds 'image/bmp', which is not a known PhotoKind value; the file was changed outside lifectl or is damaged"
        let error = Self.caught { _ = try store.messages() }
        #expect(error?.message == expected)
        #expect(error?.kind == .malformedInput)
        #expect(error?.remedy == .databaseCheck)
        #expect(Self.caught { _ = try store.requireMessage(id) }?.message == expected)
        #expect(Self.caught { _ = try store.thread(id) }?.message == expected)
    }

    @Test func anUnreadableThreadTimeIsNamed() throws {
        let (fixture, store, _) = try Self.discovered()
        let thread = try #require(try fixture.db.fetchOne(String.self, "SELECT id FROM hereafter_threads"))
        try Self.force(fixture.db, "UPDATE hereafter_threads SET created_at = 'soon'")
        let error = Self.caught { _ = try store.threads() }
        #expect(error?.kind == .malformedInput)
        #expect(
            error?.message
                == "hereafter_threads row '\(thread)' cannot be read: hereafter_threads.created_at: column created_at holds TEXT that cannot be read as Date; the file was changed outside lifectl or is damaged"
        )
    }
}
