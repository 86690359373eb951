/// What `delete` removed (SPEC HA-3 holds: each message as the library
/// showed it just before, so a locked one without a word of it): the note
/// and, when asked for, the replies below it, deepest first.
public struct NoteDeletion: Sendable, Equatable {
    public let message: HereafterMessage
    public let replies: [HereafterMessage]

    public init(message: HereafterMessage, replies: [HereafterMessage]) {
        self.message = message
        self.replies = replies
    }
}
