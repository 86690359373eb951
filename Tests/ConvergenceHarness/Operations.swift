import DailyMenu
import Finite
import Foundation
import Hereafter
import LifeCore
import LifeDB
import LifeKernel
import LifeTimer
import Walks

/// One random operation of a REL-7 history, made through a product's store
/// on one device. Its choices (which week, which walk, which words) come
/// from its own seed and from what the device shows when it runs, so that a
/// shrunk history replays each remaining operation the same way.
struct Operation {
    enum Kind: String, CaseIterable {
        case ownerUnits, ownerZone
        case finiteSetup, finiteSettings, finiteMark, finiteUnmark
        case walkImport, walkSave, walkDelete, walkPrune
        case hereafterOnboard, hereafterPlant, hereafterPlantMarker, hereafterReply, hereafterVisit, hereafterRead
        case menuFavorite, menuHide, menuSettings, menuShareMood, menuStart, menuComplete
        case timerAccount, timerAccountEdit, timerAccountDelete, timerGoalAdd, timerGoalBatch, timerGoalEdit
        case timerGoalComplete
        case timerGoalDelete, timerMilestoneAdd, timerMilestoneEdit, timerMilestoneComplete, timerMilestoneDelete
        case timerStart, timerSettings, timerNotifications
        case timerFollow, timerUnfollow, timerBlock, timerUnblock

        /// How often it is drawn, against the others.
        var weight: Int {
            switch self {
            case .finiteMark, .menuComplete, .hereafterPlant, .timerGoalEdit: 6
            case .finiteUnmark, .finiteSettings, .menuFavorite, .hereafterVisit, .walkImport, .timerGoalAdd,
                .timerMilestoneAdd, .timerMilestoneEdit, .timerMilestoneComplete:
                4
            case .timerFollow, .timerBlock, .timerUnfollow, .timerUnblock: 4
            case .ownerUnits, .ownerZone, .walkPrune, .timerAccountDelete, .timerGoalBatch: 1
            default: 2
            }
        }

        /// How often it is drawn in the histories that lean on issue 27's
        /// cases (a quarter of them): the countdown started (on two devices,
        /// around deletes), goals in batches (more than 20 across devices),
        /// one GPX file imported on several devices, mood sharing switched.
        var leaningWeight: Int {
            switch self {
            case .timerStart, .walkImport: 8
            case .timerGoalDelete: 6
            case .timerGoalBatch, .menuShareMood: 5
            default: weight
            }
        }

        /// The product whose store makes it (`core` for the owner's settings).
        var product: String {
            let name = rawValue
            if name.hasPrefix("owner") { return "core" }
            if name.hasPrefix("finite") { return "finite" }
            if name.hasPrefix("walk") { return "walks" }
            if name.hasPrefix("hereafter") { return "hereafter" }
            if name.hasPrefix("menu") { return "dailymenu" }
            return "lifetimer"
        }

        /// Made only on the device with the server role (docs/sync.md, section 6).
        var needsServer: Bool {
            switch self {
            case .timerFollow, .timerUnfollow, .timerBlock, .timerUnblock: true
            default: false
            }
        }
    }

    let device: Int
    let kind: Kind
    let seed: UInt64
    /// The device's clock while it runs.
    let instant: Date
}

/// What every operation of one history shares: the GPX files, the places,
/// the marker planted in locked notes.
struct World {
    let gpxPaths: [String]
    let places: [Coordinate]
    let marker: String
    let activities: [String]
    let weeks: ClosedRange<Int>
    let usernames: [String]

    static let zones = ["UTC", "Europe/Paris", "America/New_York", "Asia/Tokyo"]
    static let birthdays = ["1990-01-01", "1990-01-08"]
}

extension Device {
    /// Runs `operation` through the stores; the answer describes what it did
    /// (or why the store refused it) for the trace.
    func perform(_ operation: Operation, world: World) -> String {
        var random = SplitMix64(state: operation.seed)
        clock.now = operation.instant
        do {
            return try run(operation.kind, world: world, random: &random)
        } catch {
            let text = (error as? LifeError)?.message ?? String(describing: error)
            return "refused: " + text.prefix(120)
        }
    }

