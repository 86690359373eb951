import Foundation
import LifeKitTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SPEC REL-1, REL-3: inputs that are not regular files, and the
/// acknowledgement `walks record --ack` gives a feeder.
@Suite(.tags(.endToEnd)) struct SpecialInputTests {
    /// A FIFO or a device is refused at once, without opening it (opening a
    /// FIFO would wait for a writer; issue 9 §4: inputs are regular files),
    /// with exit 66 and the reason; nothing is saved.
    @Test func walksImportRefusesAFIFOWithoutWaiting() throws {
        let cli = try Lifectl()
        let fifo = cli.path("feed.gpx")
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try cli.run("walks", "import", fifo)
        #expect(result.status == 66, "\(result.stderr)")
        #expect(result.stderr.contains("is a FIFO; it must be a regular file"))
        #expect(try cli.sqlite("SELECT count(*) FROM walks") == "0")
    }

    @Test func walksImportOfDevNullIsRefused() throws {
        let cli = try Lifectl()
        let result = try cli.run("walks", "import", "/dev/null")
        #expect(result.status == 66)
        #expect(result.stderr.contains("is a character device; it must be a regular file"))
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
