/// What of a message the owner may see (SPEC HA-3).
///
/// The store builds this from the row, and it builds `.readable` only for a
/// message whose `discovered_at` is set: its SQL does not even select the
/// text of an undiscovered message (see `HereafterSession.messageColumns`), so
/// no read path of the library, a list, a thread, a search, a chat, a JSON
/// document, can hand out what it never had.
public enum MessageContent: Sendable, Equatable {
    /// Not yet discovered: only place, planted date and unlock date are known.
    case locked
    /// Discovered: the words, and whether there is a photo to fetch
    /// (`HereafterStore.photo(of:)`).
    case readable(text: String, photo: PhotoInfo?)

    public var isLocked: Bool {
        if case .locked = self { return true }
        return false
    }

    /// The text when readable, else nil.
    public var text: String? {
        if case .readable(let text, _) = self { return text }
        return nil
    }

    public var photo: PhotoInfo? {
        if case .readable(_, let photo) = self { return photo }
        return nil
    }
}

/// A photo's facts without its bytes: listing never reads them.
public struct PhotoInfo: Sendable, Equatable, Codable {
    public let mediaType: PhotoKind
    public let byteCount: Int

    public init(mediaType: PhotoKind, byteCount: Int) {
        self.mediaType = mediaType
        self.byteCount = byteCount
    }
}
