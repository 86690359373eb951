// The doodle benchmark (`scripts/bench doodles`, SPEC PERF-4): one doodle of
// a 300-point simplified path (median of many runs; goal ≤ 5 ms), and a
// gallery of 1,000 walks streamed to a file, each path a seeded 5,000-point
// walk reduced to about 300 points by keeping every 17th point (the real
// Douglas–Peucker simplifier is another module's; the renderer only ever
// sees a few hundred points). Prints one line of key=value pairs.
//
// Usage: doodle-bench OUTPUT_DIR [DOODLE_RUNS] [WALKS]
// Leaves OUTPUT_DIR/doodle.svg, OUTPUT_DIR/gallery.svg and, for looking at,
// OUTPUT_DIR/sample-gallery.html (the first 12 walks).

import Foundation
import LifeCore
import Walks

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: doodle-bench OUTPUT_DIR [DOODLE_RUNS] [WALKS]\n".utf8))
    exit(64)
}
let directory = URL(fileURLWithPath: arguments[1], isDirectory: true)
let doodleRuns = arguments.count > 2 ? Int(arguments[2]) ?? 200 : 200
let walkCount = arguments.count > 3 ? Int(arguments[3]) ?? 1000 : 1000
let rawPoints = 5000
let keepEvery = 17

/// Walk `seed`: 5,000 fixes about 1.4 m apart (a walker at 1 fix a second),
/// heading drifting and now and then turning at a corner, reduced to every
/// 17th fix (about 295 points) plus the last.
func walk(_ seed: Int) -> Track {
    var random = SplitMix64(state: UInt64(seed) &* 0x2545_F491_4F6C_DD1D &+ 1)
    var latitude = 51.5 + random.unit() * 0.1
    var longitude = -0.12 + random.unit() * 0.1
    var heading = random.unit() * 2 * Double.pi
    var points: [TrackPoint] = []
    points.reserveCapacity(rawPoints / keepEvery + 2)
    let metresPerDegree = 111_195.0
    for index in 0..<rawPoints {
        heading += (random.unit() - 0.5) * 0.08
        if random.unit() < 0.004 { heading += (random.unit() < 0.5 ? -1 : 1) * Double.pi / 2 }
        let step = 1.2 + random.unit() * 0.4
        latitude += step * cos(heading) / metresPerDegree
        longitude += step * sin(heading) / (metresPerDegree * cos(latitude * Double.pi / 180))
        if index % keepEvery == 0 || index == rawPoints - 1 {
            points.append(
                TrackPoint(latitude: latitude, longitude: longitude, timeMilliseconds: Int64(index) * 1000))
        }
    }
    return Track(points: points)
}

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

/// The process's peak resident set (VmHWM), in MiB; 0 where /proc is absent.
func peakResidentMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let kilobytes = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
        return kilobytes / 1024
    }
    return 0
}

func entry(_ index: Int) -> GalleryEntry {
    // Distances from 3 to 12 km, so the gallery's cells take several sizes.
    let distance = 3000 + Double((index * 7919) % 9000)
    return GalleryEntry(
        id: String(format: "walk-%04d", index), title: "Walk \(index + 1)",
        subtitle: String(format: "%.1f km", distance / 1000), distanceMeters: distance,
        durationSeconds: distance / 1.4)
}

do {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)

    // One doodle of a ~300-point path, many times.
    let path = walk(1)
    var svg = ""
    var times: [Double] = []
    for _ in 0..<doodleRuns {
        times.append(milliseconds { svg = DoodleSVG.render(path, seed: "walk-0001") })
    }
    times.sort()
    try Data(svg.utf8).write(to: directory.appendingPathComponent("doodle.svg"))

    // A small gallery to look at.
    var sample = ""
    try Gallery.render(
        (0..<12).map(entry), format: .html, path: { walk($0) }, write: { sample += $0 })
    try Data(sample.utf8).write(to: directory.appendingPathComponent("sample-gallery.html"))

    // The PERF-4 gallery: streamed to a file, one doodle in memory at a time.
    let galleryURL = directory.appendingPathComponent("gallery.svg")
    guard FileManager.default.createFile(atPath: galleryURL.path, contents: nil) else {
        throw CocoaError(.fileWriteUnknown)
    }
    let handle = try FileHandle(forWritingTo: galleryURL)
    var bytes = 0
    let entries = (0..<walkCount).map(entry)
    let galleryMs = try milliseconds {
        try Gallery.render(
            entries, format: .svg, path: { walk($0) },
            write: { piece in
                let data = Data(piece.utf8)
                bytes += data.count
                try handle.write(contentsOf: data)
            })
        try handle.close()
    }

    // What generating the 1,000 walks alone costs, to read the gallery's time against.
    var checksum = 0
    let walksMs = milliseconds {
        for index in 0..<walkCount { checksum &+= walk(index).pointCount }
    }

    var line = "doodle_ms=\(String(format: "%.3f", times[times.count / 2]))"
    line += " doodle_p90_ms=\(String(format: "%.3f", times[times.count * 9 / 10]))"
    line += " doodle_points=\(path.pointCount) doodle_bytes=\(svg.utf8.count)"
    line += " gallery_s=\(String(format: "%.3f", galleryMs / 1000)) gallery_walks=\(walkCount)"
    line += " walks_only_s=\(String(format: "%.3f", walksMs / 1000)) gallery_points=\(checksum)"
    line += " gallery_bytes=\(bytes) peak_rss_mb=\(String(format: "%.1f", peakResidentMegabytes()))"
    print(line)
} catch {
    FileHandle.standardError.write(Data("doodle-bench: \(error)\n".utf8))
    exit(70)
}
