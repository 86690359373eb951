import ArgumentParser
import Foundation
import LifeCore
import Walks

/// `lifectl walks`: walks drawn as pencil doodles (SPEC §5).
struct WalksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "walks",
        abstract: "Only Walks: import GPX, record live, list, show, doodles, gallery, export, stats, prune.",
        subcommands: [
            WalksImport.self, WalksRecord.self, WalksList.self, WalksShow.self, WalksDoodle.self, WalksGallery.self,
            WalksExport.self, WalksStats.self, WalksDelete.self, WalksPrune.self, WalksSettings.self,
        ]
    )
}

extension CommandContext {
    /// The Walks store over the opened database: each of its methods is one
    /// transaction (the command opens none itself).
    func walksStore() throws -> WalksStore {
        WalksStore(try open(), clock: clock)
    }
}

/// Shared phrasing of walks for human output.
enum WalkText {
    /// `2010-10-03 08:12` in the owner's zone, on their clock (`HumanTime`): the walk's `date`, the one the list is ordered by.
    static func date(_ walk: WalkSummary, time: HumanTime) -> String {
        time.instant(walk.date)
    }

    /// The list's date with what it is when it is not the walk's start
    /// (WALK-7): `(file)` for the GPX file's own time, `(added)` for the import.
    static func listDate(_ walk: WalkSummary, time: HumanTime) -> String {
        switch walk.dateSource {
        case .start: date(walk, time: time)
        case .file: date(walk, time: time) + " (file)"
        case .added: date(walk, time: time) + " (added)"
        }
    }

    static func duration(_ walk: WalkSummary) -> String {
        walk.elapsedSeconds.map(WalkFormatting.duration) ?? WalkFormatting.timingMark(walk) ?? "–"
    }

    /// A walk being recorded: its duration so far (0:00:00 at its first
    /// point) and that it is being recorded (WALK-9).
    static func liveDuration(_ walk: WalkSummary) -> String {
        WalkFormatting.duration(walk.elapsedSeconds ?? 0) + " recording"
    }

    static func pace(_ walk: WalkSummary, units: Units) -> String {
        WalkFormatting.pace(walk, units: units) ?? "–"
    }

    /// The list's table: date, name, distance, duration, pace, short id; a
    /// walk being recorded says so after its duration so far (WALK-9).
    static func table(_ walks: [WalkSummary], units: Units, time: HumanTime) -> String {
        var table = TextTable([.left, .left, .right, .right, .right, .left])
        table.add("date", "walk", "distance", "duration", "pace", "id")
        for walk in walks {
            table.add(
                listDate(walk, time: time), walk.displayName,
                WalkFormatting.distance(walk.distanceMeters, units: units),
                walk.isRecording ? liveDuration(walk) : duration(walk), pace(walk, units: units),
                String(walk.id.prefix(8)))
        }
        return table.render()
    }

    /// Every figure of one walk, as `walks show` and `walks record` print them.
    static func detail(_ walk: WalkSummary, units: Units, time: HumanTime) -> String {
        var table = TextTable([.left, .left])
        table.add("walk", walk.displayName)
        table.add("id", walk.id)
        switch walk.dateSource {
        case .start: table.add("date", date(walk, time: time))
        case .file: table.add("date", date(walk, time: time) + " (its file's time; the walk has no times)")
        case .added: table.add("date", date(walk, time: time) + " (added; the walk has no times)")
        }
        if walk.isRecording {
            // WALK-9: the figures below are those of the points so far.
            var recording = "recording: started \(time.instant(walk.createdAt))"
            if let last = walk.endedAt { recording += ", last point \(time.instant(last))" }
            table.add("state", recording + "; the figures so far")
        }
        table.add("distance", WalkFormatting.distance(walk.distanceMeters, units: units))
        if let elapsed = walk.elapsedSeconds {
            var duration = WalkFormatting.duration(elapsed)
            if let moving = walk.movingSeconds { duration += " (moving \(WalkFormatting.duration(moving)))" }
            table.add("duration", duration)
            table.add("pace", pace(walk, units: units))
        } else {
            table.add("duration", "– (\(WalkFormatting.missingTimes(walk) ?? "no duration"))")
        }
        if let ascent = walk.ascentMeters {
            var climb = WalkFormatting.elevation(ascent, units: units) + " up"
            if let descent = walk.descentMeters {
                climb += ", " + WalkFormatting.elevation(descent, units: units) + " down"
            }
            table.add("climb", climb)
        }
        var points = Format.count(walk.pointCount, "point", "points")
        if walk.segmentCount > 1 { points += " in \(walk.segmentCount) segments" }
        if walk.timedPointCount < walk.pointCount && walk.timedPointCount > 0 {
            points += " (\(Format.grouped(walk.timedPointCount)) timed)"
        }
        if let pruned = walk.prunedAt {
            points += "; pruned \(time.instant(pruned)), the summary and doodle remain"
        }
        table.add("points", points)
        table.add("source", walk.source == .gpx ? (walk.sourceFile ?? "gpx") : "recorded")
        return table.render()
    }
}
