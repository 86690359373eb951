import Foundation
import LifeKitTestSupport
import Testing

/// Typed options (CORE-13): an option with a fixed list of values lists
/// them in its help and the shells complete them; on/off is one type
/// everywhere, so every on/off option takes the same words; `--db`
/// completes as a file.
@Suite(.tags(.endToEnd)) struct TypedOptionTests {
    @Test(arguments: [
        (["finite", "settings"], "--view <mode>", "(values: color, bw)"),
        (["finite", "settings"], "--biometric-lock <on|off>", "(values: on, off)"),
        (["finite", "settings"], "--daily-notification <on|off>", "(values: on, off)"),
        (["settings", "set"], "--units <units>", "(values: metric, imperial)"),
        (["dailymenu", "settings"], "--share-mood <on|off>", "(values: on, off)"),
    ])
    func helpListsTheValues(command: [String], option: String, values: String) throws {
        let cli = try Lifectl()
        let help = try cli.run(command + ["--help"])
        #expect(help.status == 0)
        // The option's entry, up to the next option.
        let entry =
            try #require(help.stdout.components(separatedBy: "\n  " + option).dropFirst().first)
            .components(separatedBy: "\n  -").first ?? ""
        // Help wraps long entries: compare with the white space folded.
        let folded = entry.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(folded.contains(values), "\(option): \(entry)")
    }

    /// bash completes the values after the option, with the script lifectl prints.
    @Test(arguments: [
        (["settings", "set", "--units"], ["imperial", "metric"]),
        (["finite", "settings", "--view"], ["bw", "color"]),
        (["dailymenu", "settings", "--share-mood"], ["off", "on"]),
    ])
    func bashCompletesTheValues(words: [String], expected: [String]) throws {
        let cli = try Lifectl()
        try cli.run("--generate-completion-script", "bash").stdoutData.write(
            to: URL(fileURLWithPath: cli.path("c.bash")))
        let line = "lifectl " + words.joined(separator: " ") + " "
        let script = """
            . ./c.bash
            COMP_WORDS=(lifectl \(words.joined(separator: " ")) ''); COMP_CWORD=\(words.count + 1)
            COMP_LINE='\(line)'; COMP_POINT=\(line.utf8.count)
            _lifectl lifectl '' \(words.last ?? ""); printf '%s\\n' "${COMPREPLY[@]}" | sort
            """
        try script.write(toFile: cli.path("complete.sh"), atomically: true, encoding: .utf8)
        let result = try cli.run([], shellScript: "PATH=\"$(dirname \"$L\"):$PATH\" exec bash complete.sh")
        #expect(result.stdout.split(separator: "\n").map(String.init) == expected, "\(result.stdout) \(result.stderr)")
    }

    /// One on/off type: `1` reads as on for every on/off option (Finite
    /// took it, DailyMenu refused it), and a word that is neither is
    /// refused alike, naming the option.
    @Test func everyOnOffOptionTakesTheSameWords() throws {
        let cli = try Lifectl()
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        let finite = try cli.run("finite", "settings", "--biometric-lock", "1", "--json")
        #expect(finite.status == 0, "\(finite.stderr)")
        #expect(finite.stdout.contains("\"biometricLock\" : true"), "\(finite.stdout)")
        let dailyMenu = try cli.run("dailymenu", "settings", "--share-mood", "1", "--json")
        #expect(dailyMenu.status == 0, "\(dailyMenu.stderr)")
        #expect(dailyMenu.stdout.contains("\"shareMood\" : true"), "\(dailyMenu.stdout)")
        for (command, option) in [
            (["finite", "settings"], "--daily-notification"), (["dailymenu", "settings"], "--share-mood"),
        ] {
            let refused = try cli.run(command + [option, "maybe"])
            #expect(refused.status == 64)
            #expect(refused.stderr == "error: \(option) is 'maybe'; it must be on or off\n")
        }
    }

    /// `--db` completes as a file name in every shell.
    @Test func theDatabaseOptionCompletesAsAFile() throws {
        let cli = try Lifectl()
        let zsh = try cli.run("--generate-completion-script", "zsh").stdout
        #expect(zsh.contains("'--db[The database file.]:path:_files'"))
        let fish = try cli.run("--generate-completion-script", "fish").stdout
        #expect(fish.contains("-l 'db' -d 'The database file.' -rF"))
    }
}
