/// Everything SPEC WALK-3 measures on a walk, computed once from its points.
///
/// - Distance: WGS-84 geodesic steps summed within each segment; the gap
///   between two segments is not walked.
/// - Elapsed: first to last timed point of the whole track, across segment
///   gaps (a walk paused by the logger still took that long).
/// - Steps run between consecutive distinct timestamps within a segment;
///   fixes sharing a timestamp merge into one step, whose distance is the
///   path walked from the first fix of its start time to the first fix of its
///   end time (untimed fixes in between included).
/// - A pause is a maximal run of consecutive steps each slower than 0.5 m/s
///   whose durations add up to 120 s or more; a run ends at a fast step and at
///   a segment boundary. Moving time is the sum of the steps that are not in
///   a pause; paused time is elapsed minus moving, so the gaps between
///   segments count as paused.
/// - Ascent/descent: a dead band of `WalksRules.elevationThresholdMeters`
///   within each segment (see docs/design.md).
public struct WalkMetrics: Hashable, Sendable, Codable {
    public var distanceMeters: Double
    public var elapsedSeconds: Double?
    public var movingSeconds: Double?
    public var pausedSeconds: Double?
    public var ascentMeters: Double?
    public var descentMeters: Double?
    public var startTimeMilliseconds: Int64?
    public var endTimeMilliseconds: Int64?
    public var pointCount: Int
    public var segmentCount: Int
    public var timedPointCount: Int
    public var bounds: WalkBounds?

    public init(track: Track) {
        var distance = 0.0
        var movingMilliseconds: Int64 = 0
        var timedPoints = 0
        var firstTime: Int64?
        var lastTime: Int64?
        var ascent: Int64 = 0
        var descent: Int64 = 0
        let threshold = Self.centimeters(WalksRules.elevationThresholdMeters)
        var hasElevation = false
        var minLatitude = Double.infinity
        var maxLatitude = -Double.infinity
        var minLongitude = Double.infinity
        var maxLongitude = -Double.infinity

        for segment in track.segments {
            var pauses = PauseTracker()
            var previous: TrackPoint?
            // The open step: where it started (time) and the path walked since.
            var stepStart: Int64?
            var stepMeters = 0.0
            var elevationLevel: Int64?

            for point in segment {
                minLatitude = min(minLatitude, point.latitude)
                maxLatitude = max(maxLatitude, point.latitude)
                minLongitude = min(minLongitude, point.longitude)
                maxLongitude = max(maxLongitude, point.longitude)

                if let previous {
                    let meters = StepDistance.meters(previous, point)
                    distance += meters
                    stepMeters += meters
                }
                previous = point

                if let time = point.timeMilliseconds {
                    timedPoints += 1
                    if firstTime == nil { firstTime = time }
                    lastTime = time
                    if let start = stepStart {
                        // A step ends at the first fix of a new timestamp. Time
                        // going backwards (refused by the GPX reader, possible
                        // from other sources) starts a new step instead; wrapping
                        // arithmetic keeps absurd timestamps from trapping.
                        let duration = time &- start
                        if duration > 0 {
                            pauses.add(durationMilliseconds: duration, meters: stepMeters)
                            stepStart = time
                            stepMeters = 0
                        } else if duration < 0 {
                            stepStart = time
                            stepMeters = 0
                        }
                    } else {
                        stepStart = time
                        stepMeters = 0
                    }
                }

                if let elevation = point.elevationMeters {
                    hasElevation = true
                    // In whole centimetres (the codec's precision), so that the
                    // dead band is the same 2 m at every height: in metres as
                    // doubles, 64.6 − 62.6 is 1.99999… and did not count.
                    let centimeters = Self.centimeters(elevation)
                    if let level = elevationLevel {
                        let change = centimeters - level
                        if change >= threshold {
                            ascent += change
                            elevationLevel = centimeters
                        } else if -change >= threshold {
                            descent -= change
                            elevationLevel = centimeters
                        }
                    } else {
                        elevationLevel = centimeters
                    }
                }
            }
            movingMilliseconds &+= pauses.finish()
        }

        self.distanceMeters = distance
        self.pointCount = track.pointCount
        self.segmentCount = track.segments.count
        self.timedPointCount = timedPoints
        self.startTimeMilliseconds = firstTime
        self.endTimeMilliseconds = lastTime
        if timedPoints >= 2, let firstTime, let lastTime {
            let elapsed = max(0, lastTime &- firstTime)
            let moving = min(movingMilliseconds, elapsed)
            self.elapsedSeconds = Double(elapsed) / 1000
            self.movingSeconds = Double(moving) / 1000
            self.pausedSeconds = Double(elapsed - moving) / 1000
        } else {
            self.elapsedSeconds = nil
            self.movingSeconds = nil
            self.pausedSeconds = nil
        }
        self.ascentMeters = hasElevation ? Double(ascent) / 100 : nil
        self.descentMeters = hasElevation ? Double(descent) / 100 : nil
        self.bounds =
            pointCount > 0
            ? WalkBounds(
                minLatitude: minLatitude, minLongitude: minLongitude, maxLatitude: maxLatitude,
                maxLongitude: maxLongitude)
            : nil
    }

    /// Metres as whole centimetres, rounded half away from zero; elevations
    /// are bounded by the reader, and the clamp keeps any other source from
    /// trapping.
    static func centimeters(_ meters: Double) -> Int64 {
        guard meters.isFinite else { return 0 }
        return Int64(TrackCodec.roundedHalfAwayFromZero(min(max(meters, -1e12), 1e12) * 100))
    }

    /// Seconds per kilometre from moving time (SPEC WALK-3); nil without
    /// moving time or distance.
    public var paceSecondsPerKilometer: Double? {
        Self.pace(movingSeconds: movingSeconds, distanceMeters: distanceMeters, per: 1000)
    }

    /// Seconds per international mile from moving time.
    public var paceSecondsPerMile: Double? {
        Self.pace(movingSeconds: movingSeconds, distanceMeters: distanceMeters, per: WalksRules.metersPerMile)
    }

    /// WALK-3's pace: moving seconds per `per` metres; nil without moving
    /// time or distance. The one place pace is worked out (a stored
    /// `WalkSummary` asks it too).
    public static func pace(movingSeconds: Double?, distanceMeters: Double, per meters: Double) -> Double? {
        guard let movingSeconds, movingSeconds > 0, distanceMeters > 0 else { return nil }
        return movingSeconds / (distanceMeters / meters)
    }
}
