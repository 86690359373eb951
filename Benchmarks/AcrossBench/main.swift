// The search benchmark (`scripts/bench search`, issue 13): 100,000 Finite
// week phrases written through finite_marks, so the 0009 triggers build the
// index as a person's writes would, then seeded random searches through
// SearchEngine: single words, prefixes (`abc*`) and two-word phrases taken
// from the stored rows. A search that finds nothing (its words come from a
// stored row, so it must find one) fails the run (exit 70). Prints one line of
// `key=value` pairs: fill_ms and, per kind, the median and 90th percentile.
//
// Usage: across-bench DB_PATH [ROWS] [QUERIES]

import Foundation
import LifeCore
import LifeDB
import LifeKit
import LifePages

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: across-bench DB_PATH [ROWS] [QUERIES]\n".utf8))
    exit(64)
}
let path = arguments[1]
let rowCount = arguments.count > 2 ? Int(arguments[2]) ?? 100_000 : 100_000
let queryCount = arguments.count > 3 ? Int(arguments[3]) ?? 200 : 200

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
}

// A vocabulary of 4,096 made-up words (two to three syllables), so word
// frequencies are spread as in real text rather than all common.
let syllables = ["ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "be", "da", "fe", "go", "hu", "ji", "pe", "zo"]
var vocabulary: [String] = []
for a in syllables { for b in syllables { for c in syllables { vocabulary.append(a + b + c) } } }

do {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    guard let now = Timestamp.parseISO8601("2026-11-22T12:00:00Z") else { exit(70) }
    let db = try LifeDatabase.open(path: path, now: now, registry: LifeKit.registry)
    var generator = SplitMix64(state: 20_261_123)
    var phrases: [String] = []
    let fill = try milliseconds {
        try db.write { db in
            try db.execute(
                "INSERT INTO finite_profile (id, birthday, created_at, updated_at) VALUES (1, '1900-01-01', ?, ?)",
                ["2026-11-22 12:00:00.000", "2026-11-22 12:00:00.000"])
            for week in 0..<rowCount {
                let length = Int.random(in: 3...8, using: &generator)
                let phrase = (0..<length).map { _ in vocabulary[Int.random(in: 0..<vocabulary.count, using: &generator)]
                }
                .joined(separator: " ")
                phrases.append(phrase)
                try db.execute(
                    """
                    INSERT INTO finite_marks (id, week_index, rating, phrase, marked_at, updated_at)
                    VALUES (?, ?, 3, ?, '2026-11-22 12:00:00.000', '2026-11-22 12:00:00.000')
                    """, [String(format: "00000000-0000-4000-8000-%012x", week), week, phrase])
            }
        }
    }
    let store = SearchEngine(db, registry: LifeKit.registry)
    var times: [String: [Double]] = ["word": [], "prefix": [], "phrase": []]
    for _ in 0..<queryCount {
        let row = Int.random(in: 0..<phrases.count, using: &generator)
        let words = phrases[row].split(separator: " ").map(String.init)
        let first = Int.random(in: 0..<(words.count - 1), using: &generator)
        let queries = [
            ("word", words[first]), ("prefix", String(words[first].prefix(4)) + "*"),
            ("phrase", "\"\(words[first]) \(words[first + 1])\""),
        ]
        for (kind, text) in queries {
            let query = try SearchQuery(text)
            var hits: [SearchHit] = []
            let elapsed = try milliseconds { hits = try store.search(query, viewer: nil) }
            times[kind, default: []].append(elapsed)
            guard !hits.isEmpty else {
                FileHandle.standardError.write(Data("across-bench: '\(text)' found nothing\n".utf8))
                exit(70)
            }
        }
    }
    var line = "rows=\(rowCount) queries=\(queryCount) fill_ms=\(Int(fill))"
    for kind in ["word", "prefix", "phrase"] {
        let values = times[kind] ?? []
        line += String(
            format: " %@_ms=%.3f %@_p90_ms=%.3f", kind, percentile(values, 0.5), kind, percentile(values, 0.9))
    }
    print(line)
} catch {
    FileHandle.standardError.write(Data("across-bench: \(error)\n".utf8))
    exit(70)
}
