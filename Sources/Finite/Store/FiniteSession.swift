import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// Finite's rules over the database (SPEC §3), inside a transaction that
/// `FiniteStore` (or the kernel, for an import, a check or a page) opened:
/// setup, settings, marks and everything computed from them. Every rule is
/// checked here, before SQLite's CHECK constraints would have to.
struct FiniteSession {
    let db: Database
    let clock: Clock

    init(_ db: Database, clock: Clock) {
        self.db = db
        self.clock = clock
    }

    private var owner: Owner { Owner(db) }

    // MARK: Setup and settings (FIN-1, FIN-5)

    /// Sets the birthday (and optionally the life expectancy). Running it again
    /// may change the expectancy; it may change the birthday only while no week
    /// is marked, because every mark is tied to a week counted from it.
    @discardableResult
    func setup(birthday: CivilDate, lifeExpectancyYears: Int? = nil) throws -> FiniteProfile {
        try FiniteRules.checkBirthday(birthday, today: try owner.day(of: clock.now()))
        if let years = lifeExpectancyYears { try FiniteRules.checkLifeExpectancy(years) }
        let now = clock.now()
        if let existing = try profile() {
            if existing.birthday != birthday {
                let marked = try db.fetchOne(Int.self, "SELECT count(*) FROM finite_marks") ?? 0
                if marked > 0 {
                    throw LifeError.invalid(
                        field: "birthday",
                        "birthday is already \(existing.birthday.iso) and \(Format.grouped(marked)) \(marked == 1 ? "week is" : "weeks are") marked against it; changing it would move every mark, so it is refused (unmark them first to change it)"
                    )
                }
                // FIN-11: phases are weeks counted from the birthday too.
                let phases = try phaseCount()
                if phases > 0 {
                    throw LifeError.invalid(
                        field: "birthday",
                        "birthday is already \(existing.birthday.iso) and \(Format.count(phases, "life phase", "life phases")) \(phases == 1 ? "is" : "are") counted in weeks from it; changing it would move every phase, so it is refused (delete them first to change it)"
                    )
                }
            }
            try db.execute(
                """
                UPDATE finite_profile SET birthday = ?, life_expectancy_years = ?, updated_at = ? WHERE id = 1
                """,
                [birthday, lifeExpectancyYears ?? existing.lifeExpectancyYears, now])
        } else {
            try db.execute(
                """
                INSERT INTO finite_profile (id, birthday, life_expectancy_years, created_at, updated_at)
                VALUES (1, ?, ?, ?, ?)
                """,
                [birthday, lifeExpectancyYears ?? FiniteRules.defaultLifeExpectancy, now, now])
        }
        return try requireProfile()
    }

    /// The profile, or nil before setup.
    func profile() throws -> FiniteProfile? {
        try db.fetchOne(
            table: "finite_profile",
            """
            SELECT id, birthday, life_expectancy_years, view_mode, biometric_lock, daily_notification,
                   daily_notification_time, created_at, updated_at
            FROM finite_profile WHERE id = 1
            """
        ) { row in
            FiniteProfile(
                birthday: try row["birthday"], lifeExpectancyYears: try row["life_expectancy_years"],
                viewMode: try row["view_mode", as: ViewMode.self], biometricLock: try row["biometric_lock"],
                dailyNotification: try row["daily_notification"],
                dailyNotificationTime: try row["daily_notification_time"], createdAt: try row["created_at"],
                updatedAt: try row["updated_at"])
        }
    }

    /// The profile, or an error telling how to set it up.
    func requireProfile() throws -> FiniteProfile {
        guard let profile = try profile() else {
            throw LifeError(
                kind: .invalidValue, field: "birthday", message: "Finite is not set up yet: no birthday is stored",
                remedy: .finiteSetup)
        }
        return profile
    }

    func settings() throws -> FiniteSettings {
        let profile = try requireProfile()
        let stored = try owner.settings().timeZone
        return FiniteSettings(
            lifeExpectancyYears: profile.lifeExpectancyYears, viewMode: profile.viewMode,
            biometricLock: profile.biometricLock, dailyNotification: profile.dailyNotification,
            dailyNotificationTime: profile.dailyNotificationTime,
            timeZone: stored ?? TimeZoneSetting.systemName, timeZoneIsSystem: stored == nil)
    }

