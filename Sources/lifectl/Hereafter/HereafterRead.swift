import ArgumentParser
import Foundation
import Hereafter
import LifeCore

struct HereafterRead: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Open a discovered message and mark it read.",
        discussion: """
            A message that is not discovered yet is refused, without a word of it.
            Example: lifectl hereafter read 3f2a9c1e
            Example: lifectl hereafter read 3f2a9c1e --save-photo photo.jpg
            --save-photo - writes the photo to stdout; an existing file is replaced only with --force.
            """
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The message id, or its first 4 or more characters.", valueName: "id"))
    var id: String

    @Option(
        name: .long, help: ArgumentHelp("Write the message's photo to this file.", valueName: "file"),
        completion: .file())
    var savePhoto: String?

    @Flag(help: "Replace the --save-photo file if it already exists.")
    var force = false

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.hereafterStore()
        let messageID = try store.resolveID(id, field: "id")
        // The photo is written before the message is marked read, so a photo
        // that cannot be written leaves the message as it was (CORE-7).
        if let savePhoto {
            guard let photo = try store.photo(of: messageID) else {
                throw LifeError.invalid(
                    field: "--save-photo", "message \(HereafterText.short(messageID)) has no photo")
            }
            try OutputFile.write(photo.bytes, to: savePhoto, force: force)
        }
        let message = try store.read(messageID)
        // The photo went to stdout: nothing else may go there.
        if let savePhoto, OutputFile.isStandardOutput(savePhoto) { return }
        if let savePhoto, let photo = message.content.photo {
            // Stdout carries the message (its words or its JSON): the line goes to stderr.
            Wrote.say(
                OutputFile.resolve(savePhoto),
                "the photo of message \(HereafterText.short(messageID)), \(photo.mediaType.label), \(Format.grouped(photo.byteCount)) bytes",
                stdoutCarriesData: true)
        }
        if context.json { return try JSONOutput.print(HereafterJSON.Message(message, now: store.clock.now())) }
        var lines = [message.content.text ?? ""]
        if let photo = message.content.photo {
            lines.append("[photo, \(photo.mediaType.label), \(Format.grouped(photo.byteCount)) bytes]")
        }
        lines.append(
            "— left at \(TerminalText.oneLine(message.placeLabel)) on \(HereafterHost.longDate(message.plantedOn))")
        Terminal.write(lines.joined(separator: "\n"))
    }
}
