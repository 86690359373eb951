import DailyMenu
import Finite
import Foundation
import Hereafter
import LifeCore
import LifeDB
import LifeExchange
import LifeKit
import LifeKitTestSupport
import LifeSync
import Testing

/// One device of a test: a database file of its own, a clock the test moves
/// by hand, and the stores writing through a `SyncClockWriter`.
final class SyncDevice: @unchecked Sendable {
    /// The key every device of a test shares (fixed, so runs are alike).
    static let key: SyncKey = {
        do { return try SyncKey(bytes: Data((0..<32).map { UInt8($0 * 7 % 256) })) } catch {
            preconditionFailure("32 bytes make a key")
        }
    }()

    let path: String
    let queue: DatabaseQueue
    var now: Date

    init(_ now: String = "2026-11-22T10:00:00Z", path: String = TestDatabase.temporaryPath("sync")) throws {
        self.path = path
        self.now = try #require(Timestamp.parseISO8601(now))
        queue = try TestDatabase.queue(path: path, now: self.now)
    }

    /// Moves the clock to an ISO 8601 instant.
    func at(_ instant: String) throws -> SyncDevice {
        now = try #require(Timestamp.parseISO8601(instant))
        return self
    }

    var clock: Clock { .fixed(now) }
    var writer: SyncClockWriter<DatabaseQueue> { SyncClockWriter(queue, clock: clock) }
    var sync: SyncStore { SyncStore(writer, registry: LifeKit.registry, key: Self.key, clock: clock) }
    var finite: FiniteStore { FiniteStore(writer, clock: clock) }
    var dailyMenu: DailyMenuStore { DailyMenuStore(writer, clock: clock) }
    var site: SiteID { get throws { try sync.engine.site().id } }

    /// A Hereafter use case on this device's writer.
    func hereafter<T>(_ body: (HereafterStore) throws -> T) throws -> T {
        try body(HereafterStore(writer, clock: clock))
    }

    /// What `export --for-sync` writes, as bytes: the converged state.
    func exportForSync() throws -> Data {
        try Exchange.encode(Exchange(queue, registry: LifeKit.registry, clock: clock).export(forSync: true))
    }

    /// The bundle for every peer heard from.
    func bundle() throws -> Data { try sync.pendingChanges() }

    /// Everything, for anyone.
    func fullBundle() throws -> Data { try sync.bundle(for: .anyone) }

    @discardableResult
    func apply(_ bundle: Data, acceptSkew: Bool = false) throws -> SyncApplyReport {
        try sync.apply(bundle, acceptSkew: acceptSkew)
    }

    /// The plaintext of one of this key's bundles.
    static func plaintext(_ bundle: Data) throws -> String {
        String(decoding: try BundleCipher.open(bundle, key: key, name: "bundle"), as: UTF8.self)
    }

    func count(_ sql: String, _ arguments: StatementArguments = []) throws -> Int {
        try queue.fetchOne(Int.self, sql, arguments) ?? -1
    }

    /// Every product row, table by table, for "nothing changed".
    func snapshot() throws -> String {
        try String(
            decoding: Exchange.encode(Exchange(queue, registry: LifeKit.registry, clock: clock).export()), as: UTF8.self
        )
    }

    /// Two devices exchange bundles until neither changes.
    static func converge(_ devices: [SyncDevice]) throws {
        for _ in 0..<4 {
            for reader in devices {
                for writer in devices where writer !== reader { try reader.apply(try writer.bundle()) }
            }
        }
    }
}
