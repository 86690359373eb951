// Help and completion, pinned (CORE-13): the whole command tree as the
// parser describes it (`lifectl --experimental-dump-help`: every command's
// abstract, discussion and example, every option with its value name,
// values, default and completion) and the bash, zsh and fish completion
// scripts. A change to any of them fails here until it is made on purpose:
//
//     LIFECTL_UPDATE_GOLDEN=1 swift test --filter HelpSnapshotTests
//
// then review the diff of Tests/LifectlTests/Golden/ before committing it.

import Foundation
import LifeKitTestSupport
import Testing

@Suite(.tags(.endToEnd)) struct HelpSnapshotTests {
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden")

    @Test(arguments: [
        (["--experimental-dump-help"], "lifectl-help.json"),
        (["--generate-completion-script", "bash"], "lifectl.bash"),
        (["--generate-completion-script", "zsh"], "_lifectl.zsh"),
        (["--generate-completion-script", "fish"], "lifectl.fish"),
    ])
    func matchesGolden(arguments: [String], file: String) throws {
        let cli = try Lifectl()
        let result = try cli.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let golden = Self.goldenDirectory.appendingPathComponent(file)
        if ProcessInfo.processInfo.environment["LIFECTL_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.goldenDirectory, withIntermediateDirectories: true)
            try result.stdoutData.write(to: golden)
            return
        }
        let expected = try #require(
            try? Data(contentsOf: golden), "no golden file \(file); run with LIFECTL_UPDATE_GOLDEN=1 to write it")
        #expect(
            result.stdoutData == expected,
            "\(file) differs from the pinned one: \(Self.firstDifference(result.stdout, String(decoding: expected, as: UTF8.self)))"
        )
    }

    /// The first line that differs, to say where without printing megabytes.
    static func firstDifference(_ actual: String, _ expected: String) -> String {
        let a = actual.components(separatedBy: "\n")
        let e = expected.components(separatedBy: "\n")
        for index in 0..<max(a.count, e.count) {
            let left = index < a.count ? a[index] : "(end)"
            let right = index < e.count ? e[index] : "(end)"
            if left != right { return "line \(index + 1): got '\(left)', pinned '\(right)'" }
        }
        return "none"
    }

    /// The snapshot covers the whole tree: every command the top help and
    /// each group's help lists is in it, with its options.
    @Test func theSnapshotCoversEveryCommand() throws {
        let cli = try Lifectl()
        let dump = try #require(
            try JSONSerialization.jsonObject(with: cli.run("--experimental-dump-help").stdoutData) as? [String: Any])
        var paths: [String] = []
        func walk(_ command: [String: Any], _ prefix: String) {
            let name = prefix.isEmpty ? (command["commandName"] as? String ?? "") : prefix
            paths.append(name)
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                walk(sub, name + " " + (sub["commandName"] as? String ?? ""))
            }
        }
        walk(try #require(dump["command"] as? [String: Any]), "")
        // Worked out from the sources: 16 groups and top-level commands, and
        // each group's commands (LifeCtl.swift and each product's command).
        for expected in [
            "lifectl finite phase add", "lifectl lifetimer admin resolve", "lifectl lifetimer account delete",
            "lifectl walks prune", "lifectl hereafter geofences", "lifectl dailymenu delete-all",
            "lifectl db backup", "lifectl settings", "lifectl sync key new", "lifectl server status",
            "lifectl search", "lifectl stats", "lifectl export", "lifectl import", "lifectl calendar",
        ] {
            #expect(paths.contains(expected), "\(expected) is not in the snapshot")
        }
    }
}