    /// Applies `change` in one transaction: all of it or none of it.
    @discardableResult
    func updateSettings(_ change: FiniteSettingsChange) throws -> FiniteSettings {
        var profile = try requireProfile()
        if let years = change.lifeExpectancyYears {
            try FiniteRules.checkLifeExpectancy(years)
            profile.lifeExpectancyYears = years
        }
        if let mode = change.viewMode { profile.viewMode = mode }
        if let lock = change.biometricLock { profile.biometricLock = lock }
        if let daily = change.dailyNotification { profile.dailyNotification = daily }
        if let time = change.dailyNotificationTime { profile.dailyNotificationTime = time }
        if let zone = change.timeZone {
            try owner.setTimeZone(zone, now: clock.now())
        }
        try db.execute(
            """
            UPDATE finite_profile SET life_expectancy_years = ?, view_mode = ?, biometric_lock = ?,
                daily_notification = ?, daily_notification_time = ?, updated_at = ?
            WHERE id = 1
            """,
            [
                profile.lifeExpectancyYears, profile.viewMode.rawValue, profile.biometricLock,
                profile.dailyNotification, profile.dailyNotificationTime, clock.now(),
            ])
        return try settings()
    }

    // MARK: Time

    func timeZone() throws -> TimeZone { try owner.timeZone() }

    /// The zone's name for display, as the owner gave it.
    func timeZoneName() throws -> String { try owner.timeZoneName() }

    /// The owner's local date now: "today" is local (CORE-5).
    func today() throws -> CivilDate { try owner.day(of: clock.now()) }

    func grid() throws -> LifeGrid { try requireProfile().grid }

    /// Status of FIN-3 for today.
    func status() throws -> LifeStatus { try snapshot().status }

    /// What every rule about "now" needs, read once per call: the profile,
    /// the owner's zone, and where today falls in the grid.
    struct Snapshot {
        let profile: FiniteProfile
        let zone: TimeZone
        let status: LifeStatus
        var grid: LifeGrid { profile.grid }
    }

    func snapshot() throws -> Snapshot {
        let profile = try requireProfile()
        let zone = try timeZone()
        let today = CivilDate.of(clock.now(), in: zone)
        guard let status = profile.grid.status(on: today) else {
            throw LifeError.invalid(
                field: "birthday",
                "birthday \(profile.birthday.iso) is after today (\(today.iso)) in the owner's time zone")
        }
        return Snapshot(profile: profile, zone: zone, status: status)
    }

    // MARK: Weeks and marks (FIN-4)

    /// The week index a selector means, checked against the grid: from the
    /// first week on, and (for marking) not after the current one.
    private func weekIndex(_ selector: WeekSelector, in now: Snapshot, notAfterCurrent: Bool) throws -> Int {
        let status = now.status
        let grid = now.grid
        let index: Int
        switch selector {
        case .current:
            index = status.currentWeek.index
        case .number(let number):
            guard number >= 1 else {
                throw LifeError.invalid(field: "week", "week is \(number); weeks are numbered from 1")
            }
            index = number - 1
        case .date(let date):
            guard let found = grid.weekIndex(containing: date) else {
                throw LifeError.invalid(
                    field: "date", "date is \(date.iso); it is before the birthday \(grid.birthday.iso)")
            }
            index = found
        }
        if notAfterCurrent {
            try FiniteRules.checkMarkable(weekIndex: index, status: status, grid: grid)
        } else {
            let lastWeek = FiniteRules.gridEnd(status)
            guard index < lastWeek else {
                throw LifeError.invalid(
                    field: "week",
                    "week is \(Format.grouped(index + 1)); the grid ends at week \(Format.grouped(lastWeek))")
            }
        }
        return index
    }

    /// Marks a week with a rating 1–5, an optional category and an optional
    /// phrase of at most 140 characters. Marking again replaces the mark (its
    /// id and first-marked time stay). A future week is refused.
    @discardableResult
    func mark(
        _ selector: WeekSelector = .current, rating: Int, category: String? = nil, phrase: String? = nil
    ) throws -> MarkResult {
        let weekRating = try FiniteRules.rating(rating)
        let weekCategory = try category.map(FiniteRules.category)
        let cleanPhrase = try TextRule.optional(phrase, field: "phrase", limit: FiniteRules.phraseLimit)
        let snapshot = try snapshot()
        let index = try weekIndex(selector, in: snapshot, notAfterCurrent: true)
        let grid = snapshot.grid
        let now = clock.now()
        let previous = try mark(at: index)
        let saved = WeekMark(
            id: previous?.id ?? UUID(), weekIndex: index, rating: weekRating, category: weekCategory,
            phrase: cleanPhrase, markedAt: previous?.markedAt ?? now, updatedAt: now)
        try db.execute(
            """
            INSERT INTO finite_marks (id, week_index, rating, category, phrase, marked_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (week_index) DO UPDATE SET rating = excluded.rating, category = excluded.category,
                phrase = excluded.phrase, updated_at = excluded.updated_at
            """,
            [
                saved.id, index, weekRating.rawValue, weekCategory?.rawValue, cleanPhrase, saved.markedAt,
                saved.updatedAt,
            ])
        // A streak milestone reached by this mark fires at this mark's instant (FIN-7).
        let milestones =
            previous == nil ? try streaksReached(at: now, by: saved.id, grid: grid, zone: snapshot.zone) : []
        return MarkResult(
            week: grid.weekRange(index: index), mark: saved, replaced: previous != nil, milestones: milestones)
    }

