import DailyMenu
import Foundation
import LifeCore
import LifeDB
import LifeKit
import LifeSync
import LifeKitTestSupport
import Testing

/// Issue 32: a ritual of one's own travels between devices like every row a
/// person saves (docs/sync.md): added, done, changed and removed on one
/// device, the same on the other; its anchor in the catalogue's table is
/// made by each device from the ritual itself, so the exports agree.
@Suite struct DailyMenuOwnRitualsSyncTests {
    func pair() throws -> (SyncDevice, SyncDevice) {
        (try SyncDevice("2026-11-22T09:00:00Z"), try SyncDevice("2026-11-22T09:00:00Z"))
    }

    @Test func aRitualOfOnesOwnIsDoneChangedAndRemovedEverywhere() throws {
        let (a, b) = try pair()
        let mine = try a.dailyMenu.addActivity(
            title: "Evening pages", category: "create", energy: .low, minutes: 10, howTo: "Three pages.")
        try a.at("2026-11-22T09:10:00Z").dailyMenu.complete("Evening pages", before: .low, after: .better)
        try SyncDevice.converge([a, b])
        let there = try #require(try b.dailyMenu.listing().first { $0.activity.id == mine.id })
        #expect(there.activity.title == "Evening pages" && there.activity.minutes == 10)
        #expect(try b.dailyMenu.profile().journey.moments == 28)
        #expect(try b.dailyMenu.completions().map(\.activityID) == [mine.id])
        // B changes it later; A removes it later still.
        try b.at("2026-11-22T11:00:00Z").dailyMenu.editActivity(
            "Evening pages", change: OwnActivityChange(title: "Evening Pages", minutes: 15))
        try SyncDevice.converge([a, b])
        try a.at("2026-11-22T12:00:00Z").dailyMenu.setActivityOn("Evening Pages", false)
        try SyncDevice.converge([a, b])
        for device in [a, b] {
            let activity = try device.dailyMenu.activity(named: mine.id)
            #expect(activity.title == "Evening Pages" && activity.minutes == 15 && activity.removed)
            #expect(try device.dailyMenu.profile().journey.totals.minutes == 15)
            #expect(try device.dailyMenu.invariantViolations() == [])
        }
        #expect(try a.exportForSync() == b.exportForSync())
    }

    /// Two devices add a ritual of one title before they sync: two rituals,
    /// kept both, told apart by id.
    @Test func twoOfOneTitleAreBothKept() throws {
        let (a, b) = try pair()
        let fromA = try a.dailyMenu.addActivity(title: "Stretch", category: "move", energy: .low, minutes: 5)
        let fromB = try b.at("2026-11-22T09:05:00Z").dailyMenu.addActivity(
            title: "stretch", category: "breathe", energy: .medium, minutes: 3)
        try SyncDevice.converge([a, b])
        for device in [a, b] {
            let own = try device.dailyMenu.listing().filter(\.activity.own).map(\.activity.id)
            #expect(Set(own) == [fromA.id, fromB.id])
            #expect(throws: LifeError.self) { try device.dailyMenu.activity(named: "Stretch") }
            #expect(try device.dailyMenu.activity(named: fromB.shortID).category == "breathe")
        }
        #expect(try a.exportForSync() == b.exportForSync())
    }

    /// Deleting everything on one device deletes one's own rituals on the
    /// others, their anchors with them.
    @Test func deletingEverythingTravels() throws {
        let (a, b) = try pair()
        try a.dailyMenu.addActivity(title: "Evening pages", category: "create", energy: .low, minutes: 10)
        try a.at("2026-11-22T09:10:00Z").dailyMenu.complete("Evening pages")
        try SyncDevice.converge([a, b])
        try a.at("2026-11-22T10:00:00Z").dailyMenu.deleteAll()
        _ = try b.at("2026-11-22T10:00:00Z")
        try SyncDevice.converge([a, b])
        for device in [a, b] {
            #expect(try device.count("SELECT count(*) FROM dailymenu_own_activities") == 0)
            #expect(try device.count("SELECT count(*) FROM dailymenu_activities WHERE id GLOB 'own-*'") == 0)
        }
        #expect(try a.exportForSync() == b.exportForSync())
    }

    /// A ritual of one's own done on a device that had not heard yet that
    /// the other deleted everything (docs/sync.md, section 15, limits): the
    /// completion, made after the deletion, stands where it was made (its
    /// anchor stays while it names it); the other device, whose anchor went
    /// with the ritual, keeps it out for want of its activity, told why;
    /// neither device sets anything aside, and both pass their checks.
    @Test func aRitualOfOnesOwnDoneAfterAnUnheardDeletionIsKeptOutElsewhere() throws {
        let (a, b) = try pair()
        let mine = try a.dailyMenu.addActivity(title: "Evening pages", category: "create", energy: .low, minutes: 10)
        try SyncDevice.converge([a, b])
        try b.at("2026-11-22T10:00:00Z").dailyMenu.deleteAll()
        try a.at("2026-11-22T10:05:00Z").dailyMenu.complete("Evening pages")
        try SyncDevice.converge([a, b])
        for device in [a, b] {
            #expect(try device.count("SELECT count(*) FROM dailymenu_own_activities") == 0)
            #expect(try device.count("SELECT count(*) FROM sync_aside") == 0)
            #expect(try device.dailyMenu.invariantViolations() == [])
        }
        #expect(try a.dailyMenu.completions().map(\.activityID) == [mine.id])
        #expect(try a.count("SELECT count(*) FROM dailymenu_activities WHERE id = ?", [mine.id]) == 1)
        #expect(try b.dailyMenu.completions().isEmpty)
        #expect(try b.count("SELECT count(*) FROM sync_parked WHERE told = 1") == 1)
    }
}
