import Foundation
import Walks

/// Hand-made paths for the doodle tests, in the shapes of real walks.
enum Shapes {
    /// A loop round a park: 49 points, every 7.5° of an ellipse about 600 m
    /// east–west and 400 m north–south near Hyde Park, the last where it began.
    static let loop: Track = {
        let points = (0...48).map { index -> TrackPoint in
            let angle = Double(index) / 48 * 2 * Double.pi
            return TrackPoint(latitude: 51.508 + 0.0018 * sin(angle), longitude: -0.165 + 0.0043 * cos(angle))
        }
        return Track(points: points)
    }()

    /// Straight out 1 km north-east and back along the same line.
    static let outAndBack: Track = {
        let out = (0...10).map {
            TrackPoint(latitude: 48.85 + 0.0006 * Double($0), longitude: 2.35 + 0.0009 * Double($0))
        }
        return Track(points: out + out.reversed().dropFirst())
    }()

    /// Three segments: an L, a gap, a zigzag, and a lone fix (drawn as a dot).
    static let multiSegment = Track(segments: [
        [
            TrackPoint(latitude: 40.0, longitude: -105.0),
            TrackPoint(latitude: 40.004, longitude: -105.0),
            TrackPoint(latitude: 40.004, longitude: -104.995),
        ],
        [
            TrackPoint(latitude: 40.001, longitude: -104.992),
            TrackPoint(latitude: 40.002, longitude: -104.990),
            TrackPoint(latitude: 40.001, longitude: -104.988),
            TrackPoint(latitude: 40.002, longitude: -104.986),
        ],
        [TrackPoint(latitude: 39.9995, longitude: -104.987)],
    ])
}
