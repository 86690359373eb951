import DailyMenu
import Finite
import LifeCore
import LifeTimer

// The value types of the library that the command line takes as typed
// options (CORE-13): help lists their values and the shells complete them.
// Each keeps its own rule's refusal where it has one (`ViewMode.parse`).

extension ViewMode: ArgumentType {}

extension Units: ArgumentType {}

// DailyMenu's words: each type's own parse reads them (any case, the long
// form too, `skip` where a mood may be skipped); help lists the short words.
extension BeforeMood: ArgumentType {
    static var argumentValues: [String] { allCases.map { $0.rawValue.lowercased() } }
}

extension AfterMood: ArgumentType {
    static var argumentValues: [String] { allCases.map { $0.rawValue.lowercased() } }
}

extension Feedback: ArgumentType {
    static var argumentValues: [String] { allCases.map(\.shortWord) }
}

extension Energy: ArgumentType {}

/// The one visibility (`--visibility public|private`): LifeTimer's accounts and milestones.
extension AccountVisibility: ArgumentType {}

extension LifeTimerSettings.Theme: ArgumentType {}

extension LifeTimerSettings.ClockStyle: ArgumentType {}

extension LifeTimerNotificationPreferences.Frequency: ArgumentType {}

extension IdentityProvider: ArgumentType {}

/// Listed for help and completion; the tag itself is checked by LifeTimer
/// (`LifeTimerLanguage.setting`, any case), in the account's words.
extension LifeTimerLanguage: ArgumentType {}

extension PhaseColour: ArgumentType {}

/// `--at LAT,LON`: one place type for every product (no list to offer).
extension Coordinate: ArgumentType {}

/// Checked by Finite's store, in its words; listed here for help and completion.
extension WeekCategory: ArgumentType {}