    private func word(_ random: inout SplitMix64, _ prefix: String) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return prefix + String((0..<6).map { _ in letters[Int(random.next() % 26)] })
    }

    private func pick<T>(_ items: [T], _ random: inout SplitMix64) -> T? {
        items.isEmpty ? nil : items[Int(random.next() % UInt64(items.count))]
    }

    private func chance(_ random: inout SplitMix64, _ percent: UInt64) -> Bool { random.next() % 100 < percent }

    private func run(_ kind: Operation.Kind, world: World, random: inout SplitMix64) throws -> String {
        let clock = self.clock.clock
        let finite = FiniteStore(writer, clock: clock)
        let menu = DailyMenuStore(writer, clock: clock)
        func walks<T>(_ body: (WalksStore) throws -> T) throws -> T {
            try body(WalksStore(writer, clock: clock))
        }
        func hereafter<T>(_ body: (HereafterStore) throws -> T) throws -> T {
            try body(HereafterStore(writer, clock: clock))
        }
        // An operation that needs what the device lacks makes it instead: a
        // history spends its operations on changes, not on refusals.
        var kind = kind
        if [.finiteSettings, .finiteMark, .finiteUnmark].contains(kind), try finite.profile() == nil {
            kind = .finiteSetup
        }
        if [.hereafterPlant, .hereafterPlantMarker, .hereafterReply, .hereafterVisit, .hereafterRead].contains(kind),
            try hereafter({ try $0.profile() }) == nil
        {
            kind = .hereafterOnboard
        }
        switch kind {
        case .ownerUnits:
            let units: Units = chance(&random, 50) ? .metric : .imperial
            try OwnerStore(writer, clock: clock).setUnits(units)
            return "units \(units.rawValue)"
        case .ownerZone:
            let zone = pick(World.zones, &random) ?? "UTC"
            try OwnerStore(writer, clock: clock).setTimeZone(zone)
            return "time zone \(zone)"
        case .finiteSetup:
            let birthday = pick(World.birthdays, &random) ?? "1990-01-01"
            let years = 70 + Int(random.next() % 21)
            guard let date = CivilDate(iso: birthday) else { return "no date" }
            _ = try finite.setup(birthday: date, lifeExpectancyYears: years)
            return "finite setup \(birthday), \(years) years"
        case .finiteSettings:
            var change = FiniteSettingsChange()
            var said: [String] = []
            if chance(&random, 40) {
                change.lifeExpectancyYears = 60 + Int(random.next() % 41)
                said.append("expectancy \(change.lifeExpectancyYears ?? 0)")
            }
            if chance(&random, 40) {
                change.viewMode = chance(&random, 50) ? .color : .bw
                said.append("view \(change.viewMode?.rawValue ?? "")")
            }
            if chance(&random, 40) {
                change.dailyNotification = chance(&random, 50)
                said.append("notification \(change.dailyNotification ?? false)")
            }
            if chance(&random, 30) {
                change.dailyNotificationTime = LocalTime(hour: Int(random.next() % 24), minute: Int(random.next() % 60))
                said.append("at \(change.dailyNotificationTime?.description ?? "")")
            }
            if chance(&random, 20) {
                change.biometricLock = chance(&random, 50)
                said.append("lock \(change.biometricLock ?? false)")
            }
            try finite.updateSettings(change)
            return "finite settings " + said.joined(separator: ", ")
        case .finiteMark:
            let week = world.weeks.lowerBound + Int(random.next() % UInt64(world.weeks.count))
            let rating = 1 + Int(random.next() % 5)
            let category = chance(&random, 50) ? pick(["work", "health", "rest", "adventure"], &random) : nil
            let phrase = chance(&random, 60) ? word(&random, "p") : nil
            _ = try finite.mark(.number(week), rating: rating, category: category, phrase: phrase)
            return "mark week \(week) rating \(rating) \(category ?? "-") \(phrase ?? "-")"
        case .finiteUnmark:
            let week = world.weeks.lowerBound + Int(random.next() % UInt64(world.weeks.count))
            _ = try finite.unmark(.number(week))
            return "unmark week \(week)"
        case .walkImport:
            let index = Int(random.next() % UInt64(world.gpxPaths.count))
            let result = try walks { try $0.importGPX(path: world.gpxPaths[index]) }
            return "walks import file \(index): \(result.outcome)"
        case .walkSave:
            let name = word(&random, "walk-")
            let start = Int64(clock.now().timeIntervalSince1970 * 1000) - 3_600_000
            let base = (48.0 + Double(random.next() % 100) / 1000, 2.0 + Double(random.next() % 100) / 1000)
            let points = (0..<(3 + Int(random.next() % 5))).map { step in
                TrackPoint(
                    latitude: base.0 + Double(step) * 0.0005, longitude: base.1, elevationMeters: 30,
                    timeMilliseconds: start + Int64(step) * 60_000)
            }
            _ = try walks { try $0.save(Track(points: points), name: name) }
            return "walks save \(name) (\(points.count) points)"
        case .walkDelete:
            let all = try walks { try $0.list() }.sorted { ($0.name ?? "", $0.id) < ($1.name ?? "", $1.id) }
            guard let walk = pick(all, &random) else { return "walks delete: none here" }
            _ = try walks { try $0.delete(walk.id) }
            return "walks delete \(walk.name ?? walk.sourceFile ?? "?")"
        case .walkPrune:
            let today = CivilDate.of(clock.now(), in: TimeZone(identifier: "UTC") ?? .current)
            let pruned = try walks { try $0.prune(before: today.adding(days: 1)) }
            return "walks prune: \(pruned.count)"
        case .hereafterOnboard:
            let name = word(&random, "N")
            try hereafter { _ = try $0.onboard(firstName: name) }
            return "hereafter onboard \(name)"
        case .hereafterPlant, .hereafterPlantMarker:
            let marker = kind == .hereafterPlantMarker
            let place = Int(random.next() % UInt64(world.places.count))
            let text = marker ? "locked " + world.marker + " " + word(&random, "t") : word(&random, "note-")
            let days = marker ? 300 + Int(random.next() % 30) : 1 + Int(random.next() % 3)
            let today = try hereafter { try $0.today() }
            let photo = !marker && chance(&random, 15) ? Self.png : nil
            try hereafter {
                _ = try $0.plant(
                    text: text, at: world.places[place], placeName: chance(&random, 50) ? "place \(place)" : nil,
                    unlock: today.adding(days: days), photo: photo)
            }
            return marker
                ? "hereafter plant a locked note with the marker at place \(place)"
                : "hereafter plant \(text) at place \(place), +\(days) days\(photo == nil ? "" : ", photo")"
        case .hereafterReply:
            let readable = try hereafter { try $0.messages() }.filter { !$0.content.isLocked }
                .sorted { ($0.content.text ?? "") < ($1.content.text ?? "") }
            guard let parent = pick(readable, &random) else { return "hereafter reply: nothing readable" }
            let text = word(&random, "reply-")
            try hereafter { _ = try $0.reply(to: parent.id, text: text) }
            return "hereafter reply \(text) to \(parent.content.text ?? "?")"
        case .hereafterVisit:
            let place = Int(random.next() % UInt64(world.places.count))
            let result = try hereafter { try $0.visit(at: world.places[place]) }
            return "hereafter visit place \(place): \(result.discovered.count) discovered"
        case .hereafterRead:
            let unread = try hereafter { try $0.messages() }.filter { !$0.content.isLocked && $0.readAt == nil }
                .sorted { ($0.content.text ?? "") < ($1.content.text ?? "") }
            guard let message = pick(unread, &random) else { return "hereafter read: nothing unread" }
            try hereafter { _ = try $0.read(message.id) }
            return "hereafter read \(message.content.text ?? "?")"
        case .menuFavorite:
            let activity = pick(world.activities, &random) ?? ""
            let on = chance(&random, 60)
            try menu.setFavorite(activity, on)
            return "favorite \(activity) \(on)"
        case .menuHide:
            let activity = pick(world.activities, &random) ?? ""
            let on = chance(&random, 60)
            try menu.setHidden(activity, on)
            return "hide \(activity) \(on)"
        case .menuSettings:
            let name = word(&random, "D")
            try menu.updateSettings(DailyMenuSettingsChange(displayName: name))
            return "dailymenu name \(name)"
        case .menuShareMood:
            let on = chance(&random, 50)
            try menu.updateSettings(DailyMenuSettingsChange(shareMood: on))
            return "dailymenu share mood \(on)"
        case .menuStart:
            let activity = pick(world.activities, &random) ?? ""
            let before = pick(BeforeMood.allCases, &random)
            _ = try menu.start(activity, before: before)
            return "start \(activity) before \(before?.rawValue ?? "-")"
        case .menuComplete:
            let activity = pick(world.activities, &random) ?? ""
            let before = chance(&random, 50) ? pick(BeforeMood.allCases, &random) : nil
            let after = chance(&random, 60) ? pick(AfterMood.allCases, &random) : nil
            let feedback = chance(&random, 40) ? pick(Feedback.allCases, &random) : nil
            let result = try menu.complete(activity, before: before, after: after, feedback: feedback)
            return
                "complete \(activity) \(before?.rawValue ?? "-")/\(after?.rawValue ?? "-")/\(feedback?.rawValue ?? "-"): \(result)"
                .prefix(160).description
        default:
            return try runLifeTimer(kind, world: world, random: &random)
        }
    }

    /// A 1×1 PNG (a Hereafter photo).
    static let png =
        Data(
            base64Encoded:
                "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
        ) ?? Data()
}
