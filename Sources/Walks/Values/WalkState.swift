/// A walk's lifecycle (WALK-2): being recorded, or saved.
public enum WalkState: String, Sendable, Codable, CaseIterable {
    case recording, finished
}
