import Foundation
import LifeCore
import LifeDB
import LifeKernel

extension HereafterProduct {
    /// Hereafter's statistics (SPEC STAT-1; docs/stats.md): notes planted and
    /// discovered, month by month. It reads dates only, never a word of a
    /// message (its query selects no text). Nil while no message is saved.
    public func statistics(_ db: Database, request: StatisticsRequest) throws -> (any StatisticsSection)? {
        var messages: [HereafterStatistics.Message] = []
        try db.forEachRow(
            table: "hereafter_messages",
            "SELECT parent_id, planted_on, unlock_date, discovered_at, read_at FROM hereafter_messages"
        ) { row in
            let parent: String? = try row["parent_id"]
            let discovered: Date? = try row["discovered_at"]
            let read: Date? = try row["read_at"]
            messages.append(
                HereafterStatistics.Message(
                    isReply: parent != nil, plantedOn: try row["planted_on"], unlockDate: try row["unlock_date"],
                    discoveredOn: discovered.map(request.day(of:)), readOn: read.map(request.day(of:))))
        }
        guard !messages.isEmpty else { return nil }
        return HereafterStatistics(messages: messages, request: request)
    }
}

/// Hereafter's part of a statistics page (docs/stats.md).
public struct HereafterStatistics: StatisticsSection, Equatable {
    /// What the statistics know of a message: its dates, never its words.
    struct Message: Equatable {
        let isReply: Bool
        let plantedOn: CivilDate
        /// Nil for a reply written without one (it is born discovered).
        let unlockDate: CivilDate?
        let discoveredOn: CivilDate?
        let readOn: CivilDate?

        /// Found at its place after its unlock date (a reply born discovered is not).
        var wasDiscovered: Bool { unlockDate != nil && discoveredOn != nil }
    }

    public struct Month: Sendable, Encodable, Equatable {
        /// `YYYY-MM`.
        public let month: String
        public let planted: Int
        public let discovered: Int
    }

    /// Notes (not replies) planted in the window.
    public let planted: Int
    public let replies: Int
    /// Messages with an unlock date discovered in the window.
    public let discovered: Int
    /// Of the notes planted in the window whose unlock date has come, those discovered (by today).
    public let unlocked: Int
    public let unlockedDiscovered: Int
    /// Notes planted in the window still locked today.
    public let stillLocked: Int
    public let perMonth: [Month]
    public let activeDays: [CivilDate]

    init(messages: [Message], request: StatisticsRequest) {
        let notes = messages.filter { !$0.isReply && request.contains($0.plantedOn) }
        planted = notes.count
        replies = messages.filter { $0.isReply && request.contains($0.plantedOn) }.count
        let found = messages.filter { $0.wasDiscovered && $0.discoveredOn.map(request.contains) == true }
        discovered = found.count
        let openable = notes.filter { ($0.unlockDate ?? request.today) <= request.today }
        unlocked = openable.count
        unlockedDiscovered = openable.filter(\.wasDiscovered).count
        stillLocked = notes.filter { ($0.unlockDate ?? request.today) > request.today }.count
        let days = messages.map(\.plantedOn) + messages.compactMap(\.discoveredOn) + messages.compactMap(\.readOn)
        let start = request.start(first: days.min())
        perMonth = request.months(from: start).map { first in
            func inMonth(_ day: CivilDate?) -> Bool { day?.year == first.year && day?.month == first.month }
            return Month(
                month: String(first.iso.prefix(7)), planted: notes.filter { inMonth($0.plantedOn) }.count,
                discovered: found.filter { inMonth($0.discoveredOn) }.count)
        }
        activeDays = days
    }

    public var key: String { "hereafter" }
    public var title: String { "Hereafter" }
    public var color: String { "#6a1b9a" }

    public var lines: [String] {
        [
            "\(Format.count(planted, "note", "notes")) planted, \(Format.count(replies, "reply", "replies")); \(discovered) discovered",
            unlocked == 0
                ? "no note's unlock date has come yet; \(stillLocked) still locked"
                : "of the notes whose unlock date has come, \(StatisticsText.share(unlockedDiscovered, of: unlocked)) discovered; \(stillLocked) still locked",
        ]
    }

    public var charts: [StatisticsChart] {
        [
            StatisticsChart(
                title: "Notes planted and discovered, month by month", kind: .bars, labels: perMonth.map(\.month),
                series: [
                    StatisticsChart.Series(name: "planted", color: color, values: perMonth.map { Double($0.planted) }),
                    StatisticsChart.Series(
                        name: "discovered", color: "#ce93d8", values: perMonth.map { Double($0.discovered) }),
                ])
        ]
    }

    private enum CodingKeys: String, CodingKey {
        case planted, replies, discovered, unlocked, unlockedDiscovered, stillLocked, perMonth
    }
}
