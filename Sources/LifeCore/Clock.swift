import Foundation

/// The one source of "now" (SPEC CORE-5). Stores and calculations take a
/// `Clock`, never call `Date()`, so tests and demos can pin time.
public struct Clock: Sendable {
    private let read: @Sendable () -> Date

    public init(_ read: @escaping @Sendable () -> Date) {
        self.read = read
    }

    public func now() -> Date { read() }

    public static let system = Clock { Date() }

    public static func fixed(_ instant: Date) -> Clock {
        Clock { instant }
    }

    /// The environment variable that pins the CLI's clock.
    public static let environmentKey = "LIFECTL_NOW"

    /// `LIFECTL_NOW` when set (an ISO 8601 instant), else the system clock.
    public static func fromEnvironment(_ environment: [String: String]) throws -> Clock {
        guard let text = environment[environmentKey], !text.isEmpty else { return .system }
        guard let instant = Timestamp.parseISO8601(text) else {
            throw LifeError.invalid(
                field: environmentKey,
                "\(environmentKey) is '\(text)'; it must be an ISO 8601 instant such as 2026-11-22T12:00:00Z"
            )
        }
        return .fixed(instant)
    }
}
