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

    /// A finite mark of week 1899.
    static func mark(
        cl: Int64 = 1, created: SyncVersion, id: String = "id-a", rating: Int64 = 3, ratingAt: SyncVersion? = nil,
        markedAt: String = "2026-11-22 11:00:00.000", updatedAt: String = "2026-11-22 11:00:00.000",
        idAt: SyncVersion? = nil
    ) -> SyncRecord {
        guard cl % 2 == 1 else {
            return SyncRecord(table: "finite_marks", identity: [.integer(1899)], cl: cl, version: created)
        }
        return SyncRecord(
            table: "finite_marks", identity: [.integer(1899)], cl: cl, version: created,
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
        // A marked the week at 11:00, B at 12:00 (the first case).
        let a = Self.mark(created: Self.v(100, Self.siteA), id: "id-a", rating: 3)
        let b = Self.mark(
            created: Self.v(200, Self.siteB), id: "id-b", rating: 5, markedAt: "2026-11-22 12:00:00.000",
            updatedAt: "2026-11-22 12:00:00.000")
        let merged = merge(a, b, marks)
        #expect(merged.version == Self.v(100, Self.siteA))
        #expect(merged.values["id"] == .text("id-a"))  // created first keeps the key
        #expect(merged.values["rating"] == .integer(5))  // the newer edit
        #expect(merged.units["group:mark"] == Self.v(200, Self.siteB))
        #expect(merged.values["marked_at"] == .text("2026-11-22 11:00:00.000"))  // earliest
        #expect(merged.values["updated_at"] == .text("2026-11-22 12:00:00.000"))  // latest
        #expect(merge(b, a, marks) == merged)
    }

    @Test func aLaterEditOnTheFirstRowWins() throws {
        let marks = try Self.table("finite_marks")
        let a = Self.mark(created: Self.v(100), rating: 2, ratingAt: Self.v(300))
        let b = Self.mark(created: Self.v(200, Self.siteB), id: "id-b", rating: 5)
        #expect(merge(a, b, marks).values["rating"] == .integer(2))
    }

    @Test func causalLengthDecidesBeforeAnyValue() throws {
        let marks = try Self.table("finite_marks")
        let alive = Self.mark(created: Self.v(100), rating: 2, ratingAt: Self.v(900))
        let deleted = Self.mark(cl: 2, created: Self.v(150, Self.siteB))
        #expect(merge(alive, deleted, marks) == deleted)  // the delete travels, however late the edit
        let recreated = Self.mark(cl: 3, created: Self.v(160, Self.siteB), id: "id-c", rating: 1)
        #expect(merge(deleted, recreated, marks) == recreated)  // delete then re-create survives
        #expect(merge(alive, recreated, marks) == recreated)
        let otherDelete = Self.mark(cl: 2, created: Self.v(170))
        #expect(merge(deleted, otherDelete, marks) == otherDelete)  // two deletes: the later version
    }

    @Test func createdOnceKeepsTheEarliestCreationUnlessRewritten() throws {
        let marks = try Self.table("finite_marks")
        let first = Self.mark(created: Self.v(100, Self.siteB), id: "first")
        let second = Self.mark(created: Self.v(200), id: "second")
        #expect(merge(first, second, marks).values["id"] == .text("first"))
        let rewritten = Self.mark(created: Self.v(200), id: "rewritten", idAt: Self.v(250))
        #expect(merge(first, rewritten, marks).values["id"] == .text("rewritten"))
        let rewrittenLater = Self.mark(created: Self.v(100, Self.siteB), id: "later", idAt: Self.v(260, Self.siteB))
        #expect(merge(rewritten, rewrittenLater, marks).values["id"] == .text("later"))
    }

    @Test func earliestAndLatestIgnoreVersionsAndNullNeverWins() throws {
        let messages = try Self.table("hereafter_messages")
        func message(discovered: DatabaseValue, read: DatabaseValue, at: SyncVersion) -> SyncRecord {
            SyncRecord(
                table: "hereafter_messages", identity: [.text("m")], cl: 1, version: Self.v(1),
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
        func follow(cl: Int64, at: SyncVersion) -> SyncRecord {
            SyncRecord(
                table: "lifetimer_follows", identity: [.text("x"), .text("y")], cl: cl, version: at,
                units: cl % 2 == 1 ? ["@server": at] : [:],
                values: cl % 2 == 1 ? ["created_at": .text("2026-11-22 10:00:00.000")] : [:])
        }
        let device = follow(cl: 3, at: Self.v(900))
        let server = follow(cl: 2, at: Self.v(100, Self.server))
        #expect(merge(device, server, follows) == server)
        #expect(merge(server, device, follows) == server)
        // Another device's change to server data is not applied at all.
        #expect(
            device.keepingServerData(table: follows, localSite: Self.siteB, serverClass: Self.serverClass) == nil)
        #expect(
            device.keepingServerData(table: follows, localSite: Self.siteA, serverClass: Self.serverClass) == device)
    }

    /// Idempotent, commutative and associative over hand-made histories of
    /// one mark: every combination of causal length, creation and edits.
    @Test func mergeIsASemilattice() throws {
        let marks = try Self.table("finite_marks")
        // Values are a function of the write that made them (one version,
        // one set of values), as on real devices.
        var records: [SyncRecord] = []
        for cl: Int64 in [1, 2, 3] {
            for (created, site) in [(100, Self.siteA), (100, Self.siteB), (200, Self.siteB)] as [(Int64, SyncID)] {
                let edits: [SyncVersion?] = [
                    nil, Self.v(301, Self.siteA), Self.v(304, Self.siteB), Self.v(150, Self.siteA),
                ]
                for edit in edits where edit.map({ $0 > Self.v(created, site) }) ?? true {
                    let ratingVersion = edit ?? Self.v(created, site)
                    records.append(
                        Self.mark(
                            cl: cl, created: Self.v(created, site), id: "id-\(cl)-\(created)-\(site.hex.prefix(2))",
                            rating: ratingVersion.hlc % 5 + 1, ratingAt: edit,
                            markedAt: "2026-11-22 1\(created % 7):00:00.000",
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

typealias SyncID = SiteID
