// The Finite benchmark (`scripts/bench finite`): builds an 80-year life with
// every week up to the current one marked, then times, in process, what
// `lifectl finite status` and `lifectl finite grid --svg` do: the store's
// status, and the poster from the stored marks. Prints one line of
// `key=value` pairs for scripts/bench, and leaves the database at the path
// given so the script can also time whole lifectl processes on it.
//
// Usage: finite-bench DB_PATH [ITERATIONS]

import Finite
import Foundation
import LifeCore
import LifeDB
import LifeKit

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: finite-bench DB_PATH [ITERATIONS]\n".utf8))
    exit(64)
}
let path = arguments[1]
let iterations = arguments.count > 2 ? Int(arguments[2]) ?? 50 : 50

// 2026-11-22 in UTC; with the birthday 1946-11-25, row 79 began 2025-11-25,
// 362 days earlier, so today is in its last week (51, the 8-day one): index
// 52·79 + 51 = 4,159, the last week of an 80-year grid; 4,160 weeks are marked.
let now = Timestamp.parseISO8601("2026-11-22T12:00:00Z") ?? Date()
let clock = Clock.fixed(now)
guard let birthday = CivilDate(iso: "1946-11-25") else { exit(70) }

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

do {
    try? FileManager.default.removeItem(atPath: path)
    try? FileManager.default.removeItem(atPath: path + "-wal")
    try? FileManager.default.removeItem(atPath: path + "-shm")
    let db = try LifeDatabase.open(path: path, now: now, registry: LifeKit.registry)
    try OwnerStore(db, clock: clock).setTimeZone("UTC")
    let store = FiniteStore(db, clock: clock)
    try store.setup(birthday: birthday, lifeExpectancyYears: 80)
    let current = try store.status().currentWeek.index
    let categories = WeekCategory.allCases
    let fill = try milliseconds {
        try db.write { db in
            let insert = try db.cachedStatement(
                "INSERT INTO finite_marks (id, week_index, rating, category, phrase, marked_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
            )
            for index in 0...current {
                insert.reset()
                try insert.bind(
                    StatementArguments([
                        UUID(), index, 1 + index % 5, categories[index % categories.count].rawValue,
                        "Week \(index + 1), remembered.", now, now,
                    ]))
                while try insert.step() {}
            }
        }
    }
    var statusTimes: [Double] = []
    var posterTimes: [Double] = []
    var terminalTimes: [Double] = []
    var markTimes: [Double] = []
    var posterBytes = 0
    var weeksLived = 0
    for _ in 0..<iterations {
        statusTimes.append(try milliseconds { weeksLived = try store.status().weeksLived })
        posterTimes.append(try milliseconds { posterBytes = PosterSVG.render(try store.picture()).utf8.count })
        terminalTimes.append(try milliseconds { _ = TerminalGrid.render(try store.picture(), ansiColor: true) })
        markTimes.append(try milliseconds { _ = try store.marks() })
    }
    let marked = try db.read { try $0.fetchOne(Int.self, "SELECT count(*) FROM finite_marks") } ?? 0
    try db.close()
    print(
        "marks=\(marked) weeks_lived=\(weeksLived) fill_ms=\(Format.fixed(fill, decimals: 1)) status_ms=\(Format.fixed(median(statusTimes), decimals: 3)) poster_ms=\(Format.fixed(median(posterTimes), decimals: 2)) terminal_ms=\(Format.fixed(median(terminalTimes), decimals: 2)) marks_ms=\(Format.fixed(median(markTimes), decimals: 2)) poster_bytes=\(posterBytes) iterations=\(iterations)"
    )
} catch {
    FileHandle.standardError.write(Data("finite-bench: \(error)\n".utf8))
    exit(70)
}
