import Foundation
import LifeCore

/// A goal's optional place (LT-2).
public struct GoalLocation: Sendable, Codable, Equatable {
    public let latitude: Double
    public let longitude: Double
    public let placeName: String?

    public init(latitude: Double, longitude: Double, placeName: String?) {
        self.latitude = latitude
        self.longitude = longitude
        self.placeName = placeName
    }
}
