// walks-store-bench: fills a database with generated walks through WalksStore,
// for `scripts/bench walks` (PERF-4's gallery of 1,000 walks of 5,000 points,
// which the script then draws with a whole `lifectl walks gallery` process).
//
//   walks-store-bench fill DB WALKS POINTS
//
// Prints one line: `walks=… points=… seconds=… bytes_per_point=…`.
import Foundation
import LifeCore
import LifeDB
import LifeKit
import Walks

/// A wandering walk: 1–2 m steps each second, a slowly turning heading, elevation drifting.
func walk(_ index: Int, points: Int, generator: inout SplitMix64) -> Track {
    var latitude = 45 + Double(index % 100) * 0.01
    var longitude = 14 + Double(index / 100) * 0.01
    var heading = Double.random(in: 0..<(2 * .pi), using: &generator)
    var elevation = 300.0
    let start = Int64(1_700_000_000_000) + Int64(index) * 86_400_000
    var track: [TrackPoint] = []
    track.reserveCapacity(points)
    for i in 0..<points {
        track.append(
            TrackPoint(
                latitude: latitude, longitude: longitude, elevationMeters: elevation,
                timeMilliseconds: start + Int64(i) * 1000))
        heading += Double.random(in: -0.15...0.15, using: &generator)
        let step = Double.random(in: 1...2, using: &generator)
        latitude += step * cos(heading) / 111_320
        longitude += step * sin(heading) / (111_320 * cos(latitude * .pi / 180))
        elevation += Double.random(in: -0.3...0.3, using: &generator)
    }
    return Track(points: track)
}

let arguments = CommandLine.arguments
guard arguments.count == 5, arguments[1] == "fill", let count = Int(arguments[3]), let points = Int(arguments[4]) else {
    FileHandle.standardError.write(Data("usage: walks-store-bench fill DB WALKS POINTS\n".utf8))
    exit(64)
}
do {
    let now = Date(timeIntervalSince1970: 1_795_334_400)
    let db = try LifeDatabase.open(path: arguments[2], now: now, registry: LifeKit.registry)
    let store = WalksStore(db, clock: .fixed(now))
    var generator = SplitMix64(state: 1356)
    let started = Date()
    for index in 0..<count {
        try store.save(walk(index, points: points, generator: &generator), name: "Walk \(index + 1)")
    }
    let seconds = Date().timeIntervalSince(started)
    let bytes = try db.read { try $0.fetchOne(Int.self, "SELECT sum(length(points)) FROM walks") } ?? 0
    print(
        "walks=\(count) points=\(count * points) seconds=\(String(format: "%.3f", seconds)) bytes_per_point=\(String(format: "%.2f", Double(bytes) / Double(count * points)))"
    )
} catch {
    FileHandle.standardError.write(Data("walks-store-bench: \(error)\n".utf8))
    exit(70)
}
