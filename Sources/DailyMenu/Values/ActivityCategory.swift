/// A category of the catalogue.
public struct ActivityCategory: Sendable, Codable, Equatable, Hashable {
    public let id: String
    public let name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
