// The Hereafter benchmark (`scripts/bench hereafter`, SPEC PERF-6): plants
// 100,000 messages at seeded random points over a box the size of Germany
// (47.3–55.0° N, 5.9–15.0° E) through HereafterStore.plant, so every rule
// (the 150 m thread rule through the R*Tree) is applied, then times the
// active set of geofences (HA-6) at seeded random positions in the same box:
// through the R*Tree, and by a full scan of every thread, asserting that
// both give the same answer. Prints one line of `key=value` pairs.
//
// Usage: hereafter-bench DB_PATH [MESSAGES] [POSITIONS]

import Foundation
import Hereafter
import LifeCore
import LifeDB
import LifeKit

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: hereafter-bench DB_PATH [MESSAGES] [POSITIONS]\n".utf8))
    exit(64)
}
let path = arguments[1]
let messageCount = arguments.count > 2 ? Int(arguments[2]) ?? 100_000 : 100_000
let positionCount = arguments.count > 3 ? Int(arguments[3]) ?? 200 : 200

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

let latitudes = 47.3...55.0
let longitudes = 5.9...15.0

do {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    guard let plantedAt = Timestamp.parseISO8601("2026-11-22T12:00:00Z"),
        let queriedAt = Timestamp.parseISO8601("2027-11-22T12:00:00Z"),
        let firstUnlock = CivilDate(iso: "2026-11-23")
    else { exit(70) }
    let db = try LifeKit.open(path: path, now: plantedAt)
    try db.write { try Owner($0).setTimeZone("UTC", now: plantedAt) }
    let planter = HereafterStore(db, clock: .fixed(plantedAt))
    try planter.onboard(firstName: "Bench")
    var generator = SplitMix64(state: 20_261_122)
    // Unlock dates over three years; a year later a third have come. Each
    // planting is its own transaction, as an app's would be.
    let fill = try milliseconds {
        for i in 0..<messageCount {
            let position = try Coordinate(
                latitude: Double.random(in: latitudes, using: &generator),
                longitude: Double.random(in: longitudes, using: &generator))
            try planter.plant(
                text: "Message \(i), for later.", at: position,
                unlock: firstUnlock.adding(days: Int.random(in: 0..<1_095, using: &generator)))
        }
    }
    // A tenth already discovered (they drop out of the candidate set).
    try db.write { db in
        try db.execute(
            "UPDATE hereafter_messages SET discovered_at = ? WHERE unlock_date <= '2027-11-22' AND rowid % 10 = 0",
            [queriedAt])
    }
    try db.inDatabase { try $0.execute("ANALYZE") }
    let threads = try db.read { try $0.fetchOne(Int.self, "SELECT count(*) FROM hereafter_threads") } ?? 0
    let store = HereafterStore(db, clock: .fixed(queriedAt))
    var indexTimes: [Double] = []
    var scanTimes: [Double] = []
    var regionsTotal = 0
    var mismatches = 0
    // Warm the statement cache and the page cache once.
    _ = try store.geofences(at: try Coordinate(latitude: 51, longitude: 10))
    _ = try store.geofences(at: try Coordinate(latitude: 51, longitude: 10), method: .fullScan)
    for _ in 0..<positionCount {
        let here = try Coordinate(
            latitude: Double.random(in: latitudes, using: &generator),
            longitude: Double.random(in: longitudes, using: &generator))
        var indexed: GeofencePlan?
        var scanned: GeofencePlan?
        indexTimes.append(try milliseconds { indexed = try store.geofences(at: here) })
        scanTimes.append(try milliseconds { scanned = try store.geofences(at: here, method: .fullScan) })
        if indexed != scanned { mismatches += 1 }
        regionsTotal += indexed?.regions.count ?? 0
    }
    let messages = try db.read { try $0.fetchOne(Int.self, "SELECT count(*) FROM hereafter_messages") } ?? 0
    try db.close()
    let index = median(indexTimes)
    let scan = median(scanTimes)
    print(
        "messages=\(messages) threads=\(threads) positions=\(positionCount) fill_ms=\(Format.fixed(fill, decimals: 0)) index_ms=\(Format.fixed(index, decimals: 3)) index_p90_ms=\(Format.fixed(indexTimes.sorted()[indexTimes.count * 9 / 10], decimals: 3)) scan_ms=\(Format.fixed(scan, decimals: 2)) ratio=\(Format.fixed(scan / index, decimals: 1)) mean_regions=\(Format.fixed(Double(regionsTotal) / Double(max(1, positionCount)), decimals: 1)) mismatches=\(mismatches)"
    )
    if mismatches > 0 { exit(70) }
} catch {
    FileHandle.standardError.write(Data("hereafter-bench: \(error)\n".utf8))
    exit(70)
}
