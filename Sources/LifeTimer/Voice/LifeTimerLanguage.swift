import Foundation
import LifeCore

/// LT-9, FR 8.3: the languages LifeTimer speaks. The setting stores the
/// tag (`en`, `pt-BR`); every sentence a person reads comes from
/// `LifeTimerCatalogue` in that language (docs/lifetimer.md, "Language").
public enum LifeTimerLanguage: String, Sendable, CaseIterable, Codable {
    /// English, the default and the fallback.
    case en = "en"
    /// Brazilian Portuguese.
    case ptBR = "pt-BR"

    /// The language a tag names, matched without regard to case and with
    /// `_` taken for `-` (`pt-br`, `pt_BR`), or nil for one LifeTimer does
    /// not speak.
    public init?(tag: String) {
        let wanted = tag.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "-").lowercased()
        guard let language = Self.allCases.first(where: { $0.rawValue.lowercased() == wanted }) else { return nil }
        self = language
    }

    /// The language of a stored setting: a tag this version does not speak
    /// (kept from an older version, or brought by an import from a newer
    /// one) is spoken as English, and kept as it is.
    public init(stored tag: String) {
        self = Self(tag: tag) ?? .en
    }

    /// The language a person asks for (`settings --language`): one LifeTimer
    /// speaks, or an error naming the field, the value and the languages.
    public static func setting(_ tag: String, voice: LifeTimerVoice = .english) throws -> LifeTimerLanguage {
        guard let language = Self(tag: tag) else {
            throw voice.invalid(
                "language", .errorLanguageUnknown,
                ["value": TerminalText.echoed(tag), "languages": voice.languageList()])
        }
        return language
    }
}
