import Foundation
import LifeCore
import LifeTimer
import Testing

/// LT-7: the schedule for a countdown started 2026-11-22 12:00 EST (17:00Z)
/// in New York, ending 2030-08-09 12:00 EDT (16:00Z).
@Suite struct LifeTimerScheduleTests {
    static func input(
        frequency: LifeTimerNotificationPreferences.Frequency = .daily, every: Int = 3,
        muted: Set<LifeTimerNotificationPreferences.Category> = [], due: [(String, String)] = [],
        active: [String] = [], recorded: [String: String] = [:], advance: Int = 0, createdAt: String? = nil
    ) throws -> LifeTimerSchedule.Input {
        LifeTimerSchedule.Input(
            startedAt: try LifeTimerFixture.instant("2026-11-22T17:00:00Z"),
            endsAt: try LifeTimerFixture.instant("2030-08-09T16:00:00Z"),
            zone: try TimeZoneSetting.zone(named: "America/New_York"),
            preferences: LifeTimerNotificationPreferences(
                frequency: frequency, everyDays: every, time: try LocalTime.parse("09:00", field: "time"),
                muted: muted, advanceDays: advance),
            dueMilestones: try due.map {
                LifeTimerSchedule.DueMilestone(
                    title: $0.0, due: try LifeTimerFixture.date($0.1),
                    createdAt: try createdAt.map(LifeTimerFixture.instant))
            },
            activeDays: try active.map {
                LifeTimerSchedule.ActiveDay(
                    day: try LifeTimerFixture.date($0), recordedAt: try recorded[$0].map(LifeTimerFixture.instant))
            })
    }

    static func summary(_ list: [LifeTimerNotification]) -> [String] {
        list.map { "\($0.kind.rawValue) \(Timestamp.iso8601($0.fireAt)) \($0.body)" }
    }

