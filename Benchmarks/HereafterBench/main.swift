// The Hereafter benchmark (`scripts/bench hereafter`, SPEC PERF-6): plants
// 100,000 messages at seeded random points over a box the size of Germany
// (47.3–55.0° N, 5.9–15.0° E) through HereafterStore.plant, so every rule
// (the 150 m thread rule through the R*Tree) is applied, then times the
// active set of geofences (HA-6) at seeded random positions in the same box:
// through the R*Tree, and by a full scan of every thread, asserting that
// both give the same answer. Prints one line of `key=value` pairs.
//
// Usage: hereafter-bench DB_PATH [MESSAGES] [POSITIONS] [--planted] [--index-only]
//
// For profiling (docs/benchmarks.md): `--planted` reuses the file an earlier
// run left at DB_PATH instead of planting again (MESSAGES is then ignored),
// `--index-only` leaves out the full scan (and so the comparison).

import Foundation
import Hereafter
import LifeCore
import LifeDB
import LifeKit

let flags = Set(CommandLine.arguments.dropFirst().filter { $0.hasPrefix("--") })
let arguments = CommandLine.arguments.filter { !$0.hasPrefix("--") }
guard arguments.count >= 2, flags.isSubset(of: ["--planted", "--index-only"]) else {
    FileHandle.standardError.write(
        Data("usage: hereafter-bench DB_PATH [MESSAGES] [POSITIONS] [--planted] [--index-only]\n".utf8))
    exit(64)
}
let planted = flags.contains("--planted")
let indexOnly = flags.contains("--index-only")
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

/// Plants `messageCount` messages in the new database `db`; answers the milliseconds it took.
func plant(_ db: DatabaseQueue, at plantedAt: Date, queriedAt: Date, firstUnlock: CivilDate) throws -> Double {
    try OwnerStore(db, clock: .fixed(plantedAt)).setTimeZone("UTC")
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
    return fill
}

do {
    guard let plantedAt = Timestamp.parseISO8601("2026-11-22T12:00:00Z"),
        let queriedAt = Timestamp.parseISO8601("2027-11-22T12:00:00Z"),
        let firstUnlock = CivilDate(iso: "2026-11-23")
    else { exit(70) }
    if !planted {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
    let db = try LifeDatabase.open(path: path, now: plantedAt, registry: LifeKit.registry)
    let fill = planted ? 0 : try plant(db, at: plantedAt, queriedAt: queriedAt, firstUnlock: firstUnlock)
    // The positions' own generator, so that they are the same with --planted.
    var generator = SplitMix64(state: 20_271_122)
    let threads = try db.read { try $0.fetchOne(Int.self, "SELECT count(*) FROM hereafter_threads") } ?? 0
    let store = HereafterStore(db, clock: .fixed(queriedAt))
    var indexTimes: [Double] = []
    var scanTimes: [Double] = []
    var regionsTotal = 0
    var mismatches = 0
    let positions = try (0..<positionCount).map { _ in
        try Coordinate(
            latitude: Double.random(in: latitudes, using: &generator),
            longitude: Double.random(in: longitudes, using: &generator))
    }
    // Every position through the index first, then every one by the full
    // scan: a scan of the whole table between two indexed calls would leave
    // SQLite's page cache holding the scan's pages, which nothing does to a
    // person's device between two geofence updates. Each pass is warmed once.
    _ = try store.geofences(at: try Coordinate(latitude: 51, longitude: 10))
    var indexed: [GeofencePlan] = []
    for here in positions {
        indexTimes.append(try milliseconds { indexed.append(try store.geofences(at: here)) })
        regionsTotal += indexed.last?.regions.count ?? 0
    }
    if !indexOnly {
        _ = try store.geofences(at: try Coordinate(latitude: 51, longitude: 10), method: .fullScan)
        for (here, answer) in zip(positions, indexed) {
            var scanned: GeofencePlan?
            scanTimes.append(try milliseconds { scanned = try store.geofences(at: here, method: .fullScan) })
            if scanned != answer { mismatches += 1 }
        }
    }
    let messages = try db.read { try $0.fetchOne(Int.self, "SELECT count(*) FROM hereafter_messages") } ?? 0
    try db.close()
    let index = median(indexTimes)
    var line =
        "messages=\(messages) threads=\(threads) positions=\(positionCount) fill_ms=\(Format.fixed(fill, decimals: 0))"
    line += " index_ms=\(Format.fixed(index, decimals: 3))"
    line += " index_p90_ms=\(Format.fixed(indexTimes.sorted()[indexTimes.count * 9 / 10], decimals: 3))"
    if !indexOnly {
        let scan = median(scanTimes)
        line += " scan_ms=\(Format.fixed(scan, decimals: 2)) ratio=\(Format.fixed(scan / index, decimals: 1))"
    }
    line += " mean_regions=\(Format.fixed(Double(regionsTotal) / Double(max(1, positionCount)), decimals: 1))"
    line += " mismatches=\(mismatches)"
    print(line)
    if mismatches > 0 { exit(70) }
} catch {
    FileHandle.standardError.write(Data("hereafter-bench: \(error)\n".utf8))
    exit(70)
}
