import Foundation
import LifeCore

/// One notification of the schedule (SPEC FIN-7), computed and never sent:
/// an app hands these to its notification centre, the CLI prints them.
public struct FiniteNotification: Sendable, Codable, Equatable {
    /// The kinds, in the order they sort when they fire at the same instant.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// The raw number of weeks remaining (can be turned off).
        case daily
        /// A decade birthday (cannot be turned off).
        case decade
        /// The halfway week (cannot be turned off).
        case halfway
        /// 4, 12, 26 or 52 consecutively marked weeks (cannot be turned off).
        case streak
    }

    public let kind: Kind
    /// The instant it fires.
    public let fireAt: Date
    /// The owner's local date of `fireAt`.
    public let localDate: CivilDate
    /// Always nil: the seed wants no title ("No title, no explanation"), and
    /// milestone text is plain and stark too. The field exists for apps.
    public let title: String?
    public let body: String

    public init(kind: Kind, fireAt: Date, localDate: CivilDate, title: String? = nil, body: String) {
        self.kind = kind
        self.fireAt = fireAt
        self.localDate = localDate
        self.title = title
        self.body = body
    }
}
