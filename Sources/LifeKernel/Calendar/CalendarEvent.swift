import Foundation

/// One scheduled notification as a calendar event (`lifectl calendar`).
/// `uid` is stable: the same notification gets the same UID in every
/// export, so a calendar that subscribes replaces rather than duplicates.
public struct CalendarEvent: Sendable, Equatable {
    public let uid: String
    public let start: Date
    public let summary: String
    public let description: String?
    public let location: String?

    public init(uid: String, start: Date, summary: String, description: String? = nil, location: String? = nil) {
        self.uid = uid
        self.start = start
        self.summary = summary
        self.description = description
        self.location = location
    }
}
