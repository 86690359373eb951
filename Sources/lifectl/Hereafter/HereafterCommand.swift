import ArgumentParser
import Foundation
import Hereafter
import LifeCore

/// `lifectl hereafter`: time-locked, place-pinned notes to future-you (SPEC §6).
struct HereafterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hereafter",
        abstract: "Notes to future-you, locked in time and pinned to a place: plant, visit, read, reply.",
        discussion: """
            A message is locked until its unlock date, then unlocked but still unreadable until you visit its place (within 150 m).
            Then it is discovered, readable anywhere, and read once opened.
            No command prints a word of a message before it is discovered.
            """,
        subcommands: [
            HereafterOnboard.self, HereafterPlant.self, HereafterVisit.self, HereafterRead.self, HereafterReply.self,
            HereafterThreadCommand.self, HereafterList.self, HereafterGeofences.self, HereafterChatCommand.self,
            HereafterNotifications.self,
        ]
    )
}

extension CommandContext {
    /// The Hereafter store over the opened database: each of its methods is
    /// one transaction (the command opens none itself).
    func hereafterStore() throws -> HereafterStore {
        HereafterStore(try open(), clock: clock)
    }
}

/// Shared phrasing for Hereafter's human output.
enum HereafterText {
    /// The first 8 characters of an id: enough to type back (ids resolve by prefix).
    static func short(_ id: UUID) -> String { String(id.uuidString.lowercased().prefix(8)) }

    static func date(_ date: CivilDate?) -> String { date.map(HereafterHost.longDate) ?? "—" }

    /// A message's words for a table cell: the first line, cut at `width`, or
    /// the lock when it is not discovered.
    static func preview(_ message: HereafterMessage, width: Int = 40) -> String {
        guard let text = message.content.text else { return "🔒 locked" }
        let line = text.split(separator: "\n").first.map(String.init) ?? text
        return line.count > width ? String(line.prefix(width - 1)) + "…" : line
    }

    /// `--unlock`: a CORE-6 date; a time of day is refused, because an unlock
    /// date is a whole day in the owner's zone (HA-2).
    static func unlockDate(_ text: String, today: CivilDate) throws -> CivilDate {
        let parsed = try DateExpression.dateTime(text, field: "--unlock", today: today)
        guard parsed.time == nil else {
            throw LifeError.invalid(
                field: "--unlock", "--unlock is '\(text)'; an unlock date is a date without a time, such as 2027-03-01")
        }
        return parsed.date
    }

    /// A geofence's distance in the owner's units (shared by every product):
    /// `887 m` or `1.2 km`; `950 ft` or `1.4 mi`.
    static func distance(_ meters: Double, units: Units) -> String {
        switch units {
        case .metric:
            meters < 1_000 ? "\(Int(meters.rounded())) m" : "\(Format.fixed(meters / 1_000, decimals: 1)) km"
        case .imperial:
            meters < 0.1 * Units.metersPerMile
                ? "\(Int((meters / Units.metersPerFoot).rounded())) ft"
                : "\(Format.fixed(meters / Units.metersPerMile, decimals: 1)) mi"
        }
    }

    /// Reads a photo file for planting: at most one byte past the limit, so
    /// that a huge file is refused without being read whole.
    static func readPhoto(_ path: String?) throws -> Data? {
        guard let path else { return nil }
        try RegularFile.require(path, field: "--photo")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw LifeError.missing(path: path, field: "--photo")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw LifeError.io("\(TerminalText.echoed(path)): cannot be read (--photo)")
        }
        defer { try? handle.close() }
        do {
            return try handle.read(upToCount: HereafterRules.photoByteLimit + 1) ?? Data()
        } catch {
            throw LifeError.io("\(TerminalText.echoed(path)): cannot be read (--photo): \(error.localizedDescription)")
        }
    }
}
