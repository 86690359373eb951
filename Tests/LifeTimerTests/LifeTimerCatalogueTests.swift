import Foundation
import LifeCore
import LifeTimer
import Testing

/// LT-9 (issue 32): the catalogue has every phrase in every language with
/// the same placeholders, and the voice writes numbers, dates and times as
/// each language does. Expected values are written out by hand.
@Suite struct LifeTimerCatalogueTests {
    static func placeholders(_ text: String) -> Set<String> {
        var names: Set<String> = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    static func forms(_ entry: LifeTimerCatalogue.Entry) -> [String] {
        switch entry {
        case .text(let text): [text]
        case .plural(let one, let other): [one, other]
        }
    }

    @Test func everyPhraseHasEveryLanguageWithTheSamePlaceholders() {
        var problems: [String] = []
        for phrase in LifeTimerPhrase.allCases {
            let entries = LifeTimerCatalogue.entries(phrase)
            guard let english = entries[.en] else {
                problems.append("\(phrase.rawValue): no en")
                continue
            }
            for language in LifeTimerLanguage.allCases {
                guard let entry = entries[language] else {
                    problems.append("\(phrase.rawValue): no \(language.rawValue)")
                    continue
                }
                let (theirs, ours) = (Self.forms(entry), Self.forms(english))
                if theirs.count != ours.count {
                    problems.append("\(phrase.rawValue) \(language.rawValue): a plural in one language only")
                    continue
                }
                for (form, (text, reference)) in zip(theirs, ours).enumerated() {
                    if text.isEmpty { problems.append("\(phrase.rawValue) \(language.rawValue): empty") }
                    if Self.placeholders(text) != Self.placeholders(reference) {
                        problems.append(
                            "\(phrase.rawValue) \(language.rawValue) form \(form): \(Self.placeholders(text).sorted()) against en's \(Self.placeholders(reference).sorted())"
                        )
                    }
                    // A brace left open or a stray one would print as such.
                    if text.filter({ $0 == "{" }).count != text.filter({ $0 == "}" }).count {
                        problems.append("\(phrase.rawValue) \(language.rawValue): unbalanced braces")
                    }
                }
            }
        }
        #expect(problems == [])
        // The catalogue is the enum's: nothing in it is out of reach.
        #expect(LifeTimerPhrase.allCases.count > 250)
    }

    @Test func sentencesAreTranslatedNotCopied() {
        // A phrase whose Portuguese is its English is allowed only where the
        // words are the same in both (symbols, names, formats).
        let same = LifeTimerPhrase.allCases.filter {
            let entries = LifeTimerCatalogue.entries($0)
            return entries[.en] == entries[.ptBR]
        }
        let allowed: Set<LifeTimerPhrase> = [
            .listSeparator, .clockTwelve, .dayAtTime, .rowBio, .rowAvatar, .rowAdmin, .columnBio, .columnNumber,
            .columnID, .columnAdmin, .languageValue, .recentValue, .endsValue, .paceLine, .profileAvatar,
        ]
        #expect(Set(same).subtracting(allowed) == [])
    }

    // MARK: The voice

    static let portuguese = LifeTimerVoice(language: .ptBR)
    static let twelve = LifeTimerVoice(language: .en, clock: .twelveHour)

    @Test func numbersAndPercentages() {
        #expect(LifeTimerVoice.english.number(1_356) == "1,356")
        #expect(Self.portuguese.number(1_356) == "1.356")
        #expect(Self.portuguese.number(-2_647_000) == "-2.647.000")
        #expect(LifeTimerVoice.english.percent(0.07319) == "7.3 %")
        #expect(Self.portuguese.percent(0.07319) == "7,3%")
        #expect(Self.portuguese.fixed(1_356.25, decimals: 2) == "1356,25")
    }

    @Test(arguments: [
        ("2026-11-22", "22 November 2026", "22 de novembro de 2026", "2026-11-22", "22/11/2026"),
        ("2027-04-01", "1 April 2027", "1º de abril de 2027", "2027-04-01", "01/04/2027"),
        ("2028-02-29", "29 February 2028", "29 de fevereiro de 2028", "2028-02-29", "29/02/2028"),
        ("2030-03-09", "9 March 2030", "9 de março de 2030", "2030-03-09", "09/03/2030"),
    ])
    func dates(iso: String, english: String, portuguese: String, shortEnglish: String, shortPortuguese: String) throws {
        let date = try #require(CivilDate(iso: iso))
        #expect(LifeTimerVoice.english.date(date) == english)
        #expect(Self.portuguese.date(date) == portuguese)
        #expect(LifeTimerVoice.english.shortDate(date) == shortEnglish)
        #expect(Self.portuguese.shortDate(date) == shortPortuguese)
    }

    @Test(arguments: [
        // hour, minute → 24 h, 12 h English, 12 h Portuguese
        (0, 30, "00:30", "12:30 am", "12:30 da madrugada"),
        (1, 5, "01:05", "1:05 am", "1:05 da madrugada"),
        (9, 0, "09:00", "9:00 am", "9:00 da manhã"),
        (12, 0, "12:00", "12:00 pm", "12:00 da tarde"),
        (17, 45, "17:45", "5:45 pm", "5:45 da tarde"),
        (18, 59, "18:59", "6:59 pm", "6:59 da tarde"),
        (19, 0, "19:00", "7:00 pm", "7:00 da noite"),
        (23, 59, "23:59", "11:59 pm", "11:59 da noite"),
    ])
    func times(hour: Int, minute: Int, day: String, english: String, portuguese: String) {
        #expect(LifeTimerVoice.english.time(hour: hour, minute: minute) == day)
        #expect(Self.portuguese.time(hour: hour, minute: minute) == day)
        #expect(Self.twelve.time(hour: hour, minute: minute) == english)
        #expect(LifeTimerVoice(language: .ptBR, clock: .twelveHour).time(hour: hour, minute: minute) == portuguese)
    }

    @Test func portugueseSaysÀForOneAndZeroOClock() {
        #expect(Self.portuguese.atTime(hour: 1, minute: 0) == "à 01:00")
        #expect(Self.portuguese.atTime(hour: 0, minute: 30) == "à 00:30")
        #expect(Self.portuguese.atTime(hour: 2, minute: 0) == "às 02:00")
        #expect(Self.portuguese.atTime(hour: 13, minute: 0) == "às 13:00")
        let twelve = LifeTimerVoice(language: .ptBR, clock: .twelveHour)
        #expect(twelve.atTime(hour: 13, minute: 0) == "à 1:00 da tarde")
        #expect(twelve.atTime(hour: 0, minute: 0) == "às 12:00 da madrugada")
        // Noon on the 12-hour clock: no English PM inside the Portuguese phrase.
        #expect(twelve.atTime(hour: 12, minute: 0) == "às 12:00 da tarde")
        #expect(LifeTimerVoice.english.atTime(hour: 1, minute: 0) == "at 01:00")
    }

    @Test func instantsAreReadInTheZoneOnTheClock() throws {
        let zone = try #require(TimeZone(identifier: "America/Sao_Paulo"))
        let instant = try LifeTimerFixture.instant("2026-11-22T17:00:00Z")  // 14:00 in São Paulo
        #expect(LifeTimerVoice.english.instant(instant) == "22 November 2026 at 17:00")
        #expect(LifeTimerVoice(language: .ptBR, zone: zone).instant(instant) == "22 de novembro de 2026 às 14:00")
        #expect(
            LifeTimerVoice(language: .en, clock: .twelveHour, zone: zone).instant(instant)
                == "22 November 2026 at 2:00 pm")
        // 02:30 UTC on the 23rd is still the 22nd, 23:30, in São Paulo.
        let late = try LifeTimerFixture.instant("2026-11-23T02:30:00Z")
        #expect(LifeTimerVoice(language: .ptBR, zone: zone).instant(late) == "22 de novembro de 2026 às 23:30")
    }

