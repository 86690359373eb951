import Foundation
import LifeKitTestSupport
import Testing

/// On a terminal (CORE-8), the pictures are coloured with real escape
/// sequences, never with sequences escaped into visible `\u{1B}` text; the
/// terminal is made by `script` (util-linux), as a person's would be.
@Suite(.tags(.endToEnd)) struct TerminalColorTests {
    static func onATerminal(_ cli: Lifectl, _ arguments: String) throws -> String {
        let result = try cli.shell("script -qfec '\"$L\" \(arguments)' /dev/null")
        #expect(result.status == 0, "\(arguments)")
        return result.stdout
    }

    @Test(arguments: ["dailymenu calendar", "finite grid", "hereafter chat"])
    func picturesAreColouredNotEscaped(command: String) throws {
        let cli = try Lifectl()
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        #expect(try cli.run("dailymenu", "complete", "sigh", "--mood-after", "better").status == 0)
        #expect(try cli.run("hereafter", "onboard", "--name", "Ada").status == 0)
        // A locked note: the chat shows it muted (dim).
        #expect(
            try cli.run("hereafter", "plant", "--text", "Later.", "--at", "1,1", "--unlock", "2027-01-01").status == 0)
        let text = try Self.onATerminal(cli, command)
        #expect(text.contains("\u{1B}["), "\(command): no colour on a terminal")
        #expect(!text.contains("\\u{1B}"), "\(command): a colour escaped into text")
    }
}
