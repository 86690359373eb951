import ArgumentParser
import Foundation
import LifeCore
import LifeSync

/// `lifectl sync key new FILE`: a random 256-bit key in a 0600 file.
struct SyncKeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key",
        abstract: "Make the key that encrypts your bundles.",
        subcommands: [SyncKeyNew.self]
    )
}

struct SyncKeyNew: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a new random key to FILE (mode 0600); copy it to each of your devices yourself.",
        discussion: """
            Anyone with the key can read your bundles; without it a bundle is noise. The key never goes \
            into the database or a bundle.
            Example: lifectl sync key new ~/sync.key
            """
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The key file to write.", valueName: "file"), completion: .file())
    var file: String

    @Flag(help: "Replace FILE if it already exists.")
    var force = false

    func run() throws {
        let context = try CommandContext(options)
        let path = OutputFile.resolve(file)
        try OutputFile.write(SyncKey.random().fileContents, to: path, force: force)
        if OutputFile.isStandardOutput(path) { return }
        Wrote.say(path, "a new sync key; keep it private", stdoutCarriesData: context.json)
        if context.json { try JSONOutput.print(["file": path]) }
    }
}
