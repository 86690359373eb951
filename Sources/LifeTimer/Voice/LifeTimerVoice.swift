import Foundation
import LifeCore

/// How LifeTimer speaks to one person (LT-9; the seed's FR 1.5, 8.2, 8.3):
/// in their language, with instants in their time zone on their 12- or
/// 24-hour clock. Every sentence comes from `LifeTimerCatalogue`; numbers,
/// dates and times are written here by hand, so the output never depends on
/// the platform's locale data (CORE-8: the same bytes on every machine).
///
/// The store speaks with the voice it is given (`LifeTimerStore.speaking`)
/// in the errors it raises; a front end speaks with the same voice in what
/// it prints. JSON never goes through a voice: its keys, its machine values
/// and its instants (ISO 8601, UTC) are the same in every language.
public struct LifeTimerVoice: Sendable, Equatable {
    public let language: LifeTimerLanguage
    public let clock: LifeTimerSettings.ClockStyle
    /// The reader's zone: where "today" is and on which clock instants are read.
    public let zone: TimeZone

    public init(
        language: LifeTimerLanguage = .en, clock: LifeTimerSettings.ClockStyle = .twentyFourHour,
        zone: TimeZone = LifeTimerVoice.utc
    ) {
        self.language = language
        self.clock = clock
        self.zone = zone
    }

    public static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current

    /// English, the 24-hour clock, UTC: what the engine's own pages, imports
    /// and checks speak, and what an app that names nothing gets.
    public static let english = LifeTimerVoice()

    /// The same voice reading instants in another zone (a countdown's own).
    public func reading(in zone: TimeZone) -> LifeTimerVoice {
        LifeTimerVoice(language: language, clock: clock, zone: zone)
    }

    // MARK: Sentences

    /// The phrase in this voice's language, its `{placeholders}` filled.
    public func say(_ phrase: LifeTimerPhrase, _ arguments: [String: String] = [:]) -> String {
        Self.fill(LifeTimerCatalogue.text(phrase, in: language, count: nil), arguments)
    }

    /// The phrase's form for `count` (one or other), with `{count}` the
    /// number as this language writes it.
    public func say(_ phrase: LifeTimerPhrase, count: Int, _ arguments: [String: String] = [:]) -> String {
        var all = arguments
        all["count"] = all["count"] ?? number(count)
        return Self.fill(LifeTimerCatalogue.text(phrase, in: language, count: count), all)
    }

