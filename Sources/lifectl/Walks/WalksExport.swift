import ArgumentParser
import Foundation
import LifeCore
import Walks

struct WalksExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a walk as GPX 1.1, GeoJSON or an SVG doodle.",
        discussion: """
            Give one of --gpx, --geojson, --svg, --pdf (a printable walk sheet) with a file name, or `-` for stdout; an existing file \
            is replaced only with --force; a file name ending in .gz is written gzip-compressed. Importing \
            the GPX gives back the same walk. A pruned walk exports its simplified path and says so.
            Example: lifectl walks export 3f2a --gpx ridge.gpx
            Example: lifectl walks export 3f2a --geojson - | jq .properties
            """
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The walk's id or its first 4 or more characters.", valueName: "id"))
    var id: String

    @Option(name: .long, help: ArgumentHelp("Write GPX 1.1 to this file.", valueName: "file"), completion: .file())
    var gpx: String?

    @Option(
        name: .long, help: ArgumentHelp("Write a GeoJSON Feature to this file.", valueName: "file"), completion: .file()
    )
    var geojson: String?

    @Option(
        name: .long, help: ArgumentHelp("Write the doodle to this SVG file.", valueName: "file"), completion: .file())
    var svg: String?

    @Option(
        name: .long, help: ArgumentHelp("Write a printable walk sheet (A4 PDF) to this file.", valueName: "file"),
        completion: .file())
    var pdf: String?

    @Flag(help: "Replace FILE if it already exists.")
    var force = false

    func validate() throws {
        if [gpx, geojson, svg, pdf].compactMap({ $0 }).count != 1 {
            throw ValidationError("give exactly one of --gpx FILE, --geojson FILE, --svg FILE, --pdf FILE")
        }
    }

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.walksStore()
        let walk = try store.walk(id)
        if let pdf {
            let path = OutputFile.resolve(pdf)
            let sheet = WalkSheet.pdf(
                walk, path: try store.simplifiedPath(walk.id), units: try store.units(), zone: try store.timeZone())
            try OutputFile.write(Data(sheet), to: path, force: force)
            return try report(path: path, format: "pdf", walk: walk, json: context.json)
        }
        var track = try store.points(walk.id)
        if track == nil {
            track = try store.simplifiedPath(walk.id)
            if let pruned = walk.prunedAt {
                Terminal.writeError(
                    "note: the points of this walk were pruned on \(HumanTime.of(context).instant(pruned)); exporting its simplified path"
                )
            }
        }
        let points = track ?? Track(segments: [])
        let (format, file, text): (String, String, String) =
            if let gpx {
                (
                    "gpx", gpx,
                    GPXWriter.render(
                        points, name: walk.displayName, fileTimeMilliseconds: GPXWriter.fileTimeMilliseconds(of: walk))
                )
            } else if let geojson {
                ("geojson", geojson, GeoJSONWriter.render(points, summary: walk))
            } else {
                ("svg", svg ?? "-", DoodleSVG.render(try store.simplifiedPath(walk.id), seed: walk.id))
            }
        let path = OutputFile.resolve(file)
        // A file named `….gz` is written gzip-compressed (what its name
        // promises, and what `walks import` reads back); stdout never is.
        if !OutputFile.isStandardOutput(path) && GzipDeflater.isGzipName(path) {
            try OutputFile.write(Data(try GzipDeflater.compress(Array(text.utf8))), to: path, force: force)
        } else {
            try OutputFile.write(text, to: path, force: force)
        }
        try report(path: path, format: format, walk: walk, json: context.json)
    }

    /// "wrote FILE: …", or the JSON report; nothing when the file went to stdout.
    private func report(path: String, format: String, walk: WalkSummary, json: Bool) throws {
        // The export went to stdout: nothing else may go there.
        if OutputFile.isStandardOutput(path) { return }
        Wrote.say(path, "\(TerminalText.oneLine(walk.displayName)) as \(format)", stdoutCarriesData: json)
        if json {
            struct Report: Encodable {
                let file: String
                let format: String
                let walk: WalkSummary
            }
            try JSONOutput.print(Report(file: path, format: format, walk: walk))
        }
    }
}
