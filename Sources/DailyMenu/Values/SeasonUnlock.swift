/// What a season opens (DM-5, FR44, FR45).
public enum SeasonUnlock: Sendable, Equatable, Encodable {
    case pack(String)
    case theme(ColourTheme)

    enum CodingKeys: String, CodingKey { case pack, theme }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .pack(let id): try container.encode(id, forKey: .pack)
        case .theme(let theme): try container.encode(theme, forKey: .theme)
        }
    }
}
