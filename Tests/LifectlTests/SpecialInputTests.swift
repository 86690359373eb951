import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SPEC REL-1, REL-3: inputs that are not regular files, and the
/// acknowledgement `walks record --ack` gives a feeder.
@Suite struct SpecialInputTests {
    /// A FIFO can be read once: `walks import` used to open it twice (once to
    /// hash, once to parse) and wait forever for a writer that was gone.
    @Test func walksImportReadsAFIFOOnce() throws {
        let cli = try Lifectl()
        let fifo = cli.path("feed.gpx")
        #expect(mkfifo(fifo, 0o600) == 0)
        let gpx = """
            <gpx version="1.1"><trk><name>Piped</name><trkseg>\
            <trkpt lat="1" lon="2"><time>2026-01-01T08:00:00Z</time></trkpt>\
            <trkpt lat="1.001" lon="2"><time>2026-01-01T08:01:00Z</time></trkpt>\
            </trkseg></trk></gpx>
            """
        Thread.detachNewThread {
            // Opening for writing waits until lifectl opens the FIFO for reading.
            if let handle = FileHandle(forWritingAtPath: fifo) {
                handle.write(Data(gpx.utf8))
                try? handle.close()
            }
        }
        let result = try cli.run("walks", "import", fifo)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try cli.sqlite("SELECT name || ' ' || point_count FROM walks") == "Piped 2")
    }

    @Test func walksImportOfDevNullIsMalformed() throws {
        let cli = try Lifectl()
        let result = try cli.run("walks", "import", "/dev/null")
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("error: /dev/null:1:"))
        #expect(try cli.sqlite("SELECT count(*) FROM walks") == "0")
    }

    /// One `ack LINE SEQ` per stored point, on stderr, in order; a refused line
    /// and a point dropped for accuracy get none.
    @Test func walksRecordAcknowledgesEachStoredPoint() throws {
        let cli = try Lifectl()
        let input = """
            lat,lon,time
            52.5,13.4,2026-11-22T08:00:00Z
            52.5001,13.4,2026-11-22T08:00:05Z,,80
            not,a,point
            52.5002,13.4,2026-11-22T08:00:10Z

            """
        let result = try cli.run(["walks", "record", "--ack"], stdin: input)
        #expect(result.status == 65)
        let acks = result.stderr.split(separator: "\n").filter { $0.hasPrefix("ack ") }
        #expect(acks == ["ack 2 1", "ack 5 2"])
        #expect(try cli.sqlite("SELECT point_count FROM walks") == "2")
    }
}
