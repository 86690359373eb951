import ArgumentParser
import Foundation
import LifeCore
import Walks

struct WalksImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import GPX files: each track becomes a walk.",
        discussion: """
            Takes files and folders (every .gpx and .gpx.gz file inside, recursively); gzip-compressed \
            files are read as they are. A file imported before (same content) is skipped and said \
            so; routes and waypoints are reported as ignored. An impossible elevation or time is \
            left out of its point with a warning naming file and line. One bad file does not stop \
            the others: its error names file and line, nothing of it is saved, and the exit status \
            is that of the first failure (65 malformed, 66 missing).
            Example: lifectl walks import ~/Downloads/ridge.gpx
            Example: lifectl walks import ~/gpx/
            """
    )

    @OptionGroup var options: GlobalOptions

    @Argument(
        help: ArgumentHelp("GPX files (.gpx, .gpx.gz) or folders holding them.", valueName: "file-or-folder"),
        completion: .file())
    var paths: [String]

    struct FileReport: Encodable {
        let path: String
        /// imported, alreadyImported, noTracks or failed.
        let outcome: String
        let walks: [WalkSummary]?
        let emptyTracks: Int?
        let ignoredRoutes: Int?
        let ignoredRoutePoints: Int?
        let ignoredWaypoints: Int?
        /// Values dropped from points (the first 100 one by one), for files read.
        let warnings: [GPXWarning]?
        let droppedElevations: Int?
        let droppedTimes: Int?
        let error: String?
        let exitCode: Int32?
    }

    struct Report: Encodable {
        let files: [FileReport]
        let imported: Int
        let alreadyImported: Int
        let noTracks: Int
        let failed: Int
        let walksImported: Int
    }

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give at least one GPX file or folder") }
    }

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.walksStore()
        let units = try store.units()
        let files = Self.expand(paths.map(OutputFile.resolve))
        let progress = Progress(total: files.count)
        var reports: [FileReport] = []
        var firstFailure: Int32?
        for (index, file) in files.enumerated() {
            progress.show(index, file.path)
            let report: FileReport
            if let problem = file.problem {
                report = failure(file.path, problem)
            } else {
                do {
                    let result = try store.importGPX(path: file.path)
                    report = FileReport(
                        path: file.path, outcome: result.outcome.rawValue, walks: result.walks,
                        emptyTracks: result.emptyTracks, ignoredRoutes: result.ignoredRoutes,
                        ignoredRoutePoints: result.ignoredRoutePoints, ignoredWaypoints: result.ignoredWaypoints,
                        warnings: result.outcome == .alreadyImported ? nil : result.warnings,
                        droppedElevations: result.outcome == .alreadyImported ? nil : result.droppedElevations,
                        droppedTimes: result.outcome == .alreadyImported ? nil : result.droppedTimes, error: nil,
                        exitCode: nil)
                } catch let error as LifeError {
                    report = failure(file.path, error)
                }
            }
            if let code = report.exitCode, firstFailure == nil { firstFailure = code }
            progress.clear()
            if !context.json { Self.printHuman(report, units: units) }
            reports.append(report)
        }
        let summary = Report(
            files: reports, imported: reports.count { $0.outcome == "imported" },
            alreadyImported: reports.count { $0.outcome == "alreadyImported" },
            noTracks: reports.count { $0.outcome == "noTracks" }, failed: reports.count { $0.outcome == "failed" },
            walksImported: reports.filter { $0.outcome == "imported" }.reduce(0) { $0 + ($1.walks?.count ?? 0) })
        if context.json {
            try JSONOutput.print(summary)
        } else if files.count > 1 {
            var parts = ["\(Format.count(files.count, "file", "files")):"]
            parts.append("\(summary.imported) imported (\(Format.count(summary.walksImported, "walk", "walks")))")
            if summary.alreadyImported > 0 { parts.append("\(summary.alreadyImported) already imported") }
            if summary.noTracks > 0 { parts.append("\(summary.noTracks) without tracks") }
            if summary.failed > 0 { parts.append("\(summary.failed) failed") }
            Terminal.write(parts[0] + " " + parts.dropFirst().joined(separator: ", "))
        }
        if let firstFailure { throw ExitCode(firstFailure) }
    }

    private func failure(_ path: String, _ error: LifeError) -> FileReport {
        FileReport(
            path: path, outcome: "failed", walks: nil, emptyTracks: nil, ignoredRoutes: nil, ignoredRoutePoints: nil,
            ignoredWaypoints: nil, warnings: nil, droppedElevations: nil, droppedTimes: nil, error: error.message,
            exitCode: error.exitCode)
    }

    private static func printHuman(_ report: FileReport, units: Units) {
        // A file name is shown on one line (a newline in it is escaped).
        let name = TerminalText.oneLine(report.path)
        var ignored: [String] = []
        if let routes = report.ignoredRoutes, routes > 0 {
            ignored.append(
                "\(Format.count(routes, "route", "routes")) (\(Format.count(report.ignoredRoutePoints ?? 0, "point", "points")))"
            )
        }
        if let waypoints = report.ignoredWaypoints, waypoints > 0 {
            ignored.append(Format.count(waypoints, "waypoint", "waypoints"))
        }
        if let empty = report.emptyTracks, empty > 0 {
            ignored.append(Format.count(empty, "empty track", "empty tracks"))
        }
        let ignoredText = ignored.isEmpty ? "" : "; ignored " + ignored.joined(separator: ", ")
        switch report.outcome {
        case "imported":
            let walks = report.walks ?? []
            Terminal.write("imported \(name): \(Format.count(walks.count, "walk", "walks"))\(ignoredText)")
            for walk in walks {
                Terminal.write(
                    "  \(walk.id.prefix(8))  \(TerminalText.oneLine(walk.displayName))  \(WalkFormatting.distance(walk.distanceMeters, units: units))  \(WalkText.duration(walk))"
                )
            }
        case "alreadyImported":
            let walks = report.walks ?? []
            Terminal.write(
                "skipped \(name): already imported (\(walks.map { String($0.id.prefix(8)) }.joined(separator: ", ")))")
        case "noTracks":
            Terminal.write("no tracks in \(name): nothing imported\(ignoredText)")
        default:
            Terminal.writeError("error: \(report.error ?? name)")
        }
        printWarnings(report)
    }

    /// The values a file's points lost (WALK-9), on stderr: the first
    /// `shownWarnings`, then how many more.
    private static func printWarnings(_ report: FileReport) {
        // One line each: a value from the file may hold a line break.
        let name = TerminalText.oneLine(report.path)
        for warning in (report.warnings ?? []).prefix(shownWarnings) {
            Terminal.writeError("warning: \(name):\(warning.line): \(TerminalText.oneLine(warning.message))")
        }
        let dropped = (report.droppedElevations ?? 0) + (report.droppedTimes ?? 0)
        if dropped > shownWarnings {
            Terminal.writeError(
                "warning: \(name): \(Format.count(dropped - shownWarnings, "more value", "more values")) left out of points (\(Format.count(report.droppedElevations ?? 0, "elevation", "elevations")) and \(Format.count(report.droppedTimes ?? 0, "time", "times")) in all; --json lists the first \(GPXFile.maximumWarnings))"
            )
        }
    }

    /// Dropped values shown one by one on stderr, per file.
    static let shownWarnings = 10

    struct InputFile {
        let path: String
        let problem: LifeError?
    }

    /// Why `path` cannot be read as a GPX file (a FIFO, a device), or nil.
    private static func regularFileProblem(_ path: String) -> LifeError? {
        do {
            try RegularFile.require(path, field: "file")
            return nil
        } catch {
            return error as? LifeError
        }
    }

    /// Files as given, and every .gpx and .gpx.gz file under each folder
    /// (sorted, hidden ones skipped).
    static func expand(_ paths: [String]) -> [InputFile] {
        var files: [InputFile] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                files.append(InputFile(path: path, problem: .missing(path: path)))
                continue
            }
            guard isDirectory.boolValue else {
                files.append(InputFile(path: path, problem: regularFileProblem(path)))
                continue
            }
            let found = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                .filter { relative in
                    !relative.split(separator: "/").contains { $0.hasPrefix(".") }
                        && WalksRules.isGPXFileName(relative)
                }
                .sorted()
            if found.isEmpty {
                files.append(
                    InputFile(
                        path: path,
                        problem: LifeError(
                            kind: .missingInput, field: "folder",
                            message: "\(path): no .gpx or .gpx.gz files in this folder")))
            }
            files += found.map { relative in
                let file = (path as NSString).appendingPathComponent(relative)
                return InputFile(path: file, problem: regularFileProblem(file))
            }
        }
        return files
    }
}
