// PERF-1 LifeDB overhead (SPEC §9): insert N rows (integer, real, text)
// through a cached prepared statement in one transaction, then read them
// back (the text borrowed, `Statement.withUTF8`), and print the two times and
// a checksum; then read them once more as Swift `String`s, reported apart.
// `peer.c` beside this file does the same work against the C API;
// scripts/bench compares the two.
//
// Usage: lifedb-bench [ROWS] [FOLDER]   (defaults: 1,000,000 rows, a new temp folder)
//
// The text values are made before the clock starts, in both programs, so
// that the figures measure the database layer and not string formatting.

import Foundation
import LifeDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Seconds on the monotonic clock, as the C peer reads it.
func monotonicSeconds() -> Double {
    seconds(CLOCK_MONOTONIC)
}

/// Seconds of CPU this process has used: with the wall time it tells waiting
/// (I/O, another process on the core) from work.
func cpuSeconds() -> Double {
    seconds(CLOCK_PROCESS_CPUTIME_ID)
}

func seconds(_ clock: clockid_t) -> Double {
    var now = timespec()
    clock_gettime(clock, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Row i's text: "row-<i>-" then i % 23 letters 'x' (6 to 33 bytes for a million rows), built
/// by the same rule as `peer.c`'s `make_text`.
func text(_ i: Int) -> String {
    "row-" + String(i) + "-" + String(repeating: "x", count: i % 23)
}

let arguments = CommandLine.arguments
let rows = arguments.count > 1 ? Int(arguments[1]) ?? -1 : 1_000_000
guard rows >= 0 else {
    FileHandle.standardError.write(Data("usage: lifedb-bench [ROWS] [FOLDER]\n".utf8))
    exit(64)
}
let folder =
    arguments.count > 2
    ? arguments[2] : NSTemporaryDirectory() + "/lifedb-bench-" + UUID().uuidString.lowercased()
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
let path = folder + "/lifedb.db"
for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
defer {
    if arguments.count <= 2 { try? FileManager.default.removeItem(atPath: folder) }
}

/// The figures of one run.
struct Measurement {
    var insertSeconds = 0.0
    var readSeconds = 0.0
    var insertCPUSeconds = 0.0
    var readCPUSeconds = 0.0
    var sumA: Int64 = 0
    var sumB = 0.0
    var textBytes = 0
    var readRows = 0
    var readStringSeconds = 0.0
    var readStringCPUSeconds = 0.0
    var stringTextBytes = 0
}

// The two phases are functions of their own, so that their counters are
// locals (top-level variables of main.swift are globals, and a closure that
// touches globals pays for dynamic exclusivity checks that are no part of
// LifeDB), and so that a profiler shows each phase whole.

/// The insert phase: one write transaction, one cached statement, typed
/// binds, step and reset per row. Every parameter is bound on every row, so
/// the reset keeps the bindings (`resetKeepingBindings`), as `peer.c`'s
/// `sqlite3_reset` does.
@inline(never)
func insertRows(_ db: Database, _ texts: [String]) throws {
    try db.writeTransaction { db in
        let insert = try db.cachedStatement("INSERT INTO t (a, b, c) VALUES (?, ?, ?)")
        for i in 0..<texts.count {
            try insert.bind(Int64(i), at: 1)
            try insert.bind(Double(i) * 0.5, at: 2)
            try insert.bind(texts[i], at: 3)
            _ = try insert.step()
            insert.resetKeepingBindings()
        }
    }
}

/// The read phase: every row through `forEachRow`, the typed
/// `Statement.column` fast path for the numbers and the borrowed UTF-8 of
/// the text (`withUTF8`: its length is all the checksum needs, as in
/// `peer.c`), summed into the checksum.
@inline(never)
func readRows(_ db: Database, into result: inout Measurement) throws {
    var sumA: Int64 = 0
    var sumB = 0.0
    var textBytes = 0
    var readRows = 0
    try db.forEachRow("SELECT a, b, c FROM t") { statement in
        sumA &+= try statement.column(Int64.self, at: 0)
        sumB += try statement.column(Double.self, at: 1)
        textBytes += try statement.withUTF8(at: 2) { $0.count }
        readRows += 1
    }
    result.sumA = sumA
    result.sumB = sumB
    result.textBytes = textBytes
    result.readRows = readRows
}

/// The read phase again, with each text made a Swift `String`: what a caller
/// that keeps the text pays. Reported beside the figure, not compared with C.
@inline(never)
func readRowsAsStrings(_ db: Database) throws -> Int {
    var textBytes = 0
    try db.forEachRow("SELECT a, b, c FROM t") { statement in
        _ = try statement.column(Int64.self, at: 0)
        _ = try statement.column(Double.self, at: 1)
        textBytes += try statement.column(String.self, at: 2).utf8.count
    }
    return textBytes
}

func measure(path: String, rows: Int) throws -> Measurement {
    let texts = (0..<rows).map(text)
    var result = Measurement()

    // The pragmas LifeDB sets on every file (SPEC CORE-2): foreign keys on,
    // busy timeout, WAL with synchronous=NORMAL. peer.c sets the same.
    let db = try Database(path: path)
    defer { db.close() }
    try db.configureJournal()
    try db.execute("CREATE TABLE t (a INTEGER, b REAL, c TEXT)")

    let insertStart = monotonicSeconds()
    let insertCPUStart = cpuSeconds()
    try insertRows(db, texts)
    result.insertCPUSeconds = cpuSeconds() - insertCPUStart
    result.insertSeconds = monotonicSeconds() - insertStart

    let readStart = monotonicSeconds()
    let readCPUStart = cpuSeconds()
    try readRows(db, into: &result)
    result.readCPUSeconds = cpuSeconds() - readCPUStart
    result.readSeconds = monotonicSeconds() - readStart

    let stringStart = monotonicSeconds()
    let stringCPUStart = cpuSeconds()
    result.stringTextBytes = try readRowsAsStrings(db)
    result.readStringCPUSeconds = cpuSeconds() - stringCPUStart
    result.readStringSeconds = monotonicSeconds() - stringStart
    return result
}

let result = try measure(path: path, rows: rows)
guard result.readRows == rows, result.stringTextBytes == result.textBytes else {
    FileHandle.standardError.write(
        Data("read \(result.readRows) rows (\(result.stringTextBytes) bytes as String), wrote \(rows)\n".utf8))
    exit(70)
}
let checksum = "\(result.sumA):\(String(format: "%.1f", result.sumB)):\(result.textBytes)"
print(
    "PERF1 impl=lifedb rows=\(rows) insert_s=\(String(format: "%.6f", result.insertSeconds)) "
        + "read_s=\(String(format: "%.6f", result.readSeconds)) "
        + "insert_cpu_s=\(String(format: "%.6f", result.insertCPUSeconds)) "
        + "read_cpu_s=\(String(format: "%.6f", result.readCPUSeconds)) "
        + "read_string_s=\(String(format: "%.6f", result.readStringSeconds)) "
        + "read_string_cpu_s=\(String(format: "%.6f", result.readStringCPUSeconds)) checksum=\(checksum)")
