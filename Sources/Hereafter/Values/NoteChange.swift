/// A change to a note still locked (`lifectl hereafter edit`): nil fields
/// stay as they are; `placeName` set to `.some(nil)` removes the note's own
/// place name (it is then shown by its coordinate).
public struct NoteChange: Sendable, Equatable {
    public var text: String?
    public var placeName: String??

    public init(text: String? = nil, placeName: String?? = nil) {
        self.text = text
        self.placeName = placeName
    }

    public var isEmpty: Bool { text == nil && placeName == nil }
}
