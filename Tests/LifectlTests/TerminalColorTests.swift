import Foundation
import Testing

/// On a terminal (CORE-8), the pictures are coloured with real escape
/// sequences, never with sequences escaped into visible `\u{1B}` text; the
/// terminal is made by `script` (util-linux), as a person's would be.
@Suite struct TerminalColorTests {
    static func onATerminal(_ cli: Lifectl, _ arguments: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qfec", "\"$L\" \(arguments)", "/dev/null"]
        var environment = cli.environment.merging(["L": try Lifectl.binary().path]) { $1 }
        environment.removeValue(forKey: "NO_COLOR")
        process.environment = environment
        process.currentDirectoryURL = cli.directory
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(arguments)")
        return String(decoding: data, as: UTF8.self)
    }

    @Test(arguments: ["dailymenu calendar", "finite grid", "hereafter chat"])
    func picturesAreColouredNotEscaped(command: String) throws {
        let cli = try Lifectl()
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        #expect(try cli.run("dailymenu", "complete", "sigh", "--after", "better").status == 0)
        #expect(try cli.run("hereafter", "onboard", "--name", "Ada").status == 0)
        // A locked note: the chat shows it muted (dim).
        #expect(
            try cli.run("hereafter", "plant", "--text", "Later.", "--at", "1,1", "--unlock", "2027-01-01").status == 0)
        let text = try Self.onATerminal(cli, command)
        #expect(text.contains("\u{1B}["), "\(command): no colour on a terminal")
        #expect(!text.contains("\\u{1B}"), "\(command): a colour escaped into text")
    }
}