    /// Removes a week's mark; answers the week and the mark removed (nil when
    /// the week had none, which is not an error: unmarking is idempotent).
    @discardableResult
    func unmark(_ selector: WeekSelector) throws -> UnmarkResult {
        let snapshot = try snapshot()
        let index = try weekIndex(selector, in: snapshot, notAfterCurrent: false)
        let previous = try mark(at: index)
        try db.execute("DELETE FROM finite_marks WHERE week_index = ?", [index])
        return UnmarkResult(week: snapshot.grid.weekRange(index: index), removed: previous)
    }

    func mark(at index: Int) throws -> WeekMark? {
        var found: WeekMark?
        try db.forEachRow(table: "finite_marks", Self.selectMarks + " WHERE week_index = ?", [index]) {
            found = try Self.decodeMark($0)
        }
        return found
    }

    /// Every mark, by week. Read through the statement's fast path: a poster
    /// of a long life reads over 4,000 of them.
    func marks() throws -> [WeekMark] {
        var marks: [WeekMark] = []
        try db.forEachRow(table: "finite_marks", Self.selectMarks + " ORDER BY week_index") {
            marks.append(try Self.decodeMark($0))
        }
        return marks
    }

    static let selectMarks =
        "SELECT id, week_index, rating, category, phrase, marked_at, updated_at FROM finite_marks"

    /// One `finite_marks` row, read by column name; a rating or category the
    /// enums do not know is an error naming it, never a default.
    static func decodeMark(_ row: TableRow) throws -> WeekMark {
        // An index no life has would overflow the dates' arithmetic: the row
        // cannot be read (exit 65), never a trap.
        let index: Int = try row["week_index"]
        guard (0...FiniteRules.largestWeekIndex).contains(index) else {
            throw LifeError.malformed("week_index is \(index), which is no week of a life")
        }
        return WeekMark(
            id: try row["id"], weekIndex: index, rating: try row["rating", as: WeekRating.self],
            category: try row["category", as: WeekCategory?.self], phrase: try row["phrase"],
            markedAt: try row["marked_at"], updatedAt: try row["updated_at"])
    }

    /// One week with its dates, its tense and its mark (`lifectl finite show`).
    func week(_ selector: WeekSelector) throws -> WeekDetail {
        let snapshot = try snapshot()
        let index = try weekIndex(selector, in: snapshot, notAfterCurrent: false)
        let status = snapshot.status
        let tense: WeekDetail.Tense =
            index < status.currentWeek.index ? .past : index == status.currentWeek.index ? .current : .future
        // FIN-11: the phases this week is in, as the grid draws them (an
        // ongoing phase through the current week).
        let phases = try phaseDetails().filter { $0.from.index <= index && index <= $0.through.index }
        return WeekDetail(
            week: snapshot.grid.weekRange(index: index), tense: tense, beyondExpectancy: index >= status.totalWeeks,
            mark: try mark(at: index), phases: phases)
    }

    // MARK: Computed views (FIN-6 … FIN-9)

    func reveal() throws -> RevealPlan {
        RevealPlan(status: try status(), marks: try marks())
    }

    /// The notification schedule for `days` local days from `from` (default today).
    func notifications(from: CivilDate? = nil, days: Int = 7) throws -> [FiniteNotification] {
        guard (1...366).contains(days) else {
            throw LifeError.invalid(field: "days", "days is \(days); it must be from 1 to 366")
        }
        let profile = try requireProfile()
        return NotificationSchedule.compute(
            grid: profile.grid, from: try from ?? today(), days: days, timeZone: try timeZone(),
            preferences: profile.notificationPreferences, marks: try marks())
    }

