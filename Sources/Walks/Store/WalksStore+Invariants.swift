import Foundation
import LifeCore
import LifeDB

extension WalksStore {
    /// Walks' own invariants beyond SQLite's constraints, for `lifectl db
    /// check`: every stored encoding decodes, and the summary's point and
    /// segment counts describe the points stored (WALK-4); finished walks have
    /// no live points left; at most one walk is being recorded.
    public func invariantViolations() throws -> [String] {
        var problems: [String] = []
        try db.forEachRow(
            "SELECT id, point_count, segment_count, points, simplified FROM walks WHERE state = 'finished' ORDER BY id"
        ) { row in
            let id: String = try row.column(at: 0)
            let pointCount: Int = try row.column(at: 1)
            let segmentCount: Int = try row.column(at: 2)
            if let points = try row.column(Data?.self, at: 3) {
                do {
                    let track = try TrackCodec.decode([UInt8](points))
                    if track.pointCount != pointCount || track.segments.count != segmentCount {
                        problems.append(
                            "walk \(id): the summary says \(pointCount) points in \(segmentCount) segments but the stored points are \(track.pointCount) in \(track.segments.count)"
                        )
                    }
                } catch {
                    problems.append("walk \(id): its points do not decode: \(error)")
                }
            }
            if let simplified = try row.column(Data?.self, at: 4) {
                do {
                    _ = try TrackCodec.decode([UInt8](simplified))
                } catch {
                    problems.append("walk \(id): its simplified path does not decode: \(error)")
                }
            }
        }
        let stray =
            try db.fetchOne(
                Int.self,
                """
                SELECT count(*) FROM walks_live_points p JOIN walks w ON w.id = p.walk_id WHERE w.state = 'finished'
                """) ?? 0
        if stray > 0 { problems.append("\(stray) live points belong to walks already finished") }
        let recording = try db.fetchOne(Int.self, "SELECT count(*) FROM walks WHERE state = 'recording'") ?? 0
        if recording > 1 { problems.append("\(recording) walks are being recorded at once; at most one may be") }
        return problems
    }
}
