import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where output goes, and whether it may be coloured (SPEC CORE-8: colour only
/// when stdout is a terminal and `NO_COLOR` is unset).
enum Terminal {
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    static var useColor: Bool {
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"]
        return stdoutIsTerminal && (noColor == nil || noColor == "")
    }

    static func writeError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Prints text exactly as given (no extra newline when it already ends with one).
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }
}
