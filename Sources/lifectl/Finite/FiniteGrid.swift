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
            Example: lifectl finite grid --svg poster.svg --view bw
            --svg - writes the poster to stdout; an existing file is replaced only with --force.
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(
        name: .long, help: ArgumentHelp("Write the poster to this SVG file.", valueName: "file"), completion: .file())
    var svg: String?

    @Flag(help: "Replace FILE if it already exists.")
    var force = false

    @Option(name: .long, help: ArgumentHelp("How the grid is drawn (default: the view setting).", valueName: "mode"))
    var view: Typed<ViewMode>?

    /// The old spelling of `--view` (CORE-13).
    @Option(name: .customLong("mode"), help: .hidden)
    var oldMode: Typed<ViewMode>?

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.finiteStore()
        let viewMode = try Renamed.value(view, oldMode, old: "--mode", new: "--view")
        let picture = try store.picture(mode: viewMode)
        let status = picture.status
        if let svg {
            let path = OutputFile.resolve(svg)
            try OutputFile.write(PosterSVG.render(picture), to: path, force: force)
            // The poster went to stdout: nothing else may go there.
            if OutputFile.isStandardOutput(path) { return }
            Wrote.say(
                path,
                "your life in weeks, week \(Format.grouped(status.currentWeekNumber)) of \(Format.grouped(status.totalWeeks))",
                stdoutCarriesData: context.json)
            if context.json {
                struct Report: Encodable {
                    let svg: String
                    let status: LifeStatus
                }
                try JSONOutput.print(Report(svg: path, status: status))
            }
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
