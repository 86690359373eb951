import ArgumentParser

struct DBPath: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "path",
        abstract: "Print which database file is in use, and why.",
        discussion: "Example: LIFECTL_DB=/tmp/x.db lifectl db path"
    )

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let context = try CommandContext(options)
        if context.json { return try JSONOutput.print(context.location) }
        Terminal.write("\(context.location.path)\n(\(context.location.explanation))")
    }
}
