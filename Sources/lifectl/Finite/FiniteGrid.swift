import ArgumentParser
import Finite
import Foundation
import LifeCore

struct FiniteGrid: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grid",
        abstract: "Draw your life as a grid of weeks in the terminal, or write the SVG poster.",
        discussion: """
            One character per week, 52 to a row, one row per year of life.
            Example: lifectl finite grid
            Example: lifectl finite grid --svg poster.svg --mode bw
            --svg - writes the poster to stdout; an existing file is replaced only with --force.
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("Write the poster to this SVG file.", valueName: "file"))
    var svg: String?

    @Flag(help: "Replace FILE if it already exists.")
    var force = false

    @Option(name: .long, help: ArgumentHelp("color or bw (default: the view setting).", valueName: "mode"))
    var mode: String?

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.finiteStore()
        let viewMode = try mode.map { try ViewMode.parse($0, field: "--mode") }
        let picture = try store.picture(mode: viewMode)
        let status = picture.status
        if let svg {
            let path = OutputFile.resolve(svg)
            try OutputFile.write(PosterSVG.render(picture), to: path, force: force)
            // The poster went to stdout: nothing else may go there.
            if OutputFile.isStandardOutput(path) { return }
            if context.json {
                struct Report: Encodable {
                    let svg: String
                    let status: LifeStatus
                }
                return try JSONOutput.print(Report(svg: path, status: status))
            }
            Terminal.write(
                "wrote \(path): your life in weeks, week \(Format.grouped(status.currentWeekNumber)) of \(Format.grouped(status.totalWeeks))"
            )
            return
        }
        if context.json {
            struct Report: Encodable {
                let status: LifeStatus
                let marks: [WeekMark]
                let phases: [PhaseDetail]
            }
            return try JSONOutput.print(
                Report(status: status, marks: try store.marks(), phases: picture.phases.map(\.phase)))
        }
        Terminal.writePicture { TerminalGrid.render(picture, ansiColor: $0) }
    }
}
