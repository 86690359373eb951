import Foundation

/// What `delete-all` deleted (DM-11), and the instant every copy of it
/// elsewhere is held to: a row dated at or before `erasedAt` never comes
/// back from a file or another device.
public struct DailyMenuDeletion: Sendable, Equatable, Encodable {
    public let deleted: DailyMenuHistorySize
    public let erasedAt: Date

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(deleted: DailyMenuHistorySize, erasedAt: Date) {
        self.deleted = deleted
        self.erasedAt = erasedAt
    }
}
