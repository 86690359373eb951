import ArgumentParser
import LifeCore
import Walks

struct WalksGallery: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Draw every walk as a doodle in one gallery (SVG or a self-contained HTML page).",
        discussion: """
            Newest first, in a grid whose cells grow with the walk's distance. The file is \
            written as it is drawn, so a thousand walks need little memory.
            Example: lifectl walks gallery --html walks.html
            Example: lifectl walks gallery --svg walks.svg --columns 2
            A file name of - means stdout; an existing file is replaced only with --force.
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(
        name: .long, help: ArgumentHelp("Write the gallery as one SVG file.", valueName: "file"), completion: .file())
    var svg: String?

    @Option(
        name: .long, help: ArgumentHelp("Write the gallery as one HTML page.", valueName: "file"), completion: .file())
    var html: String?

    @Flag(help: "Replace FILE if it already exists.")
    var force = false

    // Unconditional: "-1" is a value to check against the rule, not an option.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("2 or 3 columns (default 3).", valueName: "n"))
    var columns = 3

    func validate() throws {
        if svg == nil && html == nil { throw ValidationError("give --svg FILE or --html FILE") }
        if svg != nil && html != nil { throw ValidationError("give only one of --svg FILE or --html FILE") }
        if !(2...3).contains(columns) { throw ValidationError("--columns is \(columns); it must be 2 or 3") }
    }

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.walksStore()
        let units = try store.units()
        let zone = try store.timeZone()
        let walks = try store.list()
        let entries = walks.map { walk in
            var subtitle = [
                CivilDate.of(walk.date, in: zone).iso,
                WalkFormatting.distance(walk.distanceMeters, units: units),
            ]
            if let elapsed = walk.elapsedSeconds { subtitle.append(WalkFormatting.duration(elapsed)) }
            return GalleryEntry(
                id: walk.id, title: walk.displayName, subtitle: subtitle.joined(separator: " · "),
                distanceMeters: walk.distanceMeters, durationSeconds: walk.elapsedSeconds)
        }
        let format: Gallery.Format = svg != nil ? .svg : .html
        let path = OutputFile.resolve(svg ?? html ?? "")
        let progress = Progress(total: walks.count)
        try OutputFile.stream(to: path, force: force) { write in
            try Gallery.render(
                entries, format: format, columns: columns,
                path: { index in
                    progress.show(index, walks[index].displayName)
                    return try store.simplifiedPath(walks[index].id)
                }, write: write)
        }
        progress.clear()
        // The gallery went to stdout: nothing else may go there.
        if OutputFile.isStandardOutput(path) { return }
        Wrote.say(path, "a gallery of \(Format.count(walks.count, "walk", "walks"))", stdoutCarriesData: context.json)
        if context.json {
            struct Report: Encodable {
                let file: String
                let format: String
                let walks: Int
            }
            try JSONOutput.print(Report(file: path, format: format.rawValue, walks: walks.count))
        }
    }
}
