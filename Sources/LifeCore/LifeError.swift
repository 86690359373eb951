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
    ///
    /// An open set, as postgres-nio's error codes are: LifeCore declares the
    /// remedies every product shares, and each product module declares its
    /// own (`extension LifeError.Remedy { static let … }`), so this module
    /// lists no product. A front end words the ones it knows and falls back
    /// to nothing for the others.
    public struct Remedy: RawRepresentable, Hashable, Sendable, Codable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A stored row cannot be read: the file was changed by hand or damaged.
        public static let databaseCheck = Remedy(rawValue: "database.check")
        /// The stored time zone is not one this system knows: set it again.
        public static let ownerTimeZone = Remedy(rawValue: "owner.timeZone")
        /// The file's schema disagrees with its record of migrations.
        public static let schemaCheck = Remedy(rawValue: "database.schemaCheck")
        /// The file was made by a newer version than this one: update.
        public static let newerVersion = Remedy(rawValue: "newerVersion")
        /// A search needs a word to look for.
        public static let searchWord = Remedy(rawValue: "search.word")
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
        LifeError(kind: .missingInput, field: field, message: "\(TerminalText.echoed(path)): no such file")
    }

    public static func io(_ message: String) -> LifeError {
        LifeError(kind: .io, message: message)
    }

    public static func bug(_ message: String) -> LifeError {
        LifeError(kind: .internalError, message: message)
    }
}
