import Foundation
import LifeKitTestSupport
import Testing

/// End-to-end: `dailymenu insights --pdf` (issue 32, the mood report), as a
/// new user types it. The output rule for the file itself (refusal of an
/// existing file, 0600, FIFOs, the database) is `OutputFileTests`'.
@Suite(.tags(.endToEnd)) struct DailyMenuMoodReportCommandTests {
    /// Two rituals with moods on 2026-11-20 (a Friday): box breathing from
    /// Okay to Better, the sigh from Low to Same.
    static func twoRituals() throws -> Lifectl {
        let cli = try Lifectl(now: "2026-11-20T12:00:00Z")
        for arguments in [
            ["dailymenu", "complete", "box-breath", "--mood-before", "okay", "--mood-after", "better"],
            ["dailymenu", "complete", "sigh", "--mood-before", "low", "--mood-after", "same"],
        ] {
            let result = try cli.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        return cli
    }

    static func bytes(_ cli: Lifectl, _ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: cli.path(name)).map { [UInt8]($0) }
    }

    @Test func writesTheReport() throws {
        let cli = try Self.twoRituals()
        let result = try cli.run("dailymenu", "insights", "--pdf", "report.pdf")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "wrote report.pdf: a mood report of 26 weeks, one A4 page\n")
        let pdf = try #require(Self.bytes(cli, "report.pdf"))
        #expect(pdf.starts(with: Array("%PDF-1.4\n".utf8)))
        #expect(pdf.suffix(6) == Array("%%EOF\n".utf8))
        let text = try #require(String(bytes: pdf, encoding: .isoLatin1))
        // 2026-11-20's Monday is 2026-11-16; 25 weeks before it, 2026-05-25.
        #expect(text.contains("(26 weeks, from the week of 2026-05-25 to the week of 2026-11-16: 2 rituals) Tj"))
        #expect(text.contains("(Before, all rituals: Low 1 \u{B7} Okay 1 \u{B7} Good 0) Tj"))
        #expect(text.contains("(After, all rituals: Lower 0 \u{B7} Same 1 \u{B7} Better 1) Tj"))
        let mode = try FileManager.default.attributesOfItem(atPath: cli.path("report.pdf"))[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // The same database, the same clock: the same bytes.
        #expect(try cli.run("dailymenu", "insights", "--pdf", "again.pdf").status == 0)
        #expect(Self.bytes(cli, "again.pdf") == pdf)
    }

    @Test func svgAndPDFTogetherAndAsJSON() throws {
        let cli = try Self.twoRituals()
        let result = try cli.run("dailymenu", "insights", "--svg", "moods.svg", "--pdf", "moods.pdf", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: String])
        #expect(object == ["svg": "moods.svg", "pdf": "moods.pdf"])
        let svg = try #require(Self.bytes(cli, "moods.svg"))
        #expect(svg.starts(with: Array("<?xml".utf8)))
        #expect(try cli.run("dailymenu", "insights", "--svg", "alone.svg").status == 0)
        #expect(Self.bytes(cli, "alone.svg") == svg)
        #expect(Self.bytes(cli, "moods.pdf")?.starts(with: Array("%PDF-".utf8)) == true)
    }

    /// Refusals are 64, name the option and leave every file as it was:
    /// neither file is written when the other one is refused.
    @Test func refusals() throws {
        let cli = try Self.twoRituals()
        let same = try cli.run("dailymenu", "insights", "--svg", "x.pdf", "--pdf", "./x.pdf")
        #expect(same.status == 64)
        #expect(same.stderr.contains("--pdf and --svg name the same file"))
        #expect(Self.bytes(cli, "x.pdf") == nil)

        try Data("mine".utf8).write(to: URL(fileURLWithPath: cli.path("kept.pdf")))
        let existing = try cli.run("dailymenu", "insights", "--svg", "new.svg", "--pdf", "kept.pdf")
        #expect(existing.status == 64)
        #expect(existing.stderr.contains("kept.pdf already exists; give --force to replace it"))
        #expect(Self.bytes(cli, "kept.pdf") == Array("mine".utf8))
        #expect(Self.bytes(cli, "new.svg") == nil)

        // A terminal takes no PDF: /dev/tty is this process's terminal, or
        // none (then nothing could take the bytes either).
        let terminal = try cli.run("dailymenu", "insights", "--pdf", "/dev/tty")
        #expect(terminal.status == 64)
        #expect(terminal.stderr.contains("--pdf would write to '/dev/tty', a terminal; a PDF is binary"))

        let forced = try cli.run("dailymenu", "insights", "--pdf", "kept.pdf", "--force")
        #expect(forced.status == 0)
        #expect(Self.bytes(cli, "kept.pdf")?.starts(with: Array("%PDF-".utf8)) == true)
    }
}
