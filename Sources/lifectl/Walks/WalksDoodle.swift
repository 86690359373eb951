import ArgumentParser
import LifeCore
import Walks

struct WalksDoodle: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doodle",
        abstract: "Draw one walk as a pencil doodle (SVG).",
        discussion: """
            The same walk always gives the same drawing, byte for byte. Without --svg (or with \
            --svg -) the SVG goes to stdout; an existing file is replaced only with --force.
            Example: lifectl walks doodle 3f2a --svg ridge.svg
            """
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The walk's id or its first 4 or more characters.", valueName: "id"))
    var id: String

    @Option(name: .long, help: ArgumentHelp("Write the doodle to this SVG file.", valueName: "file"))
    var svg: String?

    @Flag(help: "Replace FILE if it already exists.")
    var force = false

    // Unconditional: "-1" is a value to check against the rule, not an option.
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("The square's side in points (default 512).", valueName: "points"))
    var size: String = "512"

    /// `--size` as a number: decimal only (no hexadecimal, no exponent), 64 to 8192.
    private func side() throws -> Double {
        let side = try DecimalInput.double(size, field: "--size", example: "512")
        guard (64...8192).contains(side) else {
            throw LifeError.invalid(field: "--size", "--size is \(size); it must be from 64 to 8192")
        }
        return side
    }

    func run() throws {
        let size = try side()
        let context = try CommandContext(options)
        let store = try context.walksStore()
        let walk = try store.walk(id)
        let drawing = DoodleSVG.render(try store.simplifiedPath(walk.id), seed: walk.id, size: size)
        let path = OutputFile.resolve(svg ?? "-")
        try OutputFile.write(drawing, to: path, force: force)
        // The drawing went to stdout: nothing else may go there.
        if OutputFile.isStandardOutput(path) { return }
        if context.json {
            struct Report: Encodable {
                let svg: String
                let walk: WalkSummary
            }
            return try JSONOutput.print(Report(svg: path, walk: walk))
        }
        Terminal.write(
            "wrote \(path): \(TerminalText.oneLine(walk.displayName)), a doodle of \(WalkFormatting.distance(walk.distanceMeters, units: try store.units()))"
        )
    }
}
