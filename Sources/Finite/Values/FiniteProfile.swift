import Foundation
import LifeCore

/// The owner's life as Finite knows it, with Finite's settings (SPEC FIN-1,
/// FIN-5). The time zone is the owner's, shared by every product.
public struct FiniteProfile: Sendable, Codable, Equatable {
    public var birthday: CivilDate
    public var lifeExpectancyYears: Int
    public var viewMode: ViewMode
    public var biometricLock: Bool
    public var dailyNotification: Bool
    public var dailyNotificationTime: LocalTime
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        birthday: CivilDate, lifeExpectancyYears: Int, viewMode: ViewMode, biometricLock: Bool,
        dailyNotification: Bool, dailyNotificationTime: LocalTime, createdAt: Date, updatedAt: Date
    ) {
        self.birthday = birthday
        self.lifeExpectancyYears = lifeExpectancyYears
        self.viewMode = viewMode
        self.biometricLock = biometricLock
        self.dailyNotification = dailyNotification
        self.dailyNotificationTime = dailyNotificationTime
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    public var grid: LifeGrid {
        LifeGrid(birthday: birthday, lifeExpectancyYears: lifeExpectancyYears)
    }

    public var notificationPreferences: NotificationPreferences {
        NotificationPreferences(dailyEnabled: dailyNotification, dailyTime: dailyNotificationTime)
    }
}

/// A change to Finite's settings; nil fields stay as they are.
public struct FiniteSettingsChange: Sendable, Equatable {
    public var lifeExpectancyYears: Int?
    public var viewMode: ViewMode?
    public var biometricLock: Bool?
    public var dailyNotification: Bool?
    public var dailyNotificationTime: LocalTime?
    /// `.some(nil)` returns the owner's zone to the system's.
    public var timeZone: String??

    public init(
        lifeExpectancyYears: Int? = nil, viewMode: ViewMode? = nil, biometricLock: Bool? = nil,
        dailyNotification: Bool? = nil, dailyNotificationTime: LocalTime? = nil, timeZone: String?? = nil
    ) {
        self.lifeExpectancyYears = lifeExpectancyYears
        self.viewMode = viewMode
        self.biometricLock = biometricLock
        self.dailyNotification = dailyNotification
        self.dailyNotificationTime = dailyNotificationTime
        self.timeZone = timeZone
    }

    public var isEmpty: Bool { self == FiniteSettingsChange() }
}

/// Finite's settings as shown: the profile's plus the owner's time zone.
public struct FiniteSettings: Sendable, Codable, Equatable {
    public let lifeExpectancyYears: Int
    public let viewMode: ViewMode
    public let biometricLock: Bool
    public let dailyNotification: Bool
    public let dailyNotificationTime: LocalTime
    /// The IANA zone in force, and whether it is the system's (no setting stored).
    public let timeZone: String
    public let timeZoneIsSystem: Bool

    public init(
        lifeExpectancyYears: Int, viewMode: ViewMode, biometricLock: Bool, dailyNotification: Bool,
        dailyNotificationTime: LocalTime, timeZone: String, timeZoneIsSystem: Bool
    ) {
        self.lifeExpectancyYears = lifeExpectancyYears
        self.viewMode = viewMode
        self.biometricLock = biometricLock
        self.dailyNotification = dailyNotification
        self.dailyNotificationTime = dailyNotificationTime
        self.timeZone = timeZone
        self.timeZoneIsSystem = timeZoneIsSystem
    }
}

/// Which week a command means (SPEC FIN-4): the current one, a week number as
/// people see it ("Week 1,900"), or the week holding a date.
public enum WeekSelector: Sendable, Equatable {
    case current
    case number(Int)
    case date(CivilDate)
}

/// One week as `lifectl finite show` prints it: its dates, its tense, its
/// mark and the life phases it is in (FIN-11; an ongoing phase covers the
/// weeks through the current one, as the grid draws it).
public struct WeekDetail: Sendable, Encodable, Equatable {
    public enum Tense: String, Sendable, Codable { case past, current, future }
    public let week: WeekRange
    public let tense: Tense
    public let beyondExpectancy: Bool
    public let mark: WeekMark?
    /// The phases covering this week, in the grid's order (by first week,
    /// then name); empty when it is in none.
    public let phases: [PhaseDetail]

    public init(week: WeekRange, tense: Tense, beyondExpectancy: Bool, mark: WeekMark?, phases: [PhaseDetail] = []) {
        self.week = week
        self.tense = tense
        self.beyondExpectancy = beyondExpectancy
        self.mark = mark
        self.phases = phases
    }
}

/// What `unmark` did: the week, and the mark it removed (nil when there was none).
public struct UnmarkResult: Sendable, Codable, Equatable {
    public let week: WeekRange
    public let removed: WeekMark?

    public init(week: WeekRange, removed: WeekMark?) {
        self.week = week
        self.removed = removed
    }
}

/// What a mark did: the mark as saved, whether it replaced an earlier one,
/// and the streak milestones this very mark reached (FIN-7).
public struct MarkResult: Sendable, Codable, Equatable {
    public let week: WeekRange
    public let mark: WeekMark
    public let replaced: Bool
    public let milestones: [FiniteNotification]

    public init(week: WeekRange, mark: WeekMark, replaced: Bool, milestones: [FiniteNotification]) {
        self.week = week
        self.mark = mark
        self.replaced = replaced
        self.milestones = milestones
    }
}
