/// A WGS-84 position in degrees, checked on the way in: latitude −90…90,
/// longitude −180…180, finite.
public struct Coordinate: Hashable, Sendable, Codable, CustomStringConvertible {
    public let latitude: Double
    public let longitude: Double

    public init(latitude: Double, longitude: Double, field: String = "coordinate") throws {
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw LifeError.invalid(field: field, "\(field) latitude is \(latitude); it must be between -90 and 90")
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw LifeError.invalid(field: field, "\(field) longitude is \(longitude); it must be between -180 and 180")
        }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Parses `LAT,LON` in decimal degrees (`DecimalInput`: no hexadecimal, no
    /// exponent); spaces around either number are allowed.
    public static func parse(_ text: String, field: String) throws -> Coordinate {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let lat = DecimalInput.double(parts[0]), let lon = DecimalInput.double(parts[1]) else {
            throw LifeError.invalid(
                field: field, "\(field) is '\(text)'; expected LAT,LON in decimal degrees such as 48.8584,2.2945")
        }
        return try Coordinate(latitude: lat, longitude: lon, field: field)
    }

    public var description: String { "\(latitude),\(longitude)" }
}