    /// Replaces each `{name}` of `template` with its argument in one pass:
    /// what an argument holds (a username with braces) is never read again.
    static func fill(_ template: String, _ arguments: [String: String]) -> String {
        guard template.contains("{") else { return template }
        var out = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = String(rest[rest.index(after: open)..<close])
            if let value = arguments[name] {
                out += value
            } else {
                out += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// The languages LifeTimer speaks, as `settings --language` takes them.
    public func languageList() -> String {
        listWithAnd(LifeTimerLanguage.allCases.map { "\($0.rawValue) (\(say(LifeTimerCatalogue.name(of: $0))))" })
    }

    /// `a, b and c`; `a, b e c`.
    public func listWithAnd(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return list(Array(items.dropLast())) + say(.listLastSeparator) + last
    }

    /// A list joined as this language writes it: `a, b, c`.
    public func list(_ items: [String]) -> String { items.joined(separator: say(.listSeparator)) }

    // MARK: Numbers

    /// `1,356` in English, `1.356` in Portuguese.
    public func number(_ value: Int) -> String {
        let grouped = Format.grouped(value)
        return language == .en ? grouped : grouped.replacingOccurrences(of: ",", with: ".")
    }

    /// `7.3` in English, `7,3` in Portuguese: exactly `decimals` decimals.
    public func fixed(_ value: Double, decimals: Int) -> String {
        let text = Format.fixed(value, decimals: decimals)
        return language == .en ? text : text.replacingOccurrences(of: ".", with: ",")
    }

    /// A fraction 0 … 1 as a percentage with one decimal: `7.3 %`, `7,3%`.
    public func percent(_ fraction: Double) -> String {
        say(.percent, ["value": fixed(fraction * 100, decimals: 1)])
    }

    // MARK: Dates and times

    /// `22 November 2026`; `22 de novembro de 2026`, `1º de abril de 2027`.
    public func date(_ date: CivilDate) -> String {
        let day = date.day == 1 ? say(.firstOfMonth) : String(date.day)
        return say(.dateLong, ["day": day, "month": say(Self.months[date.month - 1]), "year": String(date.year)])
    }

    /// A date where room is short (a chart's axis): `2026-11-22`, `22/11/2026`.
    public func shortDate(_ date: CivilDate) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return say(
            .dateShort,
            [
                "day": two(date.day), "month": two(date.month),
                "year": String(repeating: "0", count: max(0, 4 - String(date.year).count)) + String(date.year),
            ])
    }

    /// A time of day on this voice's clock: `17:05`, `5:05 pm` (`5:05 PM`).
    public func time(hour: Int, minute: Int) -> String {
        let minutes = minute < 10 ? "0\(minute)" : "\(minute)"
        switch clock {
        case .twentyFourHour:
            return (hour < 10 ? "0\(hour)" : "\(hour)") + ":" + minutes
        case .twelveHour:
            let twelve = hour % 12 == 0 ? 12 : hour % 12
            return say(
                .clockTwelve,
                ["hour": String(twelve), "minute": minutes, "period": say(Self.period(hour))])
        }
    }

    /// The part of the day an hour falls in (CLDR's periods for Portuguese:
    /// night 0–6, morning 6–12, afternoon 12–19, evening 19–24).
    static func period(_ hour: Int) -> LifeTimerPhrase {
        switch hour {
        case ..<6: .clockNight
        case ..<12: .clockMorning
        case ..<19: .clockAfternoon
        default: .clockEvening
        }
    }

    public func time(_ time: LocalTime) -> String { self.time(hour: time.hour, minute: time.minute) }

    /// `at 17:00`, `às 17:00`; Portuguese says `à 1:00` and `à 0:30` (one
    /// hour, zero hour: the singular).
    public func atTime(hour: Int, minute: Int) -> String {
        let spoken = clock == .twentyFourHour ? hour : (hour % 12 == 0 ? 12 : hour % 12)
        return say(.atTime, count: spoken <= 1 ? 1 : 2, ["time": time(hour: hour, minute: minute)])
    }

    /// The local date and time of an instant in this voice's zone.
    func local(_ instant: Date) -> (date: CivilDate, hour: Int, minute: Int) {
        let (date, time) = CivilDate.wallClock(of: instant, in: zone)
        return (date, time.hour, time.minute)
    }

    /// An instant as a person reads it, in this voice's zone and clock:
    /// `22 November 2026 at 17:00`, `22 de novembro de 2026 às 17:00`.
    public func instant(_ instant: Date) -> String {
        let (date, hour, minute) = local(instant)
        return say(.dayAtTime, ["day": self.date(date), "at": atTime(hour: hour, minute: minute)])
    }

    /// An instant of the past as a person reads it in a list: `today at
    /// 17:00` or `yesterday at 08:15` when it falls on those local days,
    /// else as `instant(_:)`.
    public func recent(_ instant: Date, now: Date) -> String {
        let (date, hour, minute) = local(instant)
        let today = CivilDate.of(now, in: zone)
        let day: String
        switch today.days(until: date) {
        case 0: day = say(.today)
        case -1: day = say(.yesterday)
        default: day = self.date(date)
        }
        return say(.dayAtTime, ["day": day, "at": atTime(hour: hour, minute: minute)])
    }

    /// FR 1.5: an account's last activity: `now` when it was active within
    /// `LifeTimerRules.onlineMinutes`, else as `recent(_:now:)`.
    public func lastActive(_ instant: Date, now: Date) -> String {
        let ago = now.timeIntervalSince(instant)
        if ago >= 0 && ago < Double(LifeTimerRules.onlineMinutes * 60) { return say(.activeNow) }
        return recent(instant, now: now)
    }

    static let months: [LifeTimerPhrase] = [
        .month1, .month2, .month3, .month4, .month5, .month6, .month7, .month8, .month9, .month10, .month11, .month12,
    ]

    // MARK: Errors

    /// A rule broken (exit 64), worded in this voice: `{field}` in the
    /// phrase is the field as this language names it.
    public func invalid(_ field: String, _ phrase: LifeTimerPhrase, _ arguments: [String: String] = [:])
        -> LifeError
    {
        var all = arguments
        all["field"] = all["field"] ?? fieldName(field)
        return LifeError.invalid(field: field, say(phrase, all))
    }

    /// The same with a remedy for a front end to word (LifeError.Remedy).
    func invalid(
        _ field: String, _ phrase: LifeTimerPhrase, _ arguments: [String: String] = [:], remedy: LifeError.Remedy
    ) -> LifeError {
        let error = invalid(field, phrase, arguments)
        return LifeError(kind: error.kind, field: error.field, message: error.message, remedy: remedy)
    }

    /// A refusal of LifeCore's (a zone, a date, a time of day, a number, an
    /// id) in this voice's words: the same kind and field. English keeps
    /// LifeCore's own words, which the catalogue's English repeats.
    public func reworded(_ error: LifeError, _ phrase: LifeTimerPhrase, _ arguments: [String: String] = [:])
        -> LifeError
    {
        guard language != .en else { return error }
        var all = arguments
        all["field"] = all["field"] ?? fieldName(error.field ?? "")
        return LifeError(
            kind: error.kind, field: error.field, message: say(phrase, all), remedy: error.remedy,
            subject: error.subject)
    }

    /// A field as this language names it in a sentence: an option
    /// (`--due`) as typed, a field by its name (`title`; `o título`).
    public func fieldName(_ field: String) -> String {
        guard language != .en, !field.hasPrefix("-"), let phrase = Self.fields[field] else { return field }
        return say(phrase)
    }

    static let fields: [String: LifeTimerPhrase] = [
        "username": .fieldUsername, "email": .fieldEmail, "bio": .fieldBio, "avatar": .fieldAvatar,
        "cover": .fieldCover, "title": .fieldTitle, "description": .fieldDescription, "place": .fieldPlace,
        "reason": .fieldReason, "identity subject": .fieldIdentitySubject, "time zone": .fieldTimeZone,
        "language": .fieldLanguage, "limit": .fieldLimit, "days": .fieldDays, "every": .fieldEvery,
        "advance": .fieldAdvance, "due": .fieldDue, "latitude": .fieldLatitude, "longitude": .fieldLongitude,
        "milestone": .fieldMilestone, "goal": .fieldGoal, "report": .fieldReport, "provider": .fieldProvider,
        "kind": .fieldKind, "action": .fieldAction, "subject": .fieldIdentitySubject, "text": .fieldSearchText,
    ]
}
