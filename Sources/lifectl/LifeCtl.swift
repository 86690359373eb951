import ArgumentParser
import Foundation
import LifeCore
import LifeKit
import LifeServiceClient

/// The command front: parses, calls a store, formats (STYLE: thin commands).
///
/// Errors become `error: …` on stderr and a sysexits(3) status (SPEC CORE-7):
/// 64 bad usage or a broken rule, 65 malformed input, 66 missing input,
/// 74 I/O, 70 a bug.
@main
struct LifeCtl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lifectl",
        abstract: "Your life data in one SQLite file: Finite, LifeTimer, Only Walks, Hereafter and DailyMenu.",
        discussion: """
            Every command takes --db PATH (else $LIFECTL_DB, else $XDG_DATA_HOME/lifectl/life.db, \
            else ~/.local/share/lifectl/life.db) and, where it prints data, --json. \
            LIFECTL_NOW pins the clock (an ISO 8601 instant), a testing aid that changes what "now" means \
            for everything, Hereafter's time locks included; the owner's time zone setting, \
            else TZ, decides what "today" is.
            Shell completion for bash, zsh and fish: `lifectl --generate-completion-script bash` \
            (or zsh, fish) prints the script; scripts/install puts it, the binary and the manual page \
            (man lifectl) where the shells find them.
            """,
        version: "0.1.0",
        subcommands: [
            DBCommand.self, SettingsCommand.self, FiniteCommand.self, LifeTimerCommand.self, WalksCommand.self,
            HereafterCommand.self, DailyMenuCommand.self, SearchCommand.self, TodayCommand.self, WeekCommand.self,
            CalendarCommand.self, StatsCommand.self, ExportCommand.self, ImportCommand.self, SyncCommand.self,
            ServerCommand.self, LoginCommand.self, LogoutCommand.self,
        ]
    )

    static func main() {
        // A reader that goes away (`lifectl db backup - | head -c 10`) makes
        // a write fail with EPIPE instead of killing the process, so what it
        // made (a temporary copy of the database) is removed and the
        // failure is reported like any other write (exit 74).
        signal(SIGPIPE, SIG_IGN)
        // Stderr on a database file: refused before any message can reach it.
        if let kind = OutputFile.sqliteFileKind(descriptor: STDERR_FILENO) {
            Terminal.refuseStandardErrorOnDatabase(kind)
        }
        // Stdout on any SQLite file, this database's or another's (`1<> other.db`).
        Terminal.refuseStandardOutputOnDatabase()
        // Swift decodes arguments as UTF-8, replacing bytes it cannot read with
        // U+FFFD: a file name or a phrase would silently become another one.
        for index in 1..<Int(CommandLine.argc) {
            guard let raw = CommandLine.unsafeArgv[index], String(validatingCString: raw) == nil else { continue }
            fail(
                "argument \(index) is not valid UTF-8 (\(TerminalText.echoed(CommandLine.arguments[index]))); lifectl takes text and file names in UTF-8",
                code: 64)
        }
        // `lifectl help NAME` for a name that is no command: refused, not the top help.
        if CommandLine.arguments.dropFirst().first == "help",
            let refusal = CommandSuggestion.unknownCommand(in: Array(CommandLine.arguments.dropFirst()))
        {
            fail(refusal, code: 64)
        }
        do {
            var command = try parseAsRoot()
            // A command that only reads never creates the database (CORE-13).
            if let reader = command as? any ReadOnlyCommand { try reader.requireDatabase() }
            try command.run()
        } catch let error as LifeError {
            fail(error.message + remedy(error.remedy, subject: error.subject), code: error.exitCode)
        } catch {
            // SQLite's errors, told by the kernel in a person's terms.
            if let error = DatabaseProblem.explain(
                error, databasePath: OutputFile.databaseInUse, registry: LifeKit.registry)
            {
                fail(error.message + remedy(error.remedy, subject: error.subject), code: error.exitCode)
            }
            if let report = FileErrorReport(error) {
                fail(report.message, code: report.exitCode)
            }
            argumentParserExit(error)
        }
    }

    /// The argument parser's own outcomes: help and version on stdout with 0,
    /// usage errors on stderr with its status (64), spelled `error: …` like
    /// every other failure.
    private static func argumentParserExit(_ error: any Error) -> Never {
        let code = exitCode(for: error)
        // The parser gives 1 to an error it does not know: none of the kinds
        // above, so a bug, reported as such (70), never exit 1 and a dump.
        if code == .failure, !(error is ExitCode) {
            fail("unexpected internal error (\(String(describing: type(of: error)))): \(error)", code: 70)
        }
        // A mistyped command or subcommand: "did you mean", not "Unexpected argument".
        if code != .success,
            let refusal = CommandSuggestion.unknownCommand(in: Array(CommandLine.arguments.dropFirst()))
        {
            fail(refusal, code: 64)
        }
        var message = fullMessage(for: error)
        if code == .success {
            if !message.isEmpty { Terminal.write(message) }
            _exit(0)
        }
        if message.hasPrefix("Error: ") { message = "error: " + message.dropFirst("Error: ".count) }
        if !message.isEmpty { Terminal.writeError(message) }
        _exit(code.rawValue)
    }

    /// The command that sets right what a library error reports missing:
    /// the library names the state, the CLI names its own command.
    private static func remedy(_ remedy: LifeError.Remedy?, subject: String?) -> String {
        guard let remedy else { return "" }
        switch remedy {
        case .finiteSetup: return "; run `lifectl finite setup --birthday YYYY-MM-DD`"
        case .finitePhaseList: return " (see `lifectl finite phase list`)"
        case .databaseCheck: return " (`lifectl db check` lists every such row)"
        case .walksList: return " (see `lifectl walks list`)"
        case .walksResumeOrFinish:
            return
                "; resume it (`lifectl walks record --resume`) or finish it (`lifectl walks record --finish`) first"
        case .walksRecord: return "; start one with `lifectl walks record`"
        case .hereafterOnboard: return "; run `lifectl hereafter onboard --name NAME`"
        case .ownerTimeZone: return "; set it again with `lifectl settings set --time-zone NAME`"
        case .schemaCheck: return "; `lifectl db check` tells more"
        // LifeTimer words its own, in the acting account's language (LT-9).
        case .lifeTimerGoalAdd, .lifeTimerAccountCreate, .lifeTimerPublish:
            return LifeTimerText.remedy(remedy, subject: subject)
        case .dailyMenuActivities: return " (see `lifectl dailymenu activities`)"
        case .dailyMenuComplete: return "; complete it with `lifectl dailymenu complete \(subject ?? "ID")`"
        case .newerVersion: return "; use a newer lifectl"
        case .searchWord: return "; give at least one word, such as: lifectl search snow"
        case .serviceLogin: return "; sign in with `lifectl login --server \(subject ?? "URL")`"
        default: return ""
        }
    }

    /// An error is one line: a value it quotes (a username typed with a
    /// newline) shows its newlines and tabs escaped, never a line of its own.
    private static func fail(_ message: String, code: Int32) -> Never {
        Terminal.writeError("error: " + TerminalText.oneLine(message))
        _exit(code)
    }
}