    @Test func dailyRemindersStartAfterTheStart() throws {
        let list = LifeTimerSchedule.compute(
            try Self.input(muted: [.checkpoints]), from: try LifeTimerFixture.date("2026-11-22"), days: 3)
        // 09:00 EST on the 22nd is before the 12:00 start: no reminder that day.
        // On the 23rd at 09:00, 1,355 days and 3 hours are left.
        #expect(
            Self.summary(list) == [
                "reminder 2026-11-23T14:00:00Z 1,355 days left of your 1,356. What will you do with today?",
                "reminder 2026-11-24T14:00:00Z 1,354 days left of your 1,356. What will you do with today?",
            ])
    }

    @Test func weeklyAndEveryNDaysCountFromTheStartDate() throws {
        let from = try LifeTimerFixture.date("2026-11-22")
        let weekly = LifeTimerSchedule.compute(
            try Self.input(frequency: .weekly, muted: [.checkpoints]), from: from, days: 15)
        #expect(weekly.map(\.localDate.iso) == ["2026-11-29", "2026-12-06"])
        let every = LifeTimerSchedule.compute(
            try Self.input(frequency: .every, every: 4, muted: [.checkpoints]),
            from: try LifeTimerFixture.date("2026-11-25"),
            days: 10)
        #expect(every.map(\.localDate.iso) == ["2026-11-26", "2026-11-30", "2026-12-04"])
    }

    @Test func checkpointsAtHalfQuarterAndTheLastDay() throws {
        // 1,356 days minus the hour DST took: 117,154,800 s. Half: 2028-09-30 16:30Z;
        // three quarters: 2029-09-04 16:15Z; the last day: 2030-08-08 12:00 EDT.
        let input = try Self.input(muted: [.reminders])
        let all = LifeTimerSchedule.compute(input, from: try LifeTimerFixture.date("2026-11-22"), days: 1_500)
        #expect(
            Self.summary(all) == [
                "checkpoint 2028-09-30T16:30:00Z 50% of your 1,356 days remain.",
                "checkpoint 2029-09-04T16:15:00Z 25% of your 1,356 days remain.",
                "checkpoint 2030-08-08T16:00:00Z The last day of your 1,356 begins: one day left.",
            ])
    }

    /// LT-10: a streak notification fires when the progress that earns it
    /// is recorded: the third day's first progress at 10:00 local (15:00Z)
    /// earns "3 in a row" then, not at the 09:00 reminder time before it.
    @Test func milestonesStreaksAndMutes() throws {
        let input = try Self.input(
            muted: [.reminders, .checkpoints], due: [("Dinghy course", "2026-12-01")],
            active: ["2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02", "2026-12-04"],
            recorded: [
                "2026-11-29": "2026-11-29T20:00:00Z", "2026-11-30": "2026-11-30T13:00:00Z",
                "2026-12-01": "2026-12-01T15:00:00Z", "2026-12-02": "2026-12-02T23:30:00Z",
                "2026-12-04": "2026-12-04T12:00:00Z",
            ])
        let from = try LifeTimerFixture.date("2026-11-28")
        #expect(
            Self.summary(LifeTimerSchedule.compute(input, from: from, days: 10)) == [
                "milestone 2026-12-01T14:00:00Z Milestone due today: Dinghy course",
                "streak 2026-12-01T15:00:00Z 3 active days in a row. Keep it going.",
                "streak 2026-12-02T23:30:00Z 4 active days in a row. Keep it going.",
            ])
        var muted = input
        muted.preferences.muted = [.reminders, .checkpoints, .milestones, .streaks]
        #expect(LifeTimerSchedule.compute(muted, from: from, days: 10).isEmpty)
    }

    @Test func remindersCrossTheSpringChangeAtNineLocal() throws {
        let list = LifeTimerSchedule.compute(
            try Self.input(muted: [.checkpoints]), from: try LifeTimerFixture.date("2027-03-13"), days: 3)
        // 09:00 EST is 14:00Z; from 2027-03-14 (the change) 09:00 EDT is 13:00Z.
        #expect(
            list.map { Timestamp.iso8601($0.fireAt) } == [
                "2027-03-13T14:00:00Z", "2027-03-14T13:00:00Z", "2027-03-15T13:00:00Z",
            ])
    }

    /// A day recorded before the instants were kept (migration 0018) fires at
    /// the last minute of that local day: never before its progress.
    @Test func aDayWithoutItsInstantFiresAtItsLastMinute() throws {
        let input = try Self.input(
            muted: [.reminders, .checkpoints], active: ["2026-11-29", "2026-11-30", "2026-12-01"],
            recorded: ["2026-11-29": "2026-11-29T20:00:00Z"])
        // 23:59 EST on 2026-12-01 is 04:59Z on the 2nd; its local date is the 1st.
        let list = LifeTimerSchedule.compute(input, from: try LifeTimerFixture.date("2026-11-28"), days: 10)
        #expect(Self.summary(list) == ["streak 2026-12-02T04:59:00Z 3 active days in a row. Keep it going."])
        #expect(list.map(\.localDate.iso) == ["2026-12-01"])
    }

    /// LT-10: with an advance of N days a milestone is announced N days
    /// before its due date too, at the reminder time; not before it was
    /// made; muted with the milestones.
    @Test func milestoneRemindersComeDaysBefore() throws {
        let from = try LifeTimerFixture.date("2026-11-28")
        let input = try Self.input(
            muted: [.reminders, .checkpoints], due: [("Dinghy course", "2026-12-10")], advance: 3,
            createdAt: "2026-11-30T12:00:00Z")
        #expect(
            Self.summary(LifeTimerSchedule.compute(input, from: from, days: 14)) == [
                "milestone 2026-12-07T14:00:00Z Milestone due in 3 days, on 10 December 2026: Dinghy course",
                "milestone 2026-12-10T14:00:00Z Milestone due today: Dinghy course",
            ])
        // Made on 2026-12-08, after the notice would have come: the due day only.
        let late = try Self.input(
            muted: [.reminders, .checkpoints], due: [("Dinghy course", "2026-12-10")], advance: 3,
            createdAt: "2026-12-08T12:00:00Z")
        #expect(
            Self.summary(LifeTimerSchedule.compute(late, from: from, days: 14)) == [
                "milestone 2026-12-10T14:00:00Z Milestone due today: Dinghy course"
            ])
        // One day before is "1 day".
        let one = try Self.input(
            muted: [.reminders, .checkpoints], due: [("Dinghy course", "2026-12-10")], advance: 1)
        #expect(
            Self.summary(LifeTimerSchedule.compute(one, from: from, days: 14)).first
                == "milestone 2026-12-09T14:00:00Z Milestone due in 1 day, on 10 December 2026: Dinghy course")
        var muted = input
        muted.preferences.muted.insert(.milestones)
        #expect(LifeTimerSchedule.compute(muted, from: from, days: 14).isEmpty)
    }
}
