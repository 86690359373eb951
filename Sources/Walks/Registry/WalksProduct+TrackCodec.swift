import Foundation
import LifeCore
import LifeDB
import LifeKernel

extension WalksProduct {
    /// A walk's track as point arrays, one per segment: `[latitude,
    /// longitude, elevation, timeMilliseconds]`, null for a missing value.
    /// An import also takes the track encoding's bytes (`{"base64": …}`).
    static let trackCodec = ColumnCodec(
        export: { value in
            guard case .blob(let data) = value else { return try ExportValue(value) }
            let track = try TrackCodec.decode(Array(data))
            return .track(
                track.segments.map { segment in
                    segment.map { point in
                        [
                            point.latitude, point.longitude, point.elevationMeters,
                            point.timeMilliseconds.map(Double.init),
                        ]
                    }
                })
        },
        import: { value, column in
            // The encoding's own bytes are taken as they are: the walk's
            // import rules decode them and check them against its summary,
            // naming the row (`WalksSession.checkImportedWalk`).
            if case .base64(let bytes) = value { return .blob(bytes) }
            guard case .track(let segments) = value else {
                throw LifeError.malformed(
                    "\(column) must be a track: a list of segments, each a list of [latitude, longitude, elevation, time] points",
                    field: column)
            }
            var track: [[TrackPoint]] = []
            for segment in segments {
                var points: [TrackPoint] = []
                for point in segment {
                    guard point.count == 4, let latitude = point[0], let longitude = point[1] else {
                        throw LifeError.malformed(
                            "\(column): a point is [latitude, longitude, elevation, time]", field: column)
                    }
                    // TrackCodec stores integers (1e-7 degree, cm, ms): a value
                    // outside what a stored point may hold is refused (and
                    // must not trap), as the store refuses it.
                    let range = WalksRules.timeRangeMilliseconds
                    guard (-90...90).contains(latitude), (-180...180).contains(longitude),
                        point[2].map({ abs($0) <= WalksRules.storedElevationLimitMeters }) ?? true,
                        point[3].map({
                            (Double(range.lowerBound)...Double(range.upperBound)).contains($0) && $0 == $0.rounded()
                        }) ?? true
                    else {
                        throw LifeError.malformed(
                            "\(column): a point has latitude \(latitude), longitude \(longitude), elevation \(point[2].map { "\($0)" } ?? "none"), time \(point[3].map { "\($0)" } ?? "none"); latitude must be from -90 to 90, longitude from -180 to 180, elevation within ±1,000,000 m and time a whole number of milliseconds within the years 1–9999",
                            field: column)
                    }
                    points.append(
                        TrackPoint(
                            latitude: latitude, longitude: longitude, elevationMeters: point[2],
                            timeMilliseconds: point[3].map { Int64($0) }))
                }
                track.append(points)
            }
            return .blob(Data(TrackCodec.encode(Track(segments: track))))
        })
}
