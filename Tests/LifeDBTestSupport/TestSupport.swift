import Foundation
import LifeCore
import LifeDB
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(CryptoKit)
    import CryptoKit
#endif

/// Runs `body` with a fresh, empty directory that is removed afterwards, so
/// every test has its own database files and no test depends on another.
public func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
    let path = NSTemporaryDirectory() + "/lifedb-tests-" + UUID().uuidString.lowercased()
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(path)
}

/// A file database in WAL mode with `synchronous=NORMAL`, as LifeDatabase
/// opens one, but without the lifectl schema.
public func openWAL(_ path: String, busyTimeoutMilliseconds: Int32 = 10_000) throws -> Database {
    let db = try Database(path: path, options: .init(busyTimeoutMilliseconds: busyTimeoutMilliseconds))
    try db.configureJournal()
    return db
}

/// The SHA-256 of `text`'s UTF-8 bytes as computed by a program outside
/// LifeDB and LifeCore: an oracle independent of scripts/gen-schema and of
/// LifeCore's own SHA256. coreutils' `sha256sum` on Linux, CryptoKit on
/// Apple platforms (where an iPhone test run has no /usr/bin to call).
public func sha256sum(_ text: String) throws -> String {
    #if canImport(CryptoKit)
        return hex(CryptoKit.SHA256.hash(data: Data(text.utf8))).lowercased()
    #else
        return try withTemporaryDirectory { directory in
            let file = directory + "/input"
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            return try sha256sum(fileAtPath: file)
        }
    #endif
}

public func sha256sum(fileAtPath path: String) throws -> String {
    #if canImport(CryptoKit)
        return hex(CryptoKit.SHA256.hash(data: try fileBytes(path))).lowercased()
    #elseif os(Linux)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let first = String(decoding: data, as: UTF8.self).split(separator: " ").first
        else {
            throw TestFailure("sha256sum \(path) failed with status \(process.terminationStatus)")
        }
        return String(first)
    #else
        throw TestFailure("no independent SHA-256 on this platform")
    #endif
}

/// The permission bits of a file or folder, read with stat(2).
public func permissionBits(_ path: String) throws -> Int {
    var info = stat()
    guard stat(path, &info) == 0 else { throw TestFailure("stat \(path): \(String(cString: strerror(errno)))") }
    return Int(info.st_mode) & 0o777
}

public func fileBytes(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
}

/// Upper-case hex of some bytes, as SQLite's `hex()` prints them.
public func hex(_ bytes: some Sequence<UInt8>) -> String {
    bytes.map { byte in
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 16 ? "0" + digits : digits
    }.joined()
}

/// An instant built with Foundation's Gregorian calendar in UTC, independently
/// of LifeCore's hand-written conversions.
public func utcInstant(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int, milliseconds: Int = 0
)
    throws -> Date
{
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    let whole = try #require(calendar.date(from: components))
    // Whole seconds plus an exact binary fraction when milliseconds is a
    // multiple of 125; callers pick such values so the Double is exact.
    return whole.addingTimeInterval(Double(milliseconds) / 1000)
}

/// The number of rows in `table`, read on `db`.
public func count(_ db: Database, _ table: String) throws -> Int {
    try #require(try db.fetchOne(Int.self, "SELECT count(*) FROM \(table)"))
}

/// Runs `body` and returns the LifeError it throws; fails the test when it
/// throws nothing or another kind of error.
public func lifeError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> LifeError? {
    do {
        try body()
        Issue.record("expected a LifeError, nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as LifeError {
        return error
    } catch {
        Issue.record("expected a LifeError, got \(type(of: error)): \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// Runs `body` and returns the DatabaseError it throws.
public func databaseError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation)
    -> DatabaseError?
{
    do {
        try body()
        Issue.record("expected a DatabaseError, nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as DatabaseError {
        return error
    } catch {
        Issue.record("expected a DatabaseError, got \(type(of: error)): \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

public struct TestFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// A value shared between a test and the thread it starts.
public final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    public init(_ value: Value) { self.value = value }

    public func get() -> Value {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    public func set(_ newValue: Value) {
        lock.lock()
        defer { lock.unlock() }
        value = newValue
    }

    public func update<T>(_ change: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return change(&value)
    }
}

/// Runs `body` on a new thread (which must create its own Database: a
/// connection is not Sendable) and returns a semaphore signalled when it ends.
/// An error thrown by `body` is kept in `failure`.
public func startThread(failure: Locked<String?>, _ body: @escaping @Sendable () throws -> Void) -> DispatchSemaphore {
    let finished = DispatchSemaphore(value: 0)
    let thread = Thread {
        do {
            try body()
        } catch {
            failure.set("\(error)")
        }
        finished.signal()
    }
    thread.start()
    return finished
}
