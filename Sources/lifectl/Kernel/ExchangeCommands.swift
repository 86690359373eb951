import ArgumentParser
import Foundation
import LifeCore
import LifeExchange
import LifeKit

/// `lifectl export --json FILE`: everything, in one versioned file.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every product's data to one JSON file (a lossless backup, or a file to sync).",
        discussion: """
            The file holds Hereafter notes still locked with their words, so that it is a complete \
            backup: keep it private (it is created 0600). Such an export goes only to a regular file, \
            never to stdout, a terminal, a pipe, a FIFO or a device.
            Example: lifectl export --json life.json --only walks
            """
    )

    @Option(name: .long, help: ArgumentHelp("The database file.", valueName: "path"), completion: .file())
    var db: String?

    @Option(name: .customLong("json"), help: ArgumentHelp("The file to write.", valueName: "file"), completion: .file())
    var file: String

    @Option(
        help: ArgumentHelp("Only this product.", valueName: "product"))
    var only: Typed<ProductName>?

    @Flag(
        help:
            "Leave out what stays on this device: DailyMenu's hidden activities and excluded categories, and moods when mood sharing is off."
    )
    var forSync = false

    @Flag(help: "Replace FILE if it already exists.")
    var force = false

    func run() throws {
        let context = try CommandContext(try GlobalOptions.parse(db.map { ["--db", $0] } ?? []))
        let exchange = Exchange(try context.open(create: false), registry: LifeKit.registry, clock: context.clock)
        let document: ExportDocument
        do {
            document = try exchange.export(only: only?.text, forSync: forSync)
        } catch let error as LifeError where error.field == "product" {
            throw LifeError.invalid(
                field: "--only",
                "--only is '\(TerminalText.echoed(only?.text ?? ""))'; it must be one of \(exchange.productNames.joined(separator: ", "))"
            )
        }
        // Locked words go only to a regular file: never stdout, a terminal,
        // a FIFO, a pipe or a device, whatever the path says (HA-3; issue 22 §6).
        let regularOnly = OutputFile.RegularOnly { what in
            LifeError.invalid(
                field: "--json",
                "--json is '\(TerminalText.echoed(file))': the export holds Hereafter notes that are still locked, "
                    + "whose words go only to a regular file, and this is \(what); write it to a file, "
                    + "or leave Hereafter out with --only")
        }
        try OutputFile.write(
            try Exchange.encode(document), to: file, force: force,
            regularOnly: document.holdsSealedContent ? regularOnly : nil)
        // The export went to stdout: the command says nothing more.
        if OutputFile.isStandardOutput(OutputFile.resolve(file)) { return }
        let rows = document.products.values.flatMap(\.values).reduce(0) { $0 + $1.count }
        let what = only.map { "an export of \($0.text)" } ?? (forSync ? "an export for sync" : "an export")
        Wrote.say(OutputFile.resolve(file), "\(what), \(Format.count(rows, "row", "rows"))", stdoutCarriesData: false)
    }
}

/// `lifectl import FILE`: merges an export into the database.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Merge an export file into the database: newer edits win, nothing moves back, importing twice changes nothing more.",
        discussion: "Example: lifectl import life.json"
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The export file.", valueName: "file"), completion: .file())
    var file: String

    func run() throws {
        let context = try CommandContext(options)
        guard !file.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw LifeError.invalid(
                field: "file", "the file to import is empty (or only spaces); give an export's path")
        }
        guard FileManager.default.fileExists(atPath: file) else { throw LifeError.missing(path: file, field: "file") }
        try RegularFile.require(file, field: "file")
        let report = try Exchange(try context.open(), registry: LifeKit.registry, clock: context.clock)
            .importFile(at: file, name: file)
        if context.json {
            return try JSONOutput.print(
                Summary(
                    rows: report.rowsRead, imported: report.rowsImported, changed: report.rowsChanged,
                    skipped: report.skipped))
        }
        let skipped = report.skipped
        Terminal.write(
            "Imported \(Format.count(report.rowsImported, "row", "rows")) from \(TerminalText.echoed(file)) (\(Format.grouped(report.rowsChanged)) added or changed)"
                + (skipped.isEmpty ? "." : "; skipped \(Format.count(skipped.count, "row", "rows")):"))
        // At most ten lines; `--json` lists every row.
        let shown = 10
        for row in skipped.prefix(shown) {
            Terminal.write("  skipped \(row.product) \(row.table) row \(row.id): \(TerminalText.oneLine(row.reason))")
        }
        if skipped.count > shown {
            Terminal.write(
                "  and \(Format.count(skipped.count - shown, "more row", "more rows")) (--json lists them all)")
        }
    }

    /// `import --json` (docs/json.md): rows read, rows imported, rows skipped.
    struct Summary: Encodable {
        let rows: Int
        let imported: Int
        let changed: Int
        let skipped: [SkippedRow]
    }
}
