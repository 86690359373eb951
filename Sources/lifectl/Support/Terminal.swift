import Foundation
import LifeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where output goes, and whether it may be coloured (SPEC CORE-8: colour only
/// when stdout is a terminal and `NO_COLOR` is unset).
///
/// Human text and error messages pass through `TerminalText.escaped`, so no
/// control character from a value, a file name or a database row reaches the
/// terminal raw; JSON and the program's own coloured pictures are written with
/// `writeRendered`, as they are.
enum Terminal {
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    static var useColor: Bool {
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"]
        return stdoutIsTerminal && (noColor == nil || noColor == "")
    }

    /// A message on stderr: escaped, and every value in it cut after 80
    /// characters (`TerminalText.cuttingEchoes`), so no refusal repeats a
    /// megabyte-long argument whole, whichever code quoted it.
    static func writeError(_ line: String) {
        writeToStandardError(TerminalText.cuttingEchoes(in: TerminalText.escaped(line)) + "\n")
    }

    /// Stderr opened on a database (`2<> life.db`, `2>> life.db`): any
    /// message would land in the file and could destroy it, so nothing more
    /// is written there (it becomes /dev/null), the refusal is said on
    /// stdout unless stdout is a database too, and the command ends with 64
    /// before it does anything (CORE-1, CORE-7; issue 22 §6).
    static func refuseStandardErrorOnDatabase(_ what: String) -> Never {
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        if null >= 0 {
            dup2(null, STDERR_FILENO)
            close(null)
        } else {
            close(STDERR_FILENO)
        }
        if !OutputFile.holdsSQLiteDatabase(descriptor: STDOUT_FILENO),
            OutputFile.databaseInUse.flatMap({
                OutputFile.databaseFile(matchingDescriptor: STDOUT_FILENO, database: $0)
            })
                == nil
        {
            var line =
                "error: standard error is \(what); lifectl never writes over a database, so send it elsewhere\n"
            line.withUTF8 {
                try? OutputFile.writeAll(UnsafeRawBufferPointer($0), to: STDOUT_FILENO, name: "standard output")
            }
        }
        _exit(64)
    }

    /// Stdout opened on a SQLite file that is not known to be the database
    /// in use (`1<> other.db`, `>> other.db-wal`): whatever the command
    /// prints, even its help, would land in it. Refused before anything is
    /// parsed or done, with 64 (CORE-1, CORE-7). The database in use is
    /// also refused by `CommandContext`, which can name it; this catches
    /// every other database and the commands that open none.
    static func refuseStandardOutputOnDatabase(
        arguments: [String] = CommandLine.arguments, environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        guard let kind = OutputFile.sqliteFileKind(descriptor: STDOUT_FILENO) else { return }
        // The database the command would use, as far as the arguments tell
        // before they are parsed: said as `CommandContext` says it.
        let location = DatabaseLocation.resolve(flag: databaseFlag(in: arguments), environment: environment)
        if let companion = OutputFile.databaseFile(matchingDescriptor: STDOUT_FILENO, database: location.path) {
            writeToStandardError(
                "error: standard output is \(companion); lifectl never writes over its own database, so send it elsewhere\n"
            )
        } else {
            writeToStandardError(
                "error: standard output is \(kind); lifectl never writes over a database, so send it elsewhere\n")
        }
        _exit(64)
    }

    /// The value of the last `--db` (or `--db=`) before a `--`, if any.
    private static func databaseFlag(in arguments: [String]) -> String? {
        var found: String?
        var index = 1
        while index < arguments.count, arguments[index] != "--" {
            let argument = arguments[index]
            if argument == "--db", index + 1 < arguments.count {
                found = arguments[index + 1]
                index += 1
            } else if argument.hasPrefix("--db=") {
                found = String(argument.dropFirst("--db=".count))
            }
            index += 1
        }
        return found
    }

    /// Bytes on stderr; a stderr that cannot take them (`2>/dev/full`) is
    /// ignored, as there is nowhere left to say so (Foundation's
    /// `FileHandle.write(_:)` would trap).
    static func writeToStandardError(_ text: String) {
        var text = text
        text.withUTF8 {
            try? OutputFile.writeAll(UnsafeRawBufferPointer($0), to: STDERR_FILENO, name: "standard error")
        }
    }

    /// Prints text, escaped (no extra newline when it already ends with one).
    static func write(_ text: String) {
        writeRendered(TerminalText.escaped(text))
    }

    /// A picture that may be coloured (the life grid, the chat): coloured only
    /// when the plain rendering holds no character to escape, so the only
    /// escape sequences that reach the terminal are the renderer's own.
    static func writePicture(_ render: (_ ansiColor: Bool) -> String) {
        let plain = render(false)
        if useColor, !plain.unicodeScalars.contains(where: { TerminalText.needsEscape($0, keepingLineBreaks: true) }) {
            writeRendered(render(true))
        } else {
            write(plain)
        }
    }

    /// Prints text the program composed itself and vouches for (JSON, a grid
    /// coloured with ANSI sequences whose values were escaped first).
    ///
    /// A stdout that cannot be written (`/dev/full`, a closed pipe) ends the
    /// command with exit 74 and the system's words, as any failed write
    /// does (Foundation's `FileHandle.write(_:)` would trap on it).
    static func writeRendered(_ text: String) {
        var bytes = text.hasSuffix("\n") ? text : text + "\n"
        do {
            try bytes.withUTF8 {
                try OutputFile.writeAll(UnsafeRawBufferPointer($0), to: STDOUT_FILENO, name: "standard output")
            }
        } catch {
            // The command's work is done (a change is saved); only its report
            // is lost, which the person must know before trying again.
            let message = (error as? LifeError)?.message ?? "cannot write standard output"
            writeToStandardError("error: \(message) (the command itself was carried out; only this output was lost)\n")
            exit(74)
        }
    }
}
