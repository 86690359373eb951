import Foundation
import LifeCore

/// One bubble of the chat (SPEC HA-7): the host's sentence on the left, or
/// one of the owner's messages on the right. An owner's bubble carries the
/// message as the library shows it, so a locked one has no words to show.
public struct ChatLine: Sendable, Equatable {
    public enum Kind: String, Sendable, Codable {
        case greeting, askLocation, askNotifications, planted, unlocked, anniversary, message, reply
    }

    public enum Speaker: String, Sendable, Codable {
        case host, owner
    }

    public let kind: Kind
    public let at: Date
    /// The host's sentence; nil for the owner's bubbles.
    public let sentence: String?
    /// The owner's message; nil for the host's bubbles.
    public let message: HereafterMessage?
    /// For a reply: the time since the message it answers ("2 years later").
    public let later: TimeLater?

    public var speaker: Speaker { message == nil ? .host : .owner }

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        kind: Kind, at: Date, sentence: String?, message: HereafterMessage?, later: TimeLater?
    ) {
        self.kind = kind
        self.at = at
        self.sentence = sentence
        self.message = message
        self.later = later
    }
}
