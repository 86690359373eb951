import Foundation
import LifeKitTestSupport
import Testing

/// `scripts/install [PREFIX]` (CORE-13): the binary, its manual page and the
/// bash, zsh and fish completions where the shells look, under PREFIX; run
/// again it changes nothing, and a file it did not install stops it before
/// anything is written. The debug build stands in for the release one
/// (`LIFECTL_BIN`), so the test builds only swift-argument-parser's
/// `generate-manual` (once; it is kept in .build/generate-manual).
@Suite(.tags(.endToEnd), .serialized) struct InstallTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let installed = [
        "bin/lifectl", "share/man/man1/lifectl.1", "share/bash-completion/completions/lifectl",
        "share/zsh/site-functions/_lifectl", "share/fish/vendor_completions.d/lifectl.fish",
    ]

    func install(_ cli: Lifectl, _ arguments: String...) throws -> Lifectl.Result {
        let script = Self.root.appendingPathComponent("scripts/install").path
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        return try cli.run(
            [], extraEnvironment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
            shellScript: "LIFECTL_BIN=\"$L\" exec '\(script)' \(quoted)")
    }

    @Test func installsEverythingWhereShellsLookThenChangesNothing() throws {
        let cli = try Lifectl()
        let prefix = cli.path("new folder/prefix")
        let first = try install(cli, prefix)
        #expect(first.status == 0, "\(first.stderr)")
        for file in Self.installed {
            #expect(first.stdout.contains("installed \(prefix)/\(file)\n"), "\(file): \(first.stdout)")
            #expect(FileManager.default.fileExists(atPath: "\(prefix)/\(file)"), "\(file)")
        }
        #expect(FileManager.default.isExecutableFile(atPath: "\(prefix)/bin/lifectl"))
        // The installed binary runs, and its completions are its own.
        let version = try cli.run([], shellScript: "'\(prefix)/bin/lifectl' --version")
        #expect(version.stdout == "0.1.0\n")
        let bash = try String(contentsOfFile: "\(prefix)/share/bash-completion/completions/lifectl", encoding: .utf8)
        #expect(bash == (try cli.run("--generate-completion-script", "bash")).stdout)
        // bash loads it and completes `lifectl fi` to finite.
        let completed = try cli.run(
            [],
            shellScript: """
                exec bash -c '. "$0"; COMP_WORDS=(lifectl fi); COMP_CWORD=1; COMP_LINE="lifectl fi"; COMP_POINT=10; \
                _lifectl lifectl fi lifectl; printf "%s\\n" "${COMPREPLY[@]}"' '\(prefix)/share/bash-completion/completions/lifectl'
                """)
        #expect(completed.stdout.split(separator: "\n").contains("finite"), "\(completed.stdout) \(completed.stderr)")
        // The manual page is a roff page for lifectl with every group in it.
        let page = try String(contentsOfFile: "\(prefix)/share/man/man1/lifectl.1", encoding: .utf8)
        #expect(page.contains(".Dt LIFECTL 1") || page.contains(".TH LIFECTL 1"), "\(page.prefix(300))")
        for group in ["finite", "walks", "hereafter", "lifetimer", "dailymenu", "sync"] {
            #expect(page.contains(group), "\(group)")
        }
        // Again: nothing to do, nothing rewritten.
        let again = try install(cli, prefix)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.hasPrefix("lifectl in \(prefix) is up to date.\n"), "\(again.stdout)")
    }

    @Test func aFileItDidNotInstallStopsItBeforeAnythingIsWritten() throws {
        let cli = try Lifectl()
        let prefix = cli.path("prefix")
        try FileManager.default.createDirectory(
            atPath: "\(prefix)/share/man/man1", withIntermediateDirectories: true)
        try "mine\n".write(toFile: "\(prefix)/share/man/man1/lifectl.1", atomically: true, encoding: .utf8)
        let result = try install(cli, prefix)
        #expect(result.status == 73)
        #expect(
            result.stderr.hasSuffix(
                "error: \(prefix)/share/man/man1/lifectl.1 exists and was not installed by scripts/install (or was changed since); move it away to install\nNothing was installed.\n"
            ), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(prefix)/bin/lifectl"))
        #expect(try String(contentsOfFile: "\(prefix)/share/man/man1/lifectl.1", encoding: .utf8) == "mine\n")
    }

    @Test func aBadArgumentIsAUsageError() throws {
        let cli = try Lifectl()
        let option = try install(cli, "--prefix")
        #expect(option.status == 64)
        #expect(option.stderr == "error: unknown option --prefix (usage: scripts/install [PREFIX])\n")
        let two = try install(cli, "a", "b")
        #expect(two.status == 64)
        #expect(!FileManager.default.fileExists(atPath: cli.path("a")))
    }
}
