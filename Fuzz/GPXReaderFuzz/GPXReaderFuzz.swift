// SPEC REL-4: a libFuzzer target for the GPX reader. Built by scripts/fuzz-gpx
// with `swiftc -sanitize=fuzzer,address -parse-as-library` together with the
// sources of LifeCore and Walks compiled as one module (so `import LifeCore`
// is dropped from them and the internal `GPXScanner` is visible here).
//
// Each input is read whole and in small pieces: both must agree (a chunk edge
// must change nothing); an accepted UTF-8 input must read the same once
// transcoded to UTF-16 (the transcoding keeps text and line numbers). What is accepted then goes through everything the
// import does (metrics, codec round trip, simplification), and the input is
// also handed to the track decoder as if it were a stored blob.

@_cdecl("LLVMFuzzerTestOneInput")
public func gpxReaderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let whole = Result { try GPXReader.read(bytes: bytes, fileName: "fuzz") }
    // Small pieces re-scan an incomplete unit each time (quadratic), so large
    // inputs are cut into larger ones: every edge is still somewhere new.
    let pieces = Result { try GPXReader.read(bytes: bytes, fileName: "fuzz", pieceBytes: size < 2_048 ? 7 : 1_021) }
    switch (whole, pieces) {
    case (.success(let a), .success(let b)):
        guard a.tracks.map(\.track) == b.tracks.map(\.track), a.tracks.map(\.name) == b.tracks.map(\.name),
            a.warnings == b.warnings, a.droppedElevations == b.droppedElevations, a.droppedTimes == b.droppedTimes
        else {
            fatalError("whole and chunked reads disagree")
        }
        for gpxTrack in a.tracks {
            let track = gpxTrack.track
            let metrics = WalkMetrics(track: track)
            guard metrics.pointCount == track.pointCount, metrics.distanceMeters >= 0 else {
                fatalError("metrics disagree with the track")
            }
            let encoded = TrackCodec.encode(track)
            guard let decoded = try? TrackCodec.decode(encoded), decoded == TrackCodec.quantized(track) else {
                fatalError("codec round trip failed")
            }
            for segment in track.segments {
                let kept = DouglasPeucker.keptIndices(segment, toleranceMeters: 2)
                guard segment.isEmpty || (kept.first == 0 && kept.last == segment.count - 1) else {
                    fatalError("simplification lost an endpoint")
                }
            }
        }
        // The same text as UTF-16 with a byte order mark reads the same, when
        // the bytes are UTF-8 text that names no encoding of its own.
        let text = String(decoding: bytes, as: UTF8.self)
        if Array(text.utf8) == bytes, !text.unicodeScalars.starts(with: ["\u{FEFF}"]), !text.contains("encoding"),
            !text.unicodeScalars.contains(where: { $0.value == 0 })
        {
            var utf16: [UInt8] = [0xFF, 0xFE]
            for unit in text.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
            let wide = Result {
                try GPXReader.read(bytes: utf16, fileName: "fuzz", pieceBytes: size < 2_048 ? 7 : 1_021)
            }
            guard case .success(let c) = wide, c.tracks.map(\.track) == a.tracks.map(\.track),
                c.tracks.map(\.name) == a.tracks.map(\.name), c.tracks.map(\.line) == a.tracks.map(\.line)
            else {
                fatalError("the UTF-16 copy of an accepted file reads differently")
            }
        }
    case (.failure(let a), .failure(let b)):
        guard let a = a as? LifeError, let b = b as? LifeError, a.kind == .malformedInput, a == b else {
            fatalError("whole and chunked reads fail differently: \(a) / \(b)")
        }
    default:
        fatalError("whole and chunked reads disagree on success")
    }
    _ = try? TrackCodec.decode(bytes)
    return 0
}
