/// What `edit` did to a note (SPEC HA-2): the note as the library shows it
/// afterwards (still locked: no word of it) and what changed. An edit
/// replaces: nothing of the old words or place is kept anywhere.
public struct NoteEdit: Sendable, Equatable {
    public enum Field: String, Sendable, Codable, CaseIterable {
        case text
        case place
    }

    public let message: HereafterMessage
    /// Empty when the change gave what the note already held.
    public let changed: [Field]

    public init(message: HereafterMessage, changed: [Field]) {
        self.message = message
        self.changed = changed
    }
}
