import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the built `lifectl` as a separate process, the way a person or a
/// script does, in a fresh temporary folder with a pinned clock and zone.
/// (Modelled on swift-argument-parser's `AssertExecuteCommand`.)
public struct Lifectl: Sendable {
    public struct Result: Sendable {
        /// Stdout's bytes as written (a photo or a backup is not text).
        public let stdoutData: Data
        public let stdout: String
        public let stderr: String
        public let status: Int32

        public init(stdoutData: Data, stdout: String, stderr: String, status: Int32) {
            self.stdoutData = stdoutData
            self.stdout = stdout
            self.stderr = stderr
            self.status = status
        }
    }

    public let directory: URL
    public var environment: [String: String]

    /// A sandbox with its own database path, `LIFECTL_NOW` and `TZ`.
    public init(now: String = "2026-11-22T12:00:00Z", timeZone: String = "UTC") throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifectl-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        environment = [
            "LIFECTL_NOW": now, "TZ": timeZone, "LIFECTL_DB": directory.appendingPathComponent("life.db").path,
            "HOME": directory.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "LANG": "C.UTF-8",
        ]
    }

    public var databasePath: String { environment["LIFECTL_DB"] ?? "" }

    public func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    @discardableResult
    public func run(_ arguments: String..., stdin: String? = nil) throws -> Result {
        try run(arguments, stdin: stdin)
    }

    /// `script` run by /bin/sh in the sandbox, `$L` the built lifectl.
    public func shell(_ script: String) throws -> Result {
        try run([], shellScript: script)
    }

    @discardableResult
    public func run(
        _ arguments: [String], stdin: String? = nil, extraEnvironment: [String: String] = [:], umask: String? = nil,
        timeoutSeconds: Double? = nil, shellScript: String? = nil
    ) throws -> Result {
        let process = Process()
        var extraEnvironment = extraEnvironment
        if let shellScript {
            // A script run by /bin/sh, with `$L` the built lifectl: for
            // redirections the harness cannot make (`> /dev/full`, `1<>FILE`).
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", shellScript]
            extraEnvironment["L"] = try Self.binary().path
        } else if let umask {
            // Through the shell, which sets the file-creation mask for the child only.
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "umask \(umask) && exec \"$0\" \"$@\"", try Self.binary().path] + arguments
        } else {
            process.executableURL = try Self.binary()
            process.arguments = arguments
        }
        process.environment = environment.merging(extraEnvironment) { $1 }
        process.currentDirectoryURL = directory
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        try process.run()
        if let timeoutSeconds {
            // A command that would block (on a FIFO, say) fails the test instead of hanging it.
            // A thread of its own: Dispatch's shared queues can be starved by
            // the tests' own blocking reads on a two-core machine.
            let running = UncheckedProcess(process: process)
            Thread.detachNewThread {
                Thread.sleep(forTimeInterval: timeoutSeconds)
                // SIGKILL: a process blocked on a FIFO inside SQLite may not end on SIGTERM.
                if running.process.isRunning { kill(running.process.processIdentifier, SIGKILL) }
            }
        }
        if let stdin {
            // Written from another thread: a large input must not block against a child that is writing output.
            let writer = input.fileHandleForWriting
            let bytes = Data(stdin.utf8)
            Thread.detachNewThread {
                Self.writeAll(bytes, to: writer.fileDescriptor)
                try? writer.close()
            }
        }
        // Read both pipes fully before waiting, so a large output cannot block the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            stdoutData: outData, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            status: process.terminationStatus)
    }

    /// A process handed to the timeout's thread; only `isRunning` and
    /// `processIdentifier` are used there, which Foundation makes safe across threads.
    public struct UncheckedProcess: @unchecked Sendable {
        public let process: Process
    }

    /// Writes every byte, retrying after signals (Foundation's FileHandle.write
    /// traps on EINTR); stops quietly when the reader has gone.
    public static func writeAll(_ data: Data, to descriptor: Int32) {
        data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                #if canImport(Glibc)
                    let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                #else
                    let written = Darwin.write(descriptor, base + offset, buffer.count - offset)
                #endif
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    /// The `sqlite3` shell's answer to a query on the sandbox's database.
    public func sqlite(_ sql: String) throws -> String {
        let process = Process()
        process.executableURL = Self.sqlite3
        process.arguments = [databasePath, sql]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The `sqlite3` shell: the first on `PATH` (Debian's is /usr/bin/sqlite3,
    /// Homebrew's /opt/homebrew/bin/sqlite3).
    static let sqlite3: URL = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("sqlite3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return URL(fileURLWithPath: "/usr/bin/sqlite3")
    }()

    /// The content of the database as `sqlite3 .dump` prints it: equal dumps
    /// mean the content is unchanged.
    public func dump() throws -> String {
        try sqlite(".dump")
    }

    /// The migrations in the package's `Schema/` folder, in order, as
    /// (version, `NNNN_name`): what every new database should be at.
    public static let schemaMigrations: [(version: Int, file: String)] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Schema")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".sql") }.sorted().compactMap { name in
            let file = String(name.dropLast(4))
            return Int(file.prefix(4)).map { ($0, file) }
        }
    }()

    /// The latest schema version, from `Schema/`.
    public static var latestVersion: Int { schemaMigrations.last?.version ?? 0 }

    /// The built executable, next to this test bundle in the build folder.
    public static func binary() throws -> URL {
        if let explicit = ProcessInfo.processInfo.environment["LIFECTL_BIN"] {
            return URL(fileURLWithPath: explicit)
        }
        var candidates: [URL] = []
        #if os(Linux)
            if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
                candidates.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
            }
        #endif
        candidates.append(Bundle.main.bundleURL)
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent(".build/debug"))
        for folder in candidates {
            for url in [
                folder.appendingPathComponent("lifectl"),
                folder.deletingLastPathComponent().appendingPathComponent("lifectl"),
            ]
            where FileManager.default.isExecutableFile(atPath: url.path) {
                return url
            }
        }
        throw LifectlNotBuilt()
    }

    public struct LifectlNotBuilt: Error, CustomStringConvertible {
        public var description: String {
            "the lifectl executable was not found next to the tests; run `swift build` first"
        }
    }
}
