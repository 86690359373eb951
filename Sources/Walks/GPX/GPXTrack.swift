/// One `<trk>` of a GPX file: a walk to be (SPEC WALK-1).
public struct GPXTrack: Sendable {
    /// The `<name>` of the `<trk>`, trimmed; nil when absent or empty.
    public var name: String?
    /// Its `<trkseg>`s, empty segments kept.
    public var track: Track
    /// The line of the `<trk>` start tag, 1-based.
    public var line: Int

    public init(name: String?, track: Track, line: Int) {
        self.name = name
        self.track = track
        self.line = line
    }
}
