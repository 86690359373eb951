import Foundation
import LifeCore
import LifeDB
import LifeKernel

extension WalksProduct {
    /// The finished walks of the page's days, by the owner's local day.
    public func timelineSection(_ db: Database, request: TimelineRequest) throws -> (any TimelineSection)? {
        let walks = try WalksSession(db, clock: .fixed(request.now)).list()
            .filter { $0.state == .finished && request.span.contains(request.day(of: $0.date)) }
            .sorted { ($0.date, $0.id) < ($1.date, $1.id) }
            .map {
                WalksTimelineSection.Walk(
                    id: $0.id, name: $0.displayName, day: request.day(of: $0.date), distanceMeters: $0.distanceMeters,
                    movingSeconds: $0.movingSeconds)
            }
        return WalksTimelineSection(walks: walks)
    }
}

/// Only Walks' part of a timeline page: the walks of its days (docs/timeline.md).
public struct WalksTimelineSection: TimelineSection, Equatable {
    public struct Walk: Sendable, Encodable, Equatable {
        public let id: String
        public let name: String
        public let day: CivilDate
        public let distanceMeters: Double
        public let movingSeconds: Double?
    }

    public let walks: [Walk]

    public var key: String { "walks" }
    public var title: String { "Walks" }

    public var lines: [String] {
        guard !walks.isEmpty else { return ["none"] }
        return walks.map {
            "\(TimelineText.day($0.day))  \(TimelineText.oneLine($0.name))  \(Format.fixed($0.distanceMeters / 1000, decimals: 2)) km"
        }
    }

    public var row: TimelinePictureRow? {
        TimelinePictureRow(
            label: "Walks", color: "#2e7d32", counts: Dictionary(walks.map { ($0.day, 1) }, uniquingKeysWith: +))
    }

    public var headline: String? {
        let kilometres = walks.reduce(0) { $0 + $1.distanceMeters } / 1000
        return "Walks: \(Format.count(walks.count, "walk", "walks")), \(Format.fixed(kilometres, decimals: 1)) km"
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(walks)
    }
}
