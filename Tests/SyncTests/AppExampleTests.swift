import Foundation
import LifeCore
import LifeDB
import LifeKit
import LifeSync
import LifeKitTestSupport
import Testing

/// docs/sync.md, section 11: the example an app follows, compiled and run.
@Suite struct AppExampleTests {
    /// The example's lines, as in the document, with the Keychain and
    /// CKSyncEngine replaced by a variable.
    func example(databasePath: String, key: SyncKey, incoming: Data?) throws -> (Data, SyncApplyReport?) {
        let writer = try LifeKit.openPool(path: databasePath)  // every store writes through this
        let sync = SyncStore(writer, registry: LifeKit.registry, key: key)

        // Outgoing, e.g. from CKSyncEngine's nextRecordZoneChangeBatch:
        let peer = try sync.peers().first  // nil: write everything
        let bundle: Data = try sync.pendingChanges(for: peer?.id)

        // Incoming, e.g. in CKSyncEngine's handleEvent(.fetchedRecordZoneChanges):
        let report = try incoming.map { try sync.apply($0) }  // one transaction
        return (bundle, report)
    }

    @Test func theDocumentsExampleSyncsTwoDevices() throws {
        let key = SyncKey.random()
        let phone = TestDatabase.temporaryPath("phone")
        let laptop = TestDatabase.temporaryPath("laptop")
        try OwnerStore(try LifeKit.open(path: phone), clock: .system).update(units: .imperial)
        let (fromPhone, _) = try example(databasePath: phone, key: key, incoming: nil)
        let (_, report) = try example(databasePath: laptop, key: key, incoming: fromPhone)
        #expect(report?.rowsChanged == 1)
        #expect(try LifeKit.open(path: laptop).fetchOne(String.self, "SELECT units FROM owner") == "imperial")
    }
}
