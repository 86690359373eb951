import Foundation
import Testing

@testable import Walks

/// The file's own time (`<metadata><time>`, GPX 1.0's `<gpx><time>`), which
/// dates an untimed walk in the list (migration 0008).
@Suite struct GPXFileTimeTests {
    static func read(_ head: String, version: String = "1.1") throws -> GPXFile {
        let text = """
            <gpx version="\(version)" creator="t">\(head)<trk><trkseg>
            <trkpt lat="0" lon="0"><time>2026-01-01T00:00:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        return try GPXReader.read(bytes: Array(text.utf8), fileName: "t.gpx")
    }

    @Test func metadataTimeIsRead() throws {
        // 2026-06-01T09:00:00Z = 1 780 304 400 s since 1970.
        let file = try Self.read("<metadata><name>x</name><time>2026-06-01T09:00:00Z</time></metadata>")
        #expect(file.fileTimeMilliseconds == 1_780_304_400_000)
        #expect(file.tracks.first?.track.pointCount == 1)
    }

    @Test func gpx10TimeUnderTheRootIsRead() throws {
        let file = try Self.read("<time>2026-06-01T11:00:00+02:00</time>", version: "1.0")
        #expect(file.fileTimeMilliseconds == 1_780_304_400_000)
    }

    @Test func aTimeElsewhereInMetadataIsNotTheFilesTime() throws {
        // <author><time> is not <metadata><time>; a point's time is never the file's.
        #expect(
            try Self.read("<metadata><author><time>2026-06-01T09:00:00Z</time></author></metadata>")
                .fileTimeMilliseconds == nil)
        #expect(try Self.read("").fileTimeMilliseconds == nil)
    }

    @Test func anUnreadableMetadataTimeIsLeftOutNotRefused() throws {
        let file = try Self.read("<metadata><time>last tuesday</time></metadata>")
        #expect(file.fileTimeMilliseconds == nil)
        #expect(file.tracks.count == 1)
    }
}
