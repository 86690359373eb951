import ArgumentParser
import Foundation
import LifeCore
import Walks

struct WalksDoodle: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doodle",
        abstract: "Draw one walk as a pencil doodle (SVG).",
        discussion: """
            The same walk always gives the same drawing, byte for byte. Without --svg or --pdf (or \
            with --svg -) the SVG goes to stdout; --pdf writes a printable A4 walk sheet: the doodle \
            with the walk's name, date and figures. An existing file is replaced only with --force.
            Example: lifectl walks doodle 3f2a --svg ridge.svg
            Example: lifectl walks doodle 3f2a --pdf ridge.pdf
            """
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The walk's id or its first 4 or more characters.", valueName: "id"))
    var id: String

    @Option(
        name: .long, help: ArgumentHelp("Write the doodle to this SVG file.", valueName: "file"), completion: .file())
    var svg: String?

    @Option(
        name: .long, help: ArgumentHelp("Write a printable walk sheet (A4 PDF) to this file.", valueName: "file"),
        completion: .file())
    var pdf: String?

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
        let simplified = try store.simplifiedPath(walk.id)
        var written: [String] = []
        var svgPath: String?
        var pdfPath: String?
        if svg != nil || pdf == nil {
            let path = OutputFile.resolve(svg ?? "-")
            try OutputFile.write(DoodleSVG.render(simplified, seed: walk.id, size: size), to: path, force: force)
            svgPath = path
            written.append(path)
        }
        if let pdf {
            let path = OutputFile.resolve(pdf)
            let sheet = WalkSheet.pdf(walk, path: simplified, units: try store.units(), zone: try store.timeZone())
            try OutputFile.write(Data(sheet), to: path, force: force)
            pdfPath = path
            written.append(path)
        }
        // A drawing went to stdout: nothing else may go there.
        if written.contains(where: OutputFile.isStandardOutput) { return }
        let distance = WalkFormatting.distance(walk.distanceMeters, units: try store.units())
        if let svgPath {
            Wrote.say(
                svgPath, "\(TerminalText.oneLine(walk.displayName)), a doodle of \(distance)",
                stdoutCarriesData: context.json)
        }
        if let pdfPath {
            Wrote.say(
                pdfPath, "\(TerminalText.oneLine(walk.displayName)), a walk sheet of \(distance)",
                stdoutCarriesData: context.json)
        }
        if context.json {
            struct Report: Encodable {
                let svg: String?
                let pdf: String?
                let walk: WalkSummary
            }
            try JSONOutput.print(Report(svg: svgPath, pdf: pdfPath, walk: walk))
        }
    }
}
