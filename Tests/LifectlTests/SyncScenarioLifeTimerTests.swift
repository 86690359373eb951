import Foundation
import LifeKitTestSupport
import Testing

/// Issue 27's LifeTimer findings (SYNC-6, SYNC-7): rules that span rows —
/// the countdown started once, the locked list, no delete after the start,
/// 20 goals ever, goal numbers — resolved over the merged records, the same
/// on every device whatever the order, and never an exit 70. What these
/// tests assume is at the top of SyncScenarioSupport.swift (items 5 and 1).
@Suite(.tags(.endToEnd)) struct SyncScenarioLifeTimerTests {
    func at(_ minutes: Int, days: Int = 0) -> String { SyncLab.at(minutes, days: days) }

    /// One account's countdown started on the laptop and on the phone
    /// before they met: every later sync exits 0 on both (the issue: from the
    /// second round on, one device exited 70 on every run), the earliest
    /// start wins on both, and changes in every product still travel.
    @Test func oneCountdownStartedOnTwoDevicesConvergesOnTheEarliestStart() throws {
        let lab = try SyncLab()
        try lab.shareAccount(at: at(0))
        try lab.ok(lab.a, at: at(10), "lifetimer", "goal", "add", "Swim a mile", "--as", "ada")
        try lab.syncRounds(2, at: at(15))
        // B starts first, A an hour later; A is the first to sync afterwards.
        try lab.ok(lab.b, at: at(20), "lifetimer", "start", "--as", "ada")
        try lab.ok(lab.a, at: at(80), "lifetimer", "start", "--as", "ada")
        for round in 0..<4 {
            try lab.sync(lab.a, at: at(90 + 2 * round))
            try lab.sync(lab.b, at: at(91 + 2 * round))
        }
        try expectSame(lab.countdownStart(lab.a), "2026-11-22T09:20:00Z")
        try expectSame(lab.countdownStart(lab.b), "2026-11-22T09:20:00Z")
        try expectSame(lab.numberedGoals(lab.a), ["1. Swim a mile"])
        try lab.expectConverged()
        // Nothing is stuck: a change in another product made on each device reaches the other.
        try lab.ok(lab.a, at: at(120), "finite", "setup", "--birthday", "1990-05-14")
        try lab.ok(lab.b, at: at(121), "dailymenu", "complete", "sigh")
        try lab.syncRounds(2, at: at(130))
        try expectSame(lab.b.sqlite("SELECT birthday FROM finite_profile"), "1990-05-14")
        try expectSame(lab.a.sqlite("SELECT activity_id FROM dailymenu_completions"), "sigh")
        try lab.expectConverged()
    }

    /// A goal deleted on one device before the other, which had not heard
    /// of the delete, starts the countdown: the delete is earlier than the
    /// start, so it counts on every device.
    @Test func aGoalDeletedBeforeTheOtherDeviceStartsIsGoneEverywhere() throws {
        let lab = try SyncLab()
        try lab.shareAccount(at: at(0))
        for (minute, title) in [(10, "One"), (11, "Two"), (12, "Three")] {
            try lab.ok(lab.a, at: at(minute), "lifetimer", "goal", "add", title, "--as", "ada")
        }
        try lab.syncRounds(2, at: at(15))
        try lab.ok(lab.a, at: at(20), "lifetimer", "goal", "delete", "2", "--as", "ada")
        try lab.ok(lab.b, at: at(25), "lifetimer", "start", "--as", "ada")
        for round in 0..<3 {
            try lab.sync(lab.b, at: at(30 + 2 * round))
            try lab.sync(lab.a, at: at(31 + 2 * round))
        }
        for device in lab.devices {
            try expectSame(Self.titles(lab.numberedGoals(device)), ["One", "Three"], "\(lab.name(device))")
            try expectSame(lab.countdownStart(device), "2026-11-22T09:25:00Z", "\(lab.name(device))")
        }
        try expectSame(lab.numberedGoals(lab.a), lab.numberedGoals(lab.b))
        try lab.expectConverged()
    }

    /// The other order: the countdown starts first, and a device that had
    /// not heard of it deletes a goal later. The delete is after the start,
    /// so the rule undoes it on every device (no delete after the start),
    /// without refusing anything.
    @Test func aGoalDeletedAfterTheOtherDeviceStartedStaysOnTheLockedList() throws {
        let lab = try SyncLab()
        try lab.shareAccount(at: at(0))
        for (minute, title) in [(10, "One"), (11, "Two"), (12, "Three")] {
            try lab.ok(lab.a, at: at(minute), "lifetimer", "goal", "add", title, "--as", "ada")
        }
        try lab.syncRounds(2, at: at(15))
        try lab.ok(lab.b, at: at(20), "lifetimer", "start", "--as", "ada")
        try lab.ok(lab.a, at: at(25), "lifetimer", "goal", "delete", "2", "--as", "ada")
        for round in 0..<3 {
            try lab.sync(lab.a, at: at(30 + 2 * round))
            try lab.sync(lab.b, at: at(31 + 2 * round))
        }
        for device in lab.devices {
            try expectSame(Self.titles(lab.numberedGoals(device)), ["One", "Two", "Three"], "\(lab.name(device))")
        }
        try expectSame(lab.numberedGoals(lab.a), lab.numberedGoals(lab.b))
        try lab.expectConverged()
    }

    /// 15 goals on each device before the start, made in turns (A, B, A, …),
    /// and A starts without having heard of B's: the locked list on both is
    /// the first 20 by creation, numbered 1–20 in that order (the issue:
    /// each device kept its own 20 and held back the other's, for ever).
    @Test func fifteenAndFifteenGoalsBeforeTheStartLockTheSameTwentyEverywhere() throws {
        let lab = try SyncLab()
        try lab.shareAccount(at: at(0))
        var made: [String] = []
        for index in 1...15 {
            let a = "A\(index)"
            let b = "B\(index)"
            try lab.ok(lab.a, at: at(10 + 2 * index), "lifetimer", "goal", "add", a, "--as", "ada")
            try lab.ok(lab.b, at: at(11 + 2 * index), "lifetimer", "goal", "add", b, "--as", "ada")
            made += [a, b]
        }
        try lab.ok(lab.a, at: at(100), "lifetimer", "start", "--as", "ada")
        for round in 0..<3 {
            try lab.sync(lab.a, at: at(110 + 2 * round))
            try lab.sync(lab.b, at: at(111 + 2 * round))
        }
        let expected = SyncLab.numbered(Array(made.prefix(20)))
        try expectSame(lab.numberedGoals(lab.a), expected)
        try expectSame(lab.numberedGoals(lab.b), expected)
        try lab.expectConverged()
    }

    /// 11 + 10 goals, all heard of by both devices before B starts: 21 made,
    /// the 20 earliest are the list on both, the latest (A's 11th) is out.
    @Test func elevenAndTenGoalsKeepTheTwentyEarliestOnEveryDevice() throws {
        let lab = try SyncLab()
        try lab.shareAccount(at: at(0))
        var made: [String] = []
        for index in 1...11 {
            let a = "A\(index)"
            try lab.ok(lab.a, at: at(10 + 2 * index), "lifetimer", "goal", "add", a, "--as", "ada")
            made.append(a)
            if index <= 10 {
                let b = "B\(index)"
                try lab.ok(lab.b, at: at(11 + 2 * index), "lifetimer", "goal", "add", b, "--as", "ada")
                made.append(b)
            }
        }
        #expect(made.last == "A11")
        try lab.syncRounds(2, at: at(60))
        try lab.ok(lab.b, at: at(70), "lifetimer", "start", "--as", "ada")
        try lab.syncRounds(2, at: at(80))
        let expected = SyncLab.numbered(Array(made.prefix(20)))
        try expectSame(lab.numberedGoals(lab.a), expected)
        try expectSame(lab.numberedGoals(lab.b), expected)
        try lab.expectConverged()
    }

    /// Goals made on two devices before the start carry the same numbers on
    /// both (by creation), so `goal delete 2` on each deletes one goal, the
    /// same one, everywhere.
    @Test func goalNumbersAreTheSameOnEveryDevice() throws {
        let lab = try SyncLab()
        try lab.shareAccount(at: at(0))
        for index in 1...3 {
            try lab.ok(lab.a, at: at(10 + 2 * index), "lifetimer", "goal", "add", "A\(index)", "--as", "ada")
            try lab.ok(lab.b, at: at(11 + 2 * index), "lifetimer", "goal", "add", "B\(index)", "--as", "ada")
        }
        try lab.syncRounds(2, at: at(30))
        let expected = SyncLab.numbered(["A1", "B1", "A2", "B2", "A3", "B3"])
        try expectSame(lab.numberedGoals(lab.a), expected)
        try expectSame(lab.numberedGoals(lab.b), expected)
        // Each device deletes its goal 2 before hearing of the other's delete.
        try lab.ok(lab.a, at: at(40), "lifetimer", "goal", "delete", "2", "--as", "ada")
        try lab.ok(lab.b, at: at(41), "lifetimer", "goal", "delete", "2", "--as", "ada")
        try lab.syncRounds(2, at: at(50))
        for device in lab.devices {
            try expectSame(
                Self.titles(lab.numberedGoals(device)), ["A1", "A2", "B2", "A3", "B3"], "\(lab.name(device))")
        }
        try expectSame(lab.numberedGoals(lab.a), lab.numberedGoals(lab.b))
        try lab.expectConverged()
    }

    /// Three devices. A starts; C, not having heard of the start, adds one
    /// goal before the start's moment and one after. Whatever the order the
    /// bundles reach each device, all three show the same list: the earlier
    /// goal joins it, the later one is kept out (the issue: shown on two
    /// devices, held back on the third, by arrival order).
    @Test func aGoalAddedWithoutHearingOfTheStartGetsOneAnswerOnThreeDevices() throws {
        let lab = try SyncLab(devices: 3)
        try lab.shareAccount(at: at(0))
        for (minute, title) in [(10, "One"), (11, "Two")] {
            try lab.ok(lab.a, at: at(minute), "lifetimer", "goal", "add", title, "--as", "ada")
        }
        try lab.syncRounds(2, at: at(15))
        try lab.ok(lab.c, at: at(20), "lifetimer", "goal", "add", "Early", "--as", "ada")
        try lab.ok(lab.a, at: at(30), "lifetimer", "start", "--as", "ada")
        try lab.ok(lab.c, at: at(40), "lifetimer", "goal", "add", "Late", "--as", "ada")
        let fromA = try lab.exportBundle(lab.a, at: at(45), "a.lcsync")
        let fromC = try lab.exportBundle(lab.c, at: at(45), "c.lcsync")
        // B: A's first, then C's. A: C's. C: A's. Then B again in the other order.
        try lab.importBundle(lab.b, at: at(50), fromA)
        try lab.importBundle(lab.b, at: at(51), fromC)
        try lab.importBundle(lab.a, at: at(52), fromC)
        try lab.importBundle(lab.c, at: at(53), fromA)
        for device in lab.devices {
            try expectSame(Self.titles(lab.numberedGoals(device)), ["One", "Two", "Early"], "\(lab.name(device))")
        }
        // Then the folder, every device seeing every other's bundle: nothing moves.
        try lab.syncRounds(3, at: at(60))
        for device in lab.devices {
            try expectSame(Self.titles(lab.numberedGoals(device)), ["One", "Two", "Early"], "\(lab.name(device))")
            try expectSame(lab.countdownStart(device), "2026-11-22T09:30:00Z", "\(lab.name(device))")
        }
        try lab.expectConverged()
    }

    /// The same as above with the arrivals reversed on the device that gets
    /// both: C's goals first, then A's start.
    @Test func theAnswerDoesNotDependOnTheOrderOfArrival() throws {
        let lab = try SyncLab(devices: 3)
        try lab.shareAccount(at: at(0))
        for (minute, title) in [(10, "One"), (11, "Two")] {
            try lab.ok(lab.a, at: at(minute), "lifetimer", "goal", "add", title, "--as", "ada")
        }
        try lab.syncRounds(2, at: at(15))
        try lab.ok(lab.c, at: at(20), "lifetimer", "goal", "add", "Early", "--as", "ada")
        try lab.ok(lab.a, at: at(30), "lifetimer", "start", "--as", "ada")
        try lab.ok(lab.c, at: at(40), "lifetimer", "goal", "add", "Late", "--as", "ada")
        let fromA = try lab.exportBundle(lab.a, at: at(45), "a.lcsync")
        let fromC = try lab.exportBundle(lab.c, at: at(45), "c.lcsync")
        try lab.importBundle(lab.b, at: at(50), fromC)
        try lab.importBundle(lab.b, at: at(51), fromA)
        try lab.importBundle(lab.c, at: at(52), fromA)
        try lab.importBundle(lab.a, at: at(53), fromC)
        for device in lab.devices {
            try expectSame(Self.titles(lab.numberedGoals(device)), ["One", "Two", "Early"], "\(lab.name(device))")
        }
        try expectSame(lab.goals(lab.a).count, lab.goals(lab.b).count)
        try lab.syncRounds(3, at: at(60))
        try lab.expectConverged()
    }

    /// The titles of a numbered list, in order.
    static func titles(_ numbered: [String]) -> [String] {
        numbered.map { line in String(line.drop { $0 != " " }.dropFirst()) }
    }
}
