import Foundation
import LifeDB
import LifeKernel
import LifeKit
import LifeKitTestSupport
import LifeSync
import Testing

/// The merge of two records (docs/sync.md, section 5) on hand-made records:
/// each rule by a worked example, and the algebra that makes bundles'
/// order irrelevant.
@Suite struct SyncMergeTests {
    static let siteA = SiteID(hex: "0a0000000000000000000000000000aa")!
    static let siteB = SiteID(hex: "0b0000000000000000000000000000bb")!
    static let server = SiteID(hex: "05000000000000000000000000000055")!

    static func table(_ name: String) throws -> SyncTable {
        try #require(
            try TestDatabase.queue(now: Date(timeIntervalSince1970: 0)).read { db in
                try SyncCatalog(registry: LifeKit.registry, db: db)
            }.table(named: name))
    }

    static func v(_ hlc: Int64, _ site: SiteID = siteA) -> SyncVersion { SyncVersion(hlc: hlc, site: site) }

    static func serverClass(_ site: SiteID) -> Int { site == server ? 1 : 0 }

    /// A finite mark of week 1899, created at `created` (after a change at
    /// hlc `base`), deleted at `deleted` when given; its values are a
    /// function of the writes that made them.
    static func mark(
        created: SyncVersion, base: Int64 = 0, deleted: SyncVersion? = nil, id: String = "id-a", rating: Int64 = 3,
        ratingAt: SyncVersion? = nil, markedAt: String = "2026-11-22 11:00:00.000",
        updatedAt: String = "2026-11-22 11:00:00.000", idAt: SyncVersion? = nil
    ) -> SyncRecord {
        SyncRecord(
            table: "finite_marks", identity: [.integer(1899)], creation: created, base: base, deletion: deleted,
            units: [
                "@created": idAt ?? created, "group:mark": ratingAt ?? created, "marked_at": created,
                "updated_at": created,
            ],
            values: [
                "week_index": .integer(1899), "id": .text(id), "profile_id": .integer(1), "rating": .integer(rating),
                "category": .null, "phrase": .null, "marked_at": .text(markedAt), "updated_at": .text(updatedAt),
            ])
    }

    func merge(_ a: SyncRecord, _ b: SyncRecord, _ table: SyncTable) -> SyncRecord {
        SyncRecord.merge(a, b, table: table, serverClass: Self.serverClass)
    }

    @Test func naturalKeyKeepsTheFirstIDAndTheNewerValues() throws {
        let marks = try Self.table("finite_marks")
        // A marked the week at 11:00, B at 12:00, neither knowing of the other.
        let a = Self.mark(created: Self.v(100, Self.siteA), id: "id-a", rating: 3)
        let b = Self.mark(
            created: Self.v(200, Self.siteB), id: "id-b", rating: 5, markedAt: "2026-11-22 12:00:00.000",
            updatedAt: "2026-11-22 12:00:00.000")
        let merged = merge(a, b, marks)
        #expect(merged.creation == Self.v(100, Self.siteA))
        #expect(merged.latestCreation == Self.v(200, Self.siteB))
        #expect(merged.values["id"] == .text("id-a"))  // created first keeps the key
        #expect(merged.values["rating"] == .integer(5))  // the newer edit
        #expect(merged.units["group:mark"] == Self.v(200, Self.siteB))
        #expect(merged.values["marked_at"] == .text("2026-11-22 11:00:00.000"))  // earliest
        #expect(merged.values["updated_at"] == .text("2026-11-22 12:00:00.000"))  // latest
        #expect(merge(b, a, marks) == merged)
        #expect(merged.isAlive)
    }

    @Test func aLaterEditOnTheFirstRowWins() throws {
        let marks = try Self.table("finite_marks")
        let a = Self.mark(created: Self.v(100), rating: 2, ratingAt: Self.v(300))
        let b = Self.mark(created: Self.v(200, Self.siteB), id: "id-b", rating: 5)
        #expect(merge(a, b, marks).values["rating"] == .integer(2))
    }

    /// SYNC-8: the last thing done to the row wins, a deletion or a change.
    @Test func existenceIsOrderedByTime() throws {
        let marks = try Self.table("finite_marks")
        // Deleted at 150 on B, edited at 900 on A (not yet told): alive, with the edit.
        let edited = Self.mark(created: Self.v(100), rating: 2, ratingAt: Self.v(900))
        let deleted = Self.mark(created: Self.v(100), deleted: Self.v(150, Self.siteB))
        let revived = merge(edited, deleted, marks)
        #expect(revived.isAlive)
        #expect(revived.deletion == Self.v(150, Self.siteB))
        #expect(revived.values["rating"] == .integer(2))
        #expect(revived.values["id"] == .text("id-a"))  // whole: the other values stay
        // Edited at 120, deleted at 150: deleted.
        let editedBefore = Self.mark(created: Self.v(100), rating: 4, ratingAt: Self.v(120))
        #expect(!merge(editedBefore, deleted, marks).isAlive)
        // Two deletions: the later one.
        let deletedLater = Self.mark(created: Self.v(100), deleted: Self.v(170))
        #expect(merge(deleted, deletedLater, marks).deletion == Self.v(170))
    }

    /// A row created again after its deletion (its base the deletion) holds
    /// its identity with its new values, over a copy of the first life.
    @Test func aCreationAfterADeletionHolds() throws {
        let marks = try Self.table("finite_marks")
        let first = Self.mark(created: Self.v(100), id: "first", rating: 1)
        let deleted = Self.mark(created: Self.v(100), deleted: Self.v(150, Self.siteB), id: "first", rating: 1)
        let again = Self.mark(
            created: Self.v(160, Self.siteB), base: 150, deleted: Self.v(150, Self.siteB), id: "again", rating: 5,
            markedAt: "2026-11-22 13:00:00.000")
        for merged in [merge(first, again, marks), merge(again, first, marks), merge(merge(first, deleted, marks), again, marks)] {
            #expect(merged.isAlive)
            #expect(merged.creation == Self.v(160, Self.siteB))
            #expect(merged.base == 150)
            #expect(merged.values["id"] == .text("again"))
            #expect(merged.values["rating"] == .integer(5))
            // A new life starts afresh: the first life's earliest instant is left out.
            #expect(merged.values["marked_at"] == .text("2026-11-22 13:00:00.000"))
        }
    }

    @Test func createdOnceKeepsTheEarliestCreationUnlessRewritten() throws {
        let marks = try Self.table("finite_marks")
        let first = Self.mark(created: Self.v(100, Self.siteB), id: "first")
        let second = Self.mark(created: Self.v(200), id: "second")
        #expect(merge(first, second, marks).values["id"] == .text("first"))
        // A rewrite of the creation that holds beats it; another creation's never does.
        let rewritten = Self.mark(created: Self.v(100, Self.siteB), id: "rewritten", idAt: Self.v(250))
        #expect(merge(first, rewritten, marks).values["id"] == .text("rewritten"))
        let secondRewritten = Self.mark(created: Self.v(200), id: "second-rewritten", idAt: Self.v(300))
        #expect(merge(first, secondRewritten, marks).values["id"] == .text("first"))
    }

    @Test func earliestAndLatestIgnoreVersionsAndNullNeverWins() throws {
        let messages = try Self.table("hereafter_messages")
        func message(discovered: DatabaseValue, read: DatabaseValue, at: SyncVersion) -> SyncRecord {
            SyncRecord(
                table: "hereafter_messages", identity: [.text("m")], creation: Self.v(1),
                units: ["discovered_at": at, "read_at": at], values: ["discovered_at": discovered, "read_at": read])
        }
        let a = message(discovered: .text("2027-01-02 00:00:00.000"), read: .null, at: Self.v(500))
        let b = message(
            discovered: .text("2027-01-05 00:00:00.000"), read: .text("2027-01-06 00:00:00.000"),
            at: Self.v(100, Self.siteB))
        let merged = merge(a, b, messages)
        #expect(merged.values["discovered_at"] == .text("2027-01-02 00:00:00.000"))
        #expect(merged.values["read_at"] == .text("2027-01-06 00:00:00.000"))
        #expect(merged.units["read_at"] == Self.v(100, Self.siteB))  // the winning value's version
        #expect(merged.units["discovered_at"] == Self.v(500))
    }

    @Test func aServersVersionBeatsADevicesWhateverTheClock() throws {
        let follows = try Self.table("lifetimer_follows")
        let created = ["created_at": DatabaseValue.text("2026-11-22 10:00:00.000")]
        let device = SyncRecord(
            table: "lifetimer_follows", identity: [.text("x"), .text("y")], creation: Self.v(900),
            units: ["@server": Self.v(900)], values: created)
        let server = SyncRecord(
            table: "lifetimer_follows", identity: [.text("x"), .text("y")], creation: Self.v(50, Self.server),
            deletion: Self.v(100, Self.server), units: ["@server": Self.v(50, Self.server)], values: created)
        #expect(merge(device, server, follows) == server)
        #expect(merge(server, device, follows) == server)
        // Another device's change to server data is not applied at all.
        #expect(
            device.keepingServerData(table: follows, localSite: Self.siteB, serverClass: Self.serverClass) == nil)
        #expect(
            device.keepingServerData(table: follows, localSite: Self.siteA, serverClass: Self.serverClass) == device)
    }

    /// Idempotent, commutative and associative over hand-made histories of
    /// one mark: creations of several lives and sites, deletions, edits.
    @Test func mergeIsASemilattice() throws {
        let marks = try Self.table("finite_marks")
        // Values are a function of the write that made them (one version,
        // one set of values), as on real devices.
        var records: [SyncRecord] = []
        let creations: [(Int64, SiteID, Int64)] = [
            (100, Self.siteA, 0), (100, Self.siteB, 0), (200, Self.siteB, 0), (260, Self.siteA, 250),
        ]
        for (created, site, base) in creations {
            for deletion in [nil, Self.v(250, Self.siteB), Self.v(400)] as [SyncVersion?] {
                if let deletion, deletion <= Self.v(created, site) { continue }
                let edits: [SyncVersion?] = [nil, Self.v(301, Self.siteA), Self.v(304, Self.siteB), Self.v(500)]
                for edit in edits where edit.map({ $0 > Self.v(created, site) }) ?? true {
                    let ratingVersion = edit ?? Self.v(created, site)
                    records.append(
                        Self.mark(
                            created: Self.v(created, site), base: base, deleted: deletion,
                            id: "id-\(created)-\(site.hex.prefix(2))", rating: ratingVersion.hlc % 5 + 1,
                            ratingAt: edit, markedAt: "2026-11-22 1\(created % 7):00:00.000",
                            updatedAt: "2026-11-22 1\(created % 3):00:00.000"))
                }
            }
        }
        for a in records {
            #expect(merge(a, a, marks) == a)
            for b in records {
                let ab = merge(a, b, marks)
                #expect(ab == merge(b, a, marks))
                for c in records.prefix(24) {
                    #expect(merge(ab, c, marks) == merge(a, merge(b, c, marks), marks))
                }
            }
        }
    }
}