    @Test func recentInstantsSayTodayAndYesterdayOnTheReadersDays() throws {
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        let voice = LifeTimerVoice(language: .ptBR, zone: zone)
        let now = try LifeTimerFixture.instant("2026-11-23T03:00:00Z")  // 22:00 on the 22nd in New York
        #expect(voice.recent(try LifeTimerFixture.instant("2026-11-22T06:00:00Z"), now: now) == "hoje à 01:00")
        #expect(voice.recent(try LifeTimerFixture.instant("2026-11-22T04:30:00Z"), now: now) == "ontem às 23:30")
        #expect(
            voice.recent(try LifeTimerFixture.instant("2026-11-21T04:30:00Z"), now: now)
                == "20 de novembro de 2026 às 23:30")
        let english = LifeTimerVoice(language: .en, zone: zone)
        #expect(english.recent(try LifeTimerFixture.instant("2026-11-22T20:15:00Z"), now: now) == "today at 15:15")
        // FR 1.5: active within 5 minutes reads "now"; 5 minutes ago no longer.
        #expect(english.lastActive(now.addingTimeInterval(-299), now: now) == "now")
        #expect(voice.lastActive(now.addingTimeInterval(-299), now: now) == "agora")
        #expect(english.lastActive(now.addingTimeInterval(-300), now: now) == "today at 21:55")
    }

    @Test func pluralsTakeTheFormForOneOnlyForOne() {
        #expect(Self.portuguese.say(.days, count: 0) == "0 dias")
        #expect(Self.portuguese.say(.days, count: 1) == "1 dia")
        #expect(Self.portuguese.say(.days, count: 1_356) == "1.356 dias")
        #expect(LifeTimerVoice.english.say(.followers, count: 1) == "1 follower")
        #expect(Self.portuguese.say(.followers, count: 2) == "2 seguidores")
        #expect(
            Self.portuguese.say(.notifyReminder, count: 1)
                == "Falta 1 dia dos seus 1.356. O que você vai fazer com o dia de hoje?")
    }

    @Test func argumentsAreNeverReadAgain() {
        // A title holding a placeholder's name stays as typed.
        #expect(
            Self.portuguese.say(.notifyMilestoneToday, ["title": "Ler {count} livros"])
                == "Marco com prazo para hoje: Ler {count} livros")
    }

    @Test func languagesByTag() throws {
        #expect(LifeTimerLanguage(tag: "pt-BR") == .ptBR)
        #expect(LifeTimerLanguage(tag: "pt_br") == .ptBR)
        #expect(LifeTimerLanguage(tag: " EN ") == .en)
        #expect(LifeTimerLanguage(tag: "pt") == nil)
        #expect(LifeTimerLanguage(tag: "de") == nil)
        #expect(LifeTimerLanguage(stored: "de") == .en)
        let refused = #expect(throws: LifeError.self) { try LifeTimerLanguage.setting("de", voice: Self.portuguese) }
        #expect(refused?.exitCode == 64)
        #expect(refused?.message == "o idioma é 'de'; o LifeTimer fala en (inglês) e pt-BR (português do Brasil)")
        let english = #expect(throws: LifeError.self) { try LifeTimerLanguage.setting("klingon") }
        #expect(
            english?.message == "language is 'klingon'; LifeTimer speaks en (English) and pt-BR (Brazilian Portuguese)")
    }

    @Test func fieldRulesSpeakTheVoice() {
        let long = String(repeating: "á", count: 101)
        let tooLong = #expect(throws: LifeError.self) { try LifeTimerRules.goalTitle(long, voice: Self.portuguese) }
        #expect(tooLong?.message == "o título tem 101 caracteres; o limite é 100")
        #expect(tooLong?.field == "title")
        let english = #expect(throws: LifeError.self) { try LifeTimerRules.goalTitle(long) }
        #expect(english?.message == "title is 101 characters; the limit is 100")
        let control = #expect(throws: LifeError.self) {
            try LifeTimerRules.bio("olá\u{7}", voice: Self.portuguese)
        }
        #expect(
            control?.message
                == "a bio tem o caractere de controle U+0007 na posição 4; só quebra de linha e tab são permitidos")
        let blank = #expect(throws: LifeError.self) { try LifeTimerRules.reason("   ", voice: Self.portuguese) }
        #expect(blank?.message == "o motivo não pode ficar em branco (tirados os espaços, não sobra nada)")
        let zone = #expect(throws: LifeError.self) { try LifeTimerRules.zone("Mars/Olympus", voice: Self.portuguese) }
        #expect(
            zone?.message
                == "o fuso horário é 'Mars/Olympus'; use o nome de um fuso horário IANA, como America/Sao_Paulo ou UTC")
    }
}
