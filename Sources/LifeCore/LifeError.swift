/// Every rule violation and every failure a person can act on (SPEC CORE-7).
///
/// The message names the field, the value and the rule
/// (`phrase is 151 characters; the limit is 140`). The kind decides the
/// process exit status, following sysexits(3).
public struct LifeError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable, Codable {
        /// A value or a state that breaks a rule, or bad usage: exit 64.
        case invalidValue
        /// An input file whose content is malformed (XML, not SQLite, a newer schema): exit 65.
        case malformedInput
        /// An input file that does not exist: exit 66.
        case missingInput
        /// Reading or writing failed: exit 74.
        case io
        /// A bug: a state the engine should never reach: exit 70.
        case internalError
    }

    /// What would set the failing state right, for a front end to word as
    /// its own action (the CLI: a command to run; an app: a screen to open).
    /// Library messages describe the state and never name a command.
    public enum Remedy: String, Sendable, Codable {
        /// Finite has no birthday yet.
        case finiteSetup
        /// A stored row cannot be read: the file was changed by hand or damaged.
        case databaseCheck
        /// A walk was named that does not exist: the list of walks shows the ids.
        case walksList
        /// A walk's recording was interrupted: resume it or finish it.
        case walksResumeOrFinish
        /// No walk is being recorded: start one.
        case walksRecord
        /// Hereafter has no profile yet: onboard with a first name.
        case hereafterOnboard
        /// The stored time zone is not one this system knows: set it again.
        case ownerTimeZone
        /// The file's schema disagrees with its record of migrations.
        case schemaCheck
        /// LifeTimer's countdown has no goal yet: add one.
        case lifeTimerGoalAdd
        /// LifeTimer has no account yet: create one.
        case lifeTimerAccountCreate
        /// A LifeTimer account is not on the server yet: publish it (`subject` is its username).
        case lifeTimerPublish
        /// A DailyMenu activity was named that does not exist: the list shows them.
        case dailyMenuActivities
        /// A DailyMenu ritual is still open: complete it (`subject` is the activity's id).
        case dailyMenuComplete
        /// The file was made by a newer version than this one: update.
        case newerVersion
        /// A search needs a word to look for.
        case searchWord
    }

    public let kind: Kind
    /// The field or argument at fault, when there is one.
    public let field: String?
    public let message: String
    public let remedy: Remedy?
    /// What the remedy acts on, when it names one (an id).
    public let subject: String?

    public init(kind: Kind, field: String? = nil, message: String, remedy: Remedy? = nil, subject: String? = nil) {
        self.kind = kind
        self.field = field
        self.message = message
        self.remedy = remedy
        self.subject = subject
    }

    public var description: String { message }

    /// The sysexits(3) status for this kind.
    public var exitCode: Int32 {
        switch kind {
        case .invalidValue: 64
        case .malformedInput: 65
        case .missingInput: 66
        case .io: 74
        case .internalError: 70
        }
    }

    public static func invalid(field: String, _ message: String) -> LifeError {
        LifeError(kind: .invalidValue, field: field, message: message)
    }

    public static func malformed(_ message: String, field: String? = nil) -> LifeError {
        LifeError(kind: .malformedInput, field: field, message: message)
    }

    public static func missing(path: String, field: String? = nil) -> LifeError {
        LifeError(kind: .missingInput, field: field, message: "\(path): no such file")
    }

    public static func io(_ message: String) -> LifeError {
        LifeError(kind: .io, message: message)
    }

    public static func bug(_ message: String) -> LifeError {
        LifeError(kind: .internalError, message: message)
    }
}
