import DailyMenu
import Foundation
import LifeCore
import LifeDB
import LifeKernel
import LifeKit
import LifeSync

/// What every history of a test run shares: a migrated database file that
/// each device copies (then takes a site id of its own), the contract read
/// from docs/sync.md, the change log's triggers, the key, the GPX files and
/// the marker planted in locked notes. Immutable once made, so the
/// threads running seeds share it.
final class ConvergenceFixture: @unchecked Sendable {
    let directory: String
    /// A migrated file that took a device's site id, and one that took the server's.
    let deviceTemplate: String
    let serverTemplate: String
    let contract: SyncContract
    let log: ChangeLog
    let key: SyncKey
    let world: World
    /// The marker as it could leak: raw, upper and lower case, base64 at
    /// each alignment, UTF-16 both ways.
    let markerForms: [(String, Data)]

    init() throws {
        directory = NSTemporaryDirectory() + "rel7-fixture-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let deviceTemplate = directory + "/device.db"
        let serverTemplate = directory + "/server.db"
        self.deviceTemplate = deviceTemplate
        self.serverTemplate = serverTemplate
        let queue = try LifeDatabase.open(path: deviceTemplate, now: History.start, registry: LifeKit.registry)
        contract = try queue.read { db in try SyncContract.load(schema: db) }
        let activities = try DailyMenuStore(queue, clock: .fixed(History.start)).activities()
            .filter { $0.pack == nil }.map(\.id).sorted().prefix(5)
        let engine = SyncEngine(queue, registry: LifeKit.registry, clock: .fixed(History.start))
        _ = try engine.takeNewIdentity(role: .device)
        try queue.inDatabase { db in try db.backup(to: serverTemplate) }
        try queue.close()
        let server = try LifeDatabase.open(
            path: serverTemplate, now: History.start, create: false, registry: LifeKit.registry)
        _ = try SyncEngine(server, registry: LifeKit.registry, clock: .fixed(History.start)).takeNewIdentity(
            role: .server)
        try server.close()
        log = ChangeLog(tables: contract.tables.map { ($0.name, $0.columns) })
        key = SyncKey.random()
        var gpx: [String] = []
        for file in 0..<3 {
            let path = directory + "/walk\(file).gpx"
            try Self.gpx(file: file).write(toFile: path, atomically: true, encoding: .utf8)
            gpx.append(path)
        }
        // Letters and digits no word of the harness makes.
        var random = SplitMix64(seed: directory)
        let alphabet = Array("QXZJKVWqxzjkvw0123456789")
        let marker = "M" + String((0..<15).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
        world = World(
            gpxPaths: gpx,
            places: [
                try Coordinate(latitude: 48.8566, longitude: 2.3522),
                try Coordinate(latitude: 48.8570, longitude: 2.3530),
                try Coordinate(latitude: 51.5007, longitude: -0.1246),
            ],
            marker: marker, activities: Array(activities), weeks: 100...111, usernames: ["ana", "bob", "Cleo", "cleo"])
        var forms: [(String, Data)] = [("raw", Data(marker.utf8)), ("upper case", Data(marker.uppercased().utf8))]
        forms.append(("lower case", Data(marker.lowercased().utf8)))
        for shift in 0..<3 {
            let encoded = (Data(repeating: 0x20, count: shift) + Data(marker.utf8)).base64EncodedString()
            // Only the characters that depend on the marker's bytes alone.
            let inner = encoded.dropFirst(shift == 0 ? 0 : 4).dropLast(4)
            forms.append(("base64 +\(shift)", Data(inner.utf8)))
        }
        if let little = marker.data(using: .utf16LittleEndian) { forms.append(("UTF-16LE", little)) }
        if let big = marker.data(using: .utf16BigEndian) { forms.append(("UTF-16BE", big)) }
        markerForms = forms
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// A GPX file of one or two timed tracks near Paris.
    static func gpx(file: Int) -> String {
        var text =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"rel7\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"
        for track in 0..<(1 + file % 2) {
            text += "<trk><name>file \(file) track \(track)</name><trkseg>\n"
            for point in 0..<6 {
                let latitude = 48.85 + Double(file) * 0.01 + Double(point) * 0.0004
                let longitude = 2.35 + Double(track) * 0.01
                let minute = 10 + point + track * 10
                text += "<trkpt lat=\"\(latitude)\" lon=\"\(longitude)\"><ele>\(35 + point)</ele>"
                text += "<time>2025-0\(file + 4)-12T08:\(minute):00Z</time></trkpt>\n"
            }
            text += "</trkseg></trk>\n"
        }
        return text + "</gpx>\n"
    }
}