    func widget(entries: Int = 8) throws -> WidgetSnapshot {
        guard (0...520).contains(entries) else {
            throw LifeError.invalid(field: "entries", "entries is \(entries); it must be from 0 to 520")
        }
        return WidgetSnapshot(grid: try grid(), now: clock.now(), timeZone: try timeZone(), entries: entries)
    }

    func picture(mode: ViewMode? = nil) throws -> GridPicture {
        let snapshot = try snapshot()
        return GridPicture(
            status: snapshot.status, marks: try marks(), mode: mode ?? snapshot.profile.viewMode,
            phases: try phases().map {
                PhaseDetail($0, grid: snapshot.grid, currentWeekIndex: snapshot.status.currentWeek.index)
            })
    }

    /// The streak milestones (4, 12, 26, 52 weeks in a row) that the mark
    /// `markID` saved at `instant` reached: those the schedule places at that
    /// very instant (FIN-7) and that it would not place without this mark
    /// (another mark saved at the same instant, as under a pinned clock, may
    /// have reached its own), so the rule lives in one place,
    /// `NotificationSchedule`.
    private func streaksReached(at instant: Date, by markID: UUID, grid: LifeGrid, zone: TimeZone) throws
        -> [FiniteNotification]
    {
        let stamp = Timestamp.database(instant)
        let all = try marks()
        func streaks(_ marks: [WeekMark]) -> [FiniteNotification] {
            NotificationSchedule.compute(
                grid: grid, from: CivilDate.of(instant, in: zone), days: 1, timeZone: zone,
                preferences: NotificationPreferences(
                    dailyEnabled: false, dailyTime: FiniteRules.defaultNotificationTime),
                marks: marks
            ).filter { $0.kind == .streak && Timestamp.database($0.fireAt) == stamp }
        }
        let before = streaks(all.filter { $0.id != markID })
        return streaks(all).filter { !before.contains($0) }
    }

    // MARK: Invariants (lifectl db check)

    /// Rules SQLite's constraints cannot hold, re-checked over the stored
    /// rows: the birthday in the past and at most 150 years ago (FIN-1); each
    /// mark on a week from the first to the current one, inside the grid, with
    /// a trimmed phrase of at most 140 characters, updated no earlier than
    /// first marked (FIN-4). A row that cannot be read is a problem too.
    func invariantViolations() throws -> [String] {
        var scan = InvariantScan(db: db)
        // A zone that is not a known name is the core check's to report;
        // here the system's stands in so the rest can still be checked.
        let today = CivilDate.of(clock.now(), in: (try? timeZone()) ?? TimeZoneSetting.system)
        var status: LifeStatus?
        try scan.eachRow(
            "finite_profile", "SELECT id, birthday, life_expectancy_years FROM finite_profile"
        ) { row, problems in
            let birthday: CivilDate = try row.column(at: 1)
            let oldest = today.adding(years: -FiniteRules.maximumAgeYears)
            if birthday >= today {
                problems.append("birthday \(birthday.iso) is not in the past (today is \(today.iso))")
            } else if birthday < oldest {
                problems.append(
                    "birthday \(birthday.iso) is more than \(FiniteRules.maximumAgeYears) years ago (before \(oldest.iso))"
                )
            }
            status = LifeGrid(birthday: birthday, lifeExpectancyYears: try row.column(at: 2)).status(on: today)
        }
        try scan.eachRow("finite_marks", Self.selectMarks + " ORDER BY week_index") { row, problems in
            let mark = try Self.decodeMark(TableRow(table: "finite_marks", statement: row))
            let week = "week \(Format.grouped(mark.weekIndex + 1))"
            do {
                let clean = try TextRule.optional(mark.phrase, field: "phrase", limit: FiniteRules.phraseLimit)
                if clean != mark.phrase { problems.append("\(week): phrase is not trimmed") }
            } catch let error as LifeError {
                problems.append("\(week): \(error.message)")
            }
            if mark.updatedAt < mark.markedAt { problems.append("\(week): updated before it was first marked") }
            guard let status else { return }
            let lastWeek = FiniteRules.gridEnd(status)
            if mark.weekIndex >= lastWeek {
                problems.append("\(week) is past the grid, which ends at week \(Format.grouped(lastWeek))")
            } else if mark.weekIndex > status.currentWeek.index {
                problems.append(
                    "\(week) is in the future; the current week is \(Format.grouped(status.currentWeekNumber))")
            }
        }
        return scan.problems + (try phaseProblems(status: status))
    }
}
