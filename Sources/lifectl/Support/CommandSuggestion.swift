import ArgumentParser
import Foundation
import LifeCore

/// A mistyped command or subcommand gets "did you mean", and `lifectl help
/// NAME` for a name that is no command is refused (exit 64) instead of
/// printing the top help (CORE-13).
///
/// The command tree is read from the parser's own description of it
/// (`--experimental-dump-help`), so every command, alias and option is known
/// without a second list to keep up to date.
enum CommandSuggestion {
    /// The refusal for `arguments` (the words after `lifectl`) when a word
    /// stands where a command must and names none; nil when there is none.
    static func unknownCommand(in arguments: [String]) -> String? {
        guard let root = tree else { return nil }
        if arguments.first == "help" {
            return unknownHelpTopic(Array(arguments.dropFirst()), root: root)
        }
        var command = root
        var path = [root.commandName]
        var words = arguments[...]
        while let word = words.popFirst() {
            if word == "--" { return nil }
            if word.hasPrefix("-") {
                // An option this level takes with a value skips its value;
                // an option it does not know ends the walk (its arity is unknown).
                guard let takesValue = command.takesValue(word) else { return nil }
                if takesValue, !word.contains("=") { _ = words.popFirst() }
                continue
            }
            guard let subcommands = command.subcommands, !subcommands.isEmpty else { return nil }
            if let next = subcommands.first(where: { $0.isNamed(word) }) {
                command = next
                path.append(next.commandName)
                continue
            }
            // With a default subcommand, the word may be its argument.
            if let fallback = command.defaultCommand, fallback.takesPositionals { return nil }
            return refusal(word, path: path, among: subcommands)
        }
        return nil
    }

    /// `lifectl help WORDS`: every word must name a command under the one before.
    private static func unknownHelpTopic(_ words: [String], root: Command) -> String? {
        var command = root
        var path = [root.commandName]
        for word in words where !word.hasPrefix("-") {
            guard let next = (command.subcommands ?? []).first(where: { $0.isNamed(word) }) else {
                return refusal(word, path: path, among: command.subcommands ?? [])
            }
            command = next
            path.append(next.commandName)
        }
        return nil
    }

    private static func refusal(_ word: String, path: [String], among commands: [Command]) -> String {
        let place = path.count == 1 ? "a lifectl command" : "a command of \(path.joined(separator: " "))"
        var message = "'\(TerminalText.echoed(word))' is not \(place)"
        let close = suggestions(for: word, among: commands.filter(\.shouldDisplay).map(\.commandName))
        if !close.isEmpty {
            message += "; did you mean " + close.map { "'\($0)'" }.joined(separator: " or ") + "?"
        }
        return message + " (see `\(path.joined(separator: " ")) --help`)"
    }

    /// The names closest to `word`: those within two edits (a letter
    /// missing, extra, wrong or two swapped), the nearest first, else those
    /// it begins (`life` for `lifetimer`).
    static func suggestions(for word: String, among names: [String]) -> [String] {
        let typed = word.lowercased()
        let distances = names.map { ($0, editDistance(typed, $0)) }
        if let best = distances.map(\.1).min(), best <= 2, best < typed.count {
            return distances.filter { $0.1 == best }.map(\.0)
        }
        guard typed.count >= 2 else { return [] }
        return names.filter { $0.hasPrefix(typed) }
    }

    /// Optimal string alignment distance: insertions, deletions,
    /// substitutions and swaps of two neighbours each count one.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    // MARK: - The tree, as the parser describes it

    /// The parts of `--experimental-dump-help` the walk needs.
    struct Command: Decodable {
        let commandName: String
        let aliases: [String]?
        let shouldDisplay: Bool
        let defaultSubcommand: String?
        let subcommands: [Command]?
        let arguments: [Argument]?

        struct Argument: Decodable {
            let kind: String
            let names: [Name]?
        }

        struct Name: Decodable {
            let kind: String
            let name: String

            var spelled: String { kind == "short" ? "-" + name : kind == "long" ? "--" + name : "-" + name }
        }

        func isNamed(_ word: String) -> Bool {
            commandName == word || (aliases ?? []).contains(word)
        }

        var defaultCommand: Command? {
            defaultSubcommand.flatMap { name in subcommands?.first { $0.commandName == name } }
        }

        var takesPositionals: Bool {
            (arguments ?? []).contains { $0.kind == "positional" }
        }

        /// Whether `word` (`--as`, `--db=x`) is an option here that takes a
        /// value (true) or a flag (false); nil when this level (or its
        /// default subcommand) does not know it.
        func takesValue(_ word: String) -> Bool? {
            let spelled = String(word.split(separator: "=", maxSplits: 1).first ?? "")
            for argument in (arguments ?? []) + (defaultCommand?.arguments ?? []) {
                guard (argument.names ?? []).contains(where: { $0.spelled == spelled }) else { continue }
                return argument.kind == "option"
            }
            return nil
        }
    }

    private struct Dump: Decodable {
        let command: Command
    }

    /// The whole command tree, decoded from the parser's description.
    private static var tree: Command? {
        try? JSONDecoder().decode(Dump.self, from: Data(LifeCtl._dumpHelp().utf8)).command
    }
}
