import Foundation

/// The system's `gzip` program, an implementation independent of the reader
/// under test, to make and unmake `.gpx.gz` bytes in the tests.
enum GzipTool {
    /// `gzip -9nc`: no name, no time stamp, so the bytes depend on the input only.
    static func compress(_ bytes: [UInt8]) throws -> [UInt8] {
        try run(["-9nc"], bytes)
    }

    /// `gzip -dc`.
    static func decompress(_ bytes: [UInt8]) throws -> [UInt8] {
        try run(["-dc"], bytes)
    }

    private static func run(_ arguments: [String], _ input: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip"] + arguments
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        // Written from another thread, so a large input never blocks against
        // a child whose output is not read yet.
        let writer = stdin.fileHandleForWriting
        let data = Data(input)
        Thread.detachNewThread {
            try? writer.write(contentsOf: data)
            try? writer.close()
        }
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw GzipFailed(status: process.terminationStatus) }
        return [UInt8](output)
    }

    struct GzipFailed: Error {
        let status: Int32
    }
}
