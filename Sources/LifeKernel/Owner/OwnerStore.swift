import Foundation
import LifeCore
import LifeDB

/// The owner's settings for a front end (`lifectl settings`): one use case,
/// one transaction, as every store (SPEC CORE-12).
public struct OwnerStore: Sendable {
    let writer: any DatabaseWriter
    public let clock: Clock

    public init(_ writer: any DatabaseWriter, clock: Clock) {
        self.writer = writer
        self.clock = clock
    }

    public func settings() throws -> OwnerSettings { try writer.read { try Owner($0).settings() } }

    public func timeZone() throws -> TimeZone { try writer.read { try Owner($0).timeZone() } }

    public func timeZoneName() throws -> String { try writer.read { try Owner($0).timeZoneName() } }

    /// The owner's local date now.
    public func today() throws -> CivilDate { try writer.read { try Owner($0).day(of: clock.now()) } }

    /// Sets the time zone (nil: follow the system) and, when given, the
    /// units, in one transaction: both or neither.
    @discardableResult
    public func update(timeZone: String?? = nil, units: Units? = nil) throws -> OwnerSettings {
        try writer.write { db in
            let owner = Owner(db)
            if let timeZone { try owner.setTimeZone(timeZone, now: clock.now()) }
            if let units { try owner.setUnits(units, now: clock.now()) }
            return try owner.settings()
        }
    }

    public func setTimeZone(_ identifier: String?) throws { try update(timeZone: .some(identifier)) }

    public func setUnits(_ units: Units) throws { try update(units: units) }
}
