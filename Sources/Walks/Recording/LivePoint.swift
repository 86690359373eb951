import Foundation
import LifeCore

/// One fix from a live GPS feed (WALK-2): `lat,lon,time[,ele,accuracy]`.
public struct LivePoint: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    public var timeMilliseconds: Int64
    public var elevationMeters: Double?
    /// Horizontal accuracy in metres (the radius of 68 % confidence, as Core Location gives it).
    public var accuracyMeters: Double?

    public init(
        latitude: Double, longitude: Double, timeMilliseconds: Int64, elevationMeters: Double? = nil,
        accuracyMeters: Double? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.timeMilliseconds = timeMilliseconds
        self.elevationMeters = elevationMeters
        self.accuracyMeters = accuracyMeters
    }

    public var trackPoint: TrackPoint {
        TrackPoint(
            latitude: latitude, longitude: longitude, elevationMeters: elevationMeters,
            timeMilliseconds: timeMilliseconds)
    }

    /// Parses one CSV line. `time` is an ISO 8601 instant (`2026-11-22T08:00:01Z`,
    /// `…+01:00`, fractions allowed) or Unix seconds (`1795334401.5`); `ele` and
    /// `accuracy` may be empty. Numbers are decimal (`DecimalInput`: no
    /// hexadecimal, no exponent). Errors name the line and the field.
    public static func parse(csv line: Substring, lineNumber: Int) throws -> LivePoint {
        let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        func fail(_ field: String, _ message: String) -> LifeError {
            LifeError.invalid(field: field, "line \(lineNumber): \(message)")
        }
        guard (3...5).contains(fields.count) else {
            throw fail(
                "line",
                "expected lat,lon,time[,ele,accuracy] but found \(fields.count) field\(fields.count == 1 ? "" : "s")")
        }
        func number(_ index: Int, _ name: String) throws -> Double? {
            guard index < fields.count, !fields[index].isEmpty else { return nil }
            guard let value = DecimalInput.double(fields[index]), value.isFinite else {
                throw fail(name, "\(name) is '\(fields[index])'; expected a finite decimal number")
            }
            return value
        }
        guard let latitude = try number(0, "latitude"), let longitude = try number(1, "longitude") else {
            throw fail("latitude", "latitude and longitude are required")
        }
        guard (-90...90).contains(latitude) else {
            throw fail("latitude", "latitude is \(fields[0]); it must be between -90 and 90")
        }
        guard (-180...180).contains(longitude) else {
            throw fail("longitude", "longitude is \(fields[1]); it must be between -180 and 180")
        }
        let time = fields[2]
        let milliseconds: Int64
        if let instant = Timestamp.parseISO8601(time) {
            milliseconds = Int64((instant.timeIntervalSince1970 * 1000).rounded())
        } else if let seconds = DecimalInput.double(time), abs(seconds) < 1e11 {
            milliseconds = Int64((seconds * 1000).rounded())
        } else {
            throw fail(
                "time", "time is '\(time)'; expected an ISO 8601 instant such as 2026-11-22T08:00:01Z or Unix seconds")
        }
        let elevation = try number(3, "elevation")
        let accuracy = try number(4, "accuracy")
        if let accuracy, accuracy < 0 {
            throw fail("accuracy", "accuracy is \(fields[4]); it must be 0 or more metres")
        }
        let point = LivePoint(
            latitude: latitude, longitude: longitude, timeMilliseconds: milliseconds, elevationMeters: elevation,
            accuracyMeters: accuracy)
        do {
            try WalksRules.checkLivePoint(point)
        } catch let error as LifeError {
            throw fail(error.field ?? "line", error.message)
        }
        return point
    }
}
