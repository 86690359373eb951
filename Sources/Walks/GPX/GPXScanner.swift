import LifeCore

/// A streaming, non-validating XML 1.0 scanner specialised for GPX: it reads
/// the bytes once, keeps only the stack of open elements and the points
/// found, and never builds a tree (SPEC PERF-2). It refuses every `<!DOCTYPE`
/// and other markup declaration, and every entity reference but the five
/// predefined ones and character references, so no entity is ever expanded
/// (SPEC WALK-1).
///
/// Bytes arrive in chunks. `consume` handles every complete unit (text run,
/// tag, comment, CDATA section, processing instruction) and answers how many
/// bytes it used; the caller keeps the rest, adds the next chunk and calls
/// again. Lines are counted as units are consumed, so every error names one.
struct GPXScanner {
    /// What an open element means to Walks; decided from its parent's role
    /// and its local name (the part after any namespace prefix).
    enum Role: UInt8 {
        case gpx, track, trackName, segment, point, elevation, time, route, metadata, fileTime, other
    }

    let fileName: String
    private(set) var line = 1

    // The open elements: qualified names packed in one buffer.
    private var nameBytes: [UInt8] = []
    private var nameStarts: [Int] = []
    private var roles: [Role] = []
    private var openLines: [Int] = []

    private var sawRoot = false
    private var rootClosed = false
    private var atStart = true
    private var version = ""

    // What is being built.
    private var tracks: [GPXTrack] = []
    private var routes = 0
    private var routePoints = 0
    private var waypoints = 0
    private var fileTime: Int64?
    private var warnings: [GPXWarning] = []
    private var droppedElevations = 0
    private var droppedTimes = 0
    private var trackName: String?
    private var trackLine = 0
    private var trackSegments: [[TrackPoint]] = []
    private var segmentPoints: [TrackPoint] = []
    /// The track's last time read, and whether every time so far came at or
    /// after the one before it (when not, the track's times are put in order
    /// at its end, `TimeOrder`).
    private var lastTrackTime: Int64?
    private var trackTimesInOrder = true
    /// The line of each of the track's times, in order (WALK-9: a time
    /// dropped for its order is named by its line).
    private var trackTimeLines: [Int32] = []
    private var point = TrackPoint(latitude: 0, longitude: 0)
    private var capture: [UInt8] = []
    private var captureLine = 0
    private var dayCache = GPXTime.DayCache()

    init(fileName: String) {
        self.fileName = fileName
        capture.reserveCapacity(64)
    }

    // MARK: - Units

    /// Consumes every complete unit at the start of `bytes`; at the end of the
    /// input (`isFinal`) everything must be consumed or an error thrown.
    /// `endsAtNUL`: the input ends because a NUL byte follows (`GPXFeed`),
    /// and a unit it cuts is reported as that NUL rather than as truncation.
    mutating func consume(_ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool, endsAtNUL: Bool = false) throws -> Int {
        var position = 0
        let count = bytes.count
        if atStart {
            if count < 3 && !isFinal { return 0 }
            if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { position = 3 }
        }
        while position < count {
            let unitStart = position
            let unitLine = line
            let next: Int?
            if bytes[position] == XMLBytes.lessThan {
                // PERF-2: the common point, read in one go (`fastPoint`).
                if roles.last == .segment, let end = fastPoint(bytes, at: position) {
                    atStart = false
                    position = end
                    continue
                }
                next = try markup(bytes, at: position, isFinal: isFinal)
            } else {
                next = try text(bytes, at: position, isFinal: isFinal)
            }
            guard let next else {
                line = unitLine
                if !isFinal && bytes[unitStart] != XMLBytes.lessThan, let end = try partialText(bytes, at: unitStart) {
                    atStart = false
                    position = end
                    continue
                }
                if isFinal && endsAtNUL { throw fail(Self.nulMessage, at: line + newlines(bytes, unitStart, count)) }
                if isFinal { throw fail("the file ends inside a tag, comment or section that is not closed") }
                return unitStart
            }
            atStart = false
            position = next
        }
        return position
    }

    /// The end of the input: everything opened must be closed.
    mutating func finish() throws -> GPXFile {
        if let open = roles.indices.last {
            throw fail("the file ends inside <\(name(at: open))> opened at line \(openLines[open]) (truncated?)")
        }
        guard sawRoot else { throw fail("no <gpx> root element") }
        return GPXFile(
            version: version, tracks: tracks, ignoredRoutes: routes, ignoredRoutePoints: routePoints,
            ignoredWaypoints: waypoints, fileTimeMilliseconds: fileTime, warnings: warnings,
            droppedElevations: droppedElevations, droppedTimes: droppedTimes)
    }

    // MARK: - The common point (PERF-2)

    /// A `<trkpt>` as loggers write it, read in one pass: `lat` and `lon`
    /// (either order, either quote), then any of `<ele>`, `<time>` and
    /// children holding plain text (`<speed>`, `<name>`, …), then `</trkpt>`
    /// and the white space after it; every value readable and in range.
    /// Answers where it ends, having appended the point as the general path
    /// would (the same point, the same lines); nil for anything else —
    /// an attribute more, a reference, a nested element, a value to drop or
    /// refuse, the chunk's end — and then nothing has changed: the general
    /// path reads it, with its errors and warnings.
    ///
    /// It reads through a pointer with wrapping arithmetic, and parses the
    /// plain numbers as it meets their digits: the general path's units,
    /// element stack and captured text cost five times as much per point.
    private mutating func fastPoint(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let end = base + bytes.count
        var p = base + start
        // "<trkpt" and a space.
        guard end - p > 7, p[1] == UInt8(ascii: "t"), p[2] == UInt8(ascii: "r"), p[3] == UInt8(ascii: "k"),
            p[4] == UInt8(ascii: "p"), p[5] == UInt8(ascii: "t"), p[6] == 0x20
        else { return nil }
        p += 7
        var latitude = Double.nan
        var longitude = Double.nan
        // Two attributes, lat and lon, in either order, white space before each.
        for attribute in 0..<2 {
            if attribute == 1 {
                guard p < end, p.pointee == 0x20 else { return nil }
            }
            while p < end && p.pointee == 0x20 { p += 1 }
            guard end - p > 5, p[0] == UInt8(ascii: "l"), p[3] == XMLBytes.equals else { return nil }
            let isLatitude: Bool
            if p[1] == UInt8(ascii: "a") && p[2] == UInt8(ascii: "t") {
                isLatitude = true
            } else if p[1] == UInt8(ascii: "o") && p[2] == UInt8(ascii: "n") {
                isLatitude = false
            } else {
                return nil
            }
            let quote = p[4]
            guard quote == XMLBytes.quote || quote == XMLBytes.apostrophe else { return nil }
            p += 5
            guard let value = Self.plainNumber(&p, end: end, until: quote), p < end else { return nil }
            p += 1
            if isLatitude {
                guard latitude.isNaN, value >= -90 && value <= 90 else { return nil }
                latitude = value
            } else {
                guard longitude.isNaN, value >= -180 && value <= 180 else { return nil }
                longitude = value
            }
        }
        while p < end && p.pointee == 0x20 { p += 1 }
        guard p < end, p.pointee == XMLBytes.greaterThan else { return nil }
        p += 1

        var newlines = 0
        var elevation: Double?
        var time: Int64?
        var timeLine = 0
        while true {
            while p < end, XMLBytes.isWhitespace(p.pointee) {
                if p.pointee == XMLBytes.newline { newlines &+= 1 }
                p += 1
            }
            guard end - p > 8, p[0] == XMLBytes.lessThan else { return nil }
            if p[1] == XMLBytes.slash {
                // "</trkpt>".
                guard p[2] == UInt8(ascii: "t"), p[3] == UInt8(ascii: "r"), p[4] == UInt8(ascii: "k"),
                    p[5] == UInt8(ascii: "p"), p[6] == UInt8(ascii: "t"), p[7] == XMLBytes.greaterThan
                else { return nil }
                p += 8
                break
            }
            if p[1] == UInt8(ascii: "e") && p[2] == UInt8(ascii: "l") && p[3] == UInt8(ascii: "e")
                && p[4] == XMLBytes.greaterThan
            {
                // "<ele>" a plain number "</ele>".
                p += 5
                guard elevation == nil, let meters = Self.plainNumber(&p, end: end, until: XMLBytes.lessThan),
                    WalksRules.isMeasuredElevation(meters), end - p > 5, p[1] == XMLBytes.slash,
                    p[2] == UInt8(ascii: "e"), p[3] == UInt8(ascii: "l"), p[4] == UInt8(ascii: "e"),
                    p[5] == XMLBytes.greaterThan
                else { return nil }
                elevation = meters
                p += 6
                continue
            }
            if p[1] == UInt8(ascii: "t") && p[2] == UInt8(ascii: "i") && p[3] == UInt8(ascii: "m")
                && p[4] == UInt8(ascii: "e") && p[5] == XMLBytes.greaterThan
            {
                // "<time>" then 20 or 24 bytes and "</time>".
                let text = p + 6
                var length = 20
                if end - text > 20 && text[20] != XMLBytes.lessThan { length = 24 }
                guard time == nil, end - text > length + 6, text[length] == XMLBytes.lessThan,
                    text[length + 1] == XMLBytes.slash, text[length + 2] == UInt8(ascii: "t"),
                    text[length + 3] == UInt8(ascii: "i"), text[length + 4] == UInt8(ascii: "m"),
                    text[length + 5] == UInt8(ascii: "e"), text[length + 6] == XMLBytes.greaterThan,
                    let milliseconds = GPXTime.common(
                        UnsafeBufferPointer(start: text, count: length), cache: &dayCache),
                    WalksRules.timeRangeMilliseconds.contains(milliseconds)
                else { return nil }
                time = milliseconds
                timeLine = line &+ newlines
                p = text + length + 7
                continue
            }
            // Any other child holding plain text: <name>text</name>, the
            // name ASCII letters.
            let name = p + 1
            var nameEnd = name
            while nameEnd < end, case let byte = nameEnd.pointee | 0x20, byte >= UInt8(ascii: "a"),
                byte <= UInt8(ascii: "z")
            {
                nameEnd += 1
            }
            guard nameEnd > name, nameEnd < end, nameEnd.pointee == XMLBytes.greaterThan else { return nil }
            var textEnd = nameEnd + 1
            var textNewlines = 0
            while textEnd < end && textEnd.pointee != XMLBytes.lessThan {
                if textEnd.pointee == XMLBytes.ampersand { return nil }
                if textEnd.pointee == XMLBytes.newline { textNewlines &+= 1 }
                textEnd += 1
            }
            let nameLength = nameEnd - name
            // "</" name ">".
            guard end - textEnd > nameLength + 2, textEnd[1] == XMLBytes.slash,
                textEnd[2 + nameLength] == XMLBytes.greaterThan
            else { return nil }
            for offset in 0..<nameLength where textEnd[2 + offset] != name[offset] { return nil }
            // <ele> and <time> of another shape go to the general path.
            if (nameLength == 3 && name[0] == UInt8(ascii: "e") && name[1] == UInt8(ascii: "l")
                && name[2] == UInt8(ascii: "e"))
                || (nameLength == 4 && name[0] == UInt8(ascii: "t") && name[1] == UInt8(ascii: "i")
                    && name[2] == UInt8(ascii: "m") && name[3] == UInt8(ascii: "e"))
            {
                return nil
            }
            newlines &+= textNewlines
            p = textEnd + nameLength + 3
        }
        // The white space up to the next element, as `text` would count it.
        while p < end, XMLBytes.isWhitespace(p.pointee) {
            if p.pointee == XMLBytes.newline { newlines &+= 1 }
            p += 1
        }
        if let time {
            if let last = lastTrackTime, time < last { trackTimesInOrder = false }
            lastTrackTime = time
            trackTimeLines.append(Int32(truncatingIfNeeded: timeLine))
        }
        segmentPoints.append(
            TrackPoint(latitude: latitude, longitude: longitude, elevationMeters: elevation, timeMilliseconds: time))
        line &+= newlines
        return p - base
    }

    /// A plain decimal number (`-48.1370000`, `520.3`: a minus sign, digits,
    /// a point, digits; 15 digits at most) read from `p` up to `terminator`,
    /// which `p` is left on; nil for any other shape, or when the bytes end
    /// first. The value `DecimalNumber.parse` gives: an exact integer divided
    /// by an exact power of ten, rounded once.
    @inline(__always)
    private static func plainNumber(
        _ p: inout UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, until terminator: UInt8
    ) -> Double? {
        var cursor = p
        let negative = cursor < end && cursor.pointee == UInt8(ascii: "-")
        if negative { cursor += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = -1
        while cursor < end {
            let byte = cursor.pointee
            let digit = byte &- 48
            if digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                digits &+= 1
                if fractionDigits >= 0 { fractionDigits &+= 1 }
            } else if byte == UInt8(ascii: ".") && fractionDigits < 0 {
                fractionDigits = 0
            } else if byte == terminator {
                break
            } else {
                return nil
            }
            cursor += 1
        }
        guard cursor < end, digits > 0, digits <= 15 else { return nil }
        p = cursor
        if mantissa == 0 { return negative ? -0.0 : 0 }
        let value = Double(mantissa) / DecimalNumber.powersOfTen[max(0, fractionDigits)]
        return negative ? -value : value
    }

    /// A run of character data up to the next `<`; nil when it may continue
    /// past the bytes at hand.
    private mutating func text(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, isFinal: Bool) throws -> Int? {
        var index = start
        let count = bytes.count
        var lineEnds = 0
        var hasReference = false
        while index < count {
            let byte = bytes[index]
            if byte == XMLBytes.lessThan { break }
            if byte == XMLBytes.newline { lineEnds += 1 }
            if byte == XMLBytes.ampersand { hasReference = true }
            index += 1
        }
        if index == count && !isFinal { return nil }
        let run = UnsafeBufferPointer(rebasing: bytes[start..<index])
        if roles.isEmpty {
            if let offset = run.firstIndex(where: { !XMLBytes.isWhitespace($0) }) {
                throw fail("text outside the <gpx> element", at: line + newlines(run, 0, offset))
            }
        } else if isCapturing {
            if hasReference {
                try appendDecoded(run, to: &capture)
            } else {
                capture.append(contentsOf: run)
            }
        } else if hasReference {
            var ignored: [UInt8] = []
            try appendDecoded(run, to: &ignored)
        }
        line += lineEnds
        return index
    }

    /// A run of character data cut by the chunk's end, handled now (so that a
    /// long run never has to fit in the buffer) unless a reference may be cut
    /// in two; kept apart from `text` so the common path stays as it was
    /// measured (its loop slowed by a third when this was folded into it).
    @inline(never)
    private mutating func partialText(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) throws -> Int? {
        let run = UnsafeBufferPointer(rebasing: bytes[start...])
        if run.contains(XMLBytes.ampersand) { return nil }
        if roles.isEmpty {
            if let offset = run.firstIndex(where: { !XMLBytes.isWhitespace($0) }) {
                throw fail("text outside the <gpx> element", at: line + newlines(run, 0, offset))
            }
        } else if isCapturing {
            capture.append(contentsOf: run)
        }
        line += newlines(run, 0, run.count)
        return bytes.count
    }

    /// A tag, comment, CDATA section, processing instruction or declaration
    /// starting at `<`; nil when it is not complete in the bytes at hand.
    private mutating func markup(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, isFinal: Bool) throws -> Int? {
        let count = bytes.count
        guard start + 1 < count else { return nil }
        switch bytes[start + 1] {
        case XMLBytes.slash:
            return try endTag(bytes, at: start)
        case XMLBytes.question:
            guard let end = find(bytes, from: start + 2, "?>") else { return nil }
            try processingInstruction(UnsafeBufferPointer(rebasing: bytes[start + 2..<end]))
            line += newlines(bytes, start, end)
            return end + 2
        case XMLBytes.bang:
            if matches(bytes, at: start, "<!--") {
                guard let end = find(bytes, from: start + 4, "-->") else { return nil }
                line += newlines(bytes, start, end)
                return end + 3
            }
            if matches(bytes, at: start, "<![CDATA[") {
                guard let end = find(bytes, from: start + 9, "]]>") else { return nil }
                if roles.isEmpty { throw fail("a CDATA section outside the <gpx> element") }
                if isCapturing { capture.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start + 9..<end])) }
                line += newlines(bytes, start, end)
                return end + 3
            }
            // Not yet enough bytes to tell a comment or CDATA from a declaration.
            if count - start < 9 && !isFinal
                && (isPrefix(bytes, at: start, "<!--") || isPrefix(bytes, at: start, "<![CDATA["))
            {
                return nil
            }
            let (word, complete) = declarationWord(bytes, at: start + 2)
            if !complete && !isFinal { return nil }
            throw fail(
                "<!\(word) is refused: GPX needs no DTD, and entities are never declared or expanded")
        default:
            return try startTag(bytes, at: start)
        }
    }

    private mutating func processingInstruction(_ body: UnsafeBufferPointer<UInt8>) throws {
        var index = 0
        while index < body.count && !XMLBytes.isWhitespace(body[index]) { index += 1 }
        let target = String(decoding: UnsafeBufferPointer(rebasing: body[0..<index]), as: UTF8.self)
        if target.lowercased() == "xml" && (!atStart || target != "xml") {
            throw fail("an XML declaration that is not at the very start of the file")
        }
        if target.isEmpty { throw fail("a processing instruction without a target") }
    }

    // MARK: - Tags

    private mutating func startTag(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) throws -> Int? {
        let count = bytes.count
        var index = start + 1
        guard XMLBytes.canStartName(bytes[index]) else { throw fail("'<' that does not start a tag") }
        let nameStart = index
        var colon = -1
        while index < count && !XMLBytes.endsName(bytes[index]) {
            if bytes[index] == XMLBytes.colon { colon = index }
            index += 1
        }
        guard index < count else { return nil }
        let name = UnsafeBufferPointer(rebasing: bytes[nameStart..<index])
        let local = UnsafeBufferPointer(rebasing: bytes[(colon < 0 ? nameStart : colon + 1)..<index])

        // Find the end of the tag first (quoted values may hold '>'), so that
        // nothing is changed when the tag is incomplete.
        var scan = index
        var quote: UInt8 = 0
        var newlines = 0
        while scan < count {
            let byte = bytes[scan]
            if byte == XMLBytes.newline { newlines += 1 }
            if quote != 0 {
                if byte == quote {
                    quote = 0
                } else if byte == XMLBytes.lessThan {
                    throw fail("'<' in an attribute value")
                }
            } else if byte == XMLBytes.quote || byte == XMLBytes.apostrophe {
                quote = byte
            } else if byte == XMLBytes.greaterThan {
                break
            }
            scan += 1
        }
        guard scan < count else { return nil }
        let selfClosing = bytes[scan - 1] == XMLBytes.slash && scan - 1 >= index
        let attributesEnd = selfClosing ? scan - 1 : scan

        if rootClosed { throw fail("an element after the end of the <gpx> element") }
        let role = try open(local: local)
        try attributes(bytes, from: index, to: attributesEnd, role: role)
        push(name: name, role: role)
        line += newlines
        if selfClosing { try close() }
        return scan + 1
    }

    private mutating func endTag(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) throws -> Int? {
        let count = bytes.count
        var index = start + 2
        while index < count && !XMLBytes.endsName(bytes[index]) { index += 1 }
        let nameEnd = index
        while index < count && XMLBytes.isWhitespace(bytes[index]) { index += 1 }
        guard index < count else { return nil }
        guard bytes[index] == XMLBytes.greaterThan else { throw fail("a malformed end tag") }
        let name = UnsafeBufferPointer(rebasing: bytes[start + 2..<nameEnd])
        guard let open = roles.indices.last else {
            throw fail("</\(String(decoding: name, as: UTF8.self))> closes no open element")
        }
        guard sameName(name, at: open) else {
            throw fail(
                "</\(String(decoding: name, as: UTF8.self))> does not match <\(self.name(at: open))> "
                    + "opened at line \(openLines[open])")
        }
        let newlines = self.newlines(bytes, start, index)
        try close()
        line += newlines
        return index + 1
    }

    private mutating func attributes(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, role: Role
    ) throws {
        var index = start
        var latitude: Double?
        var longitude: Double?
        var sawVersion = false
        let lineAtTag = line
        defer { line = lineAtTag }
        while true {
            let before = index
            while index < end && XMLBytes.isWhitespace(bytes[index]) {
                if bytes[index] == XMLBytes.newline { line += 1 }
                index += 1
            }
            if index == end { break }
            guard index > before else { throw fail("attributes must be separated by white space") }
            guard XMLBytes.canStartName(bytes[index]) else { throw fail("a malformed attribute") }
            let nameStart = index
            while index < end && !XMLBytes.endsName(bytes[index]) { index += 1 }
            let name = UnsafeBufferPointer(rebasing: bytes[nameStart..<index])
            while index < end && XMLBytes.isWhitespace(bytes[index]) { index += 1 }
            guard index < end && bytes[index] == XMLBytes.equals else {
                throw fail("attribute \(String(decoding: name, as: UTF8.self)) has no value")
            }
            index += 1
            while index < end && XMLBytes.isWhitespace(bytes[index]) { index += 1 }
            guard index < end, bytes[index] == XMLBytes.quote || bytes[index] == XMLBytes.apostrophe else {
                throw fail("attribute \(String(decoding: name, as: UTF8.self)) has an unquoted value")
            }
            let quote = bytes[index]
            index += 1
            let valueStart = index
            while index < end && bytes[index] != quote { index += 1 }
            guard index < end else { throw fail("an attribute value is not closed") }
            var value = UnsafeBufferPointer(rebasing: bytes[valueStart..<index])
            index += 1
            var decoded: [UInt8] = []
            if value.contains(XMLBytes.ampersand) {
                try appendDecoded(value, to: &decoded)
            }
            try decoded.withUnsafeBufferPointer { decodedValue in
                if !decoded.isEmpty { value = decodedValue }
                switch role {
                case .point:
                    if Self.equal(name, "lat") {
                        if latitude != nil { throw fail("attribute lat appears twice") }
                        latitude = try coordinate(value, name: "lat", limit: 90)
                    } else if Self.equal(name, "lon") {
                        if longitude != nil { throw fail("attribute lon appears twice") }
                        longitude = try coordinate(value, name: "lon", limit: 180)
                    }
                case .gpx where Self.equal(name, "version"):
                    sawVersion = true
                    version = String(decoding: value, as: UTF8.self)
                default:
                    break
                }
            }
        }
        switch role {
        case .point:
            guard let latitude else { throw fail("<trkpt> without a lat attribute") }
            guard let longitude else { throw fail("<trkpt> without a lon attribute") }
            point = TrackPoint(latitude: latitude, longitude: longitude)
        case .gpx:
            // A root without a version (some exporters leave it out) is read
            // as GPX 1.1, the current version; the two differ in nothing
            // Walks reads.
            if !sawVersion { version = "1.1" }
            guard version == "1.0" || version == "1.1" else {
                throw fail("GPX version '\(version)' is not supported; 1.0 and 1.1 are")
            }
        default:
            break
        }
    }

    private func coordinate(_ value: UnsafeBufferPointer<UInt8>, name: String, limit: Double) throws -> Double {
        guard let number = DecimalNumber.parse(value), number.isFinite else {
            throw fail("\(name) '\(String(decoding: value, as: UTF8.self))' is not a finite number")
        }
        guard number >= -limit && number <= limit else {
            throw fail("\(name) \(String(decoding: value, as: UTF8.self)) is out of range -\(Int(limit))…\(Int(limit))")
        }
        return number
    }

    // MARK: - GPX structure

    private var isCapturing: Bool {
        guard let role = roles.last else { return false }
        return role == .trackName || role == .elevation || role == .time || role == .fileTime
    }

    /// The role of a new element, with what its opening means.
    private mutating func open(local: UnsafeBufferPointer<UInt8>) throws -> Role {
        guard let parent = roles.last else {
            if sawRoot { throw fail("a second root element") }
            guard Self.equal(local, "gpx") else {
                throw fail("the root element is <\(String(decoding: local, as: UTF8.self))>, not <gpx>")
            }
            sawRoot = true
            return .gpx
        }
        switch parent {
        case .gpx:
            if Self.equal(local, "trk") {
                trackName = nil
                trackLine = line
                trackSegments = []
                lastTrackTime = nil
                trackTimesInOrder = true
                trackTimeLines.removeAll(keepingCapacity: true)
                return .track
            }
            if Self.equal(local, "rte") {
                routes += 1
                return .route
            }
            if Self.equal(local, "wpt") { waypoints += 1 }
            if Self.equal(local, "metadata") { return .metadata }
            // GPX 1.0 keeps the file's time directly under <gpx>.
            if Self.equal(local, "time") { return beginCapture(.fileTime) }
            return .other
        case .metadata:
            return Self.equal(local, "time") ? beginCapture(.fileTime) : .other
        case .track:
            if Self.equal(local, "trkseg") {
                segmentPoints = []
                return .segment
            }
            if Self.equal(local, "name") { return beginCapture(.trackName) }
            return .other
        case .segment:
            return Self.equal(local, "trkpt") ? .point : .other
        case .point:
            if Self.equal(local, "ele") { return beginCapture(.elevation) }
            if Self.equal(local, "time") { return beginCapture(.time) }
            return .other
        case .route:
            if Self.equal(local, "rtept") { routePoints += 1 }
            return .other
        case .trackName, .elevation, .time, .fileTime, .other:
            return .other
        }
    }

    private mutating func beginCapture(_ role: Role) -> Role {
        capture.removeAll(keepingCapacity: true)
        captureLine = line
        return role
    }

    /// Closes the innermost open element, with what its end means.
    private mutating func close() throws {
        guard let role = roles.popLast(), let nameStart = nameStarts.popLast() else { return }
        nameBytes.removeLast(nameBytes.count - nameStart)
        openLines.removeLast()
        switch role {
        case .gpx:
            rootClosed = true
        case .track:
            if !trackTimesInOrder { dropTimesOutOfOrder() }
            tracks.append(GPXTrack(name: trackName, track: Track(segments: trackSegments), line: trackLine))
        case .trackName:
            try checkName()
            // XML's end-of-line handling: CR LF and a lone CR are read as LF.
            let text = String(decoding: capture, as: UTF8.self).replacingCRLF().trimmingXMLWhitespace()
            if trackName == nil && !text.isEmpty {
                try checkNameLength(text)
                trackName = text
            }
        case .segment:
            // An empty <trkseg> holds nothing to walk: it is no segment.
            if !segmentPoints.isEmpty { trackSegments.append(segmentPoints) }
            segmentPoints = []
        case .point:
            segmentPoints.append(point)
        case .elevation:
            // WALK-9: a value no walk can have is dropped, the point kept.
            let (elevation, problem) = capture.withUnsafeBufferPointer(Self.elevation)
            point.elevationMeters = elevation
            if let problem { drop(.ele, problem, keptWithout: "an elevation") }
        case .time:
            // An empty <time> is no time, as an empty <ele> is no elevation.
            if capture.allSatisfy(XMLBytes.isWhitespace) {
                point.timeMilliseconds = nil
                return
            }
            let (time, problem) = capture.withUnsafeBufferPointer(Self.time)
            point.timeMilliseconds = time
            if let time {
                if let last = lastTrackTime, time < last { trackTimesInOrder = false }
                lastTrackTime = time
                trackTimeLines.append(Int32(truncatingIfNeeded: captureLine))
            }
            if let problem { drop(.time, problem, keptWithout: "a time") }
        case .fileTime:
            // The file's own time (`<metadata><time>`, 1.0's `<gpx><time>`)
            // only dates an untimed walk for sorting; one that is not a time
            // is left out, as the rest of <metadata> is, and never refuses
            // a file that imported before.
            if fileTime == nil {
                fileTime = capture.withUnsafeBufferPointer(GPXTime.milliseconds).flatMap {
                    WalksRules.timeRangeMilliseconds.contains($0) ? $0 : nil
                }
            }
        case .route, .metadata, .other:
            break
        }
    }

    /// An `<ele>`'s metres, or why it is dropped: not a finite number, or
    /// outside `WalksRules.minimumElevationMeters` … `maximumElevationMeters`.
    private static func elevation(_ value: UnsafeBufferPointer<UInt8>) -> (Double?, String?) {
        if value.allSatisfy(XMLBytes.isWhitespace) { return (nil, nil) }
        guard let number = DecimalNumber.parse(value), number.isFinite else { return (nil, "is not a finite number") }
        guard WalksRules.isMeasuredElevation(number) else {
            return (nil, "is out of range (\(WalksRules.measuredElevationRule))")
        }
        return (number, nil)
    }

    /// A `<time>`'s milliseconds, or why it is dropped: not an ISO 8601 date
    /// and time, or outside the years 1–9999. Its order among the track's
    /// times is judged at the track's end (`dropTimesOutOfOrder`).
    private static func time(_ value: UnsafeBufferPointer<UInt8>) -> (Int64?, String?) {
        guard let time = GPXTime.milliseconds(value) else { return (nil, "is not an ISO 8601 date and time") }
        guard WalksRules.timeRangeMilliseconds.contains(time) else {
            return (nil, "is outside the years 1–9999 (UTC)")
        }
        return (time, nil)
    }

    /// WALK-9: time never goes backwards within a track, and one time out
    /// of order drops only itself. `TimeOrder` keeps the most times that
    /// run in order (the earlier ones in the file when several choices keep
    /// as many) and the others are dropped, their points kept; each dropped
    /// time is reported at its line, among the file's other warnings in
    /// line order.
    private mutating func dropTimesOutOfOrder() {
        var times: [Int64] = []
        times.reserveCapacity(trackTimeLines.count)
        for segment in trackSegments {
            for point in segment { if let time = point.timeMilliseconds { times.append(time) } }
        }
        let kept = TimeOrder.keptInOrder(times)
        var deferred: [GPXWarning] = []
        var index = 0
        var previousKept: Int64?
        for segment in trackSegments.indices {
            for position in trackSegments[segment].indices {
                guard let time = trackSegments[segment][position].timeMilliseconds else { continue }
                defer { index += 1 }
                if kept[index] {
                    previousKept = time
                    continue
                }
                trackSegments[segment][position].timeMilliseconds = nil
                droppedTimes += 1
                guard deferred.count < GPXFile.maximumWarnings else { continue }
                let nextKept = kept[(index + 1)...].firstIndex(of: true).map { times[$0] }
                var around: [String] = []
                if let previousKept { around.append("\(Timestamp.iso8601(milliseconds: previousKept)) before it") }
                if let nextKept { around.append("\(Timestamp.iso8601(milliseconds: nextKept)) after it") }
                let value = Timestamp.iso8601(milliseconds: time)
                deferred.append(
                    GPXWarning(
                        line: Int(trackTimeLines[index]), element: .time, value: value,
                        message:
                            "time \(value) is out of order with the track's times around it (\(around.joined(separator: ", "))); "
                            + "time never goes backwards within a track; the point is kept without a time"))
            }
        }
        // In line order among the file's other warnings, the first few kept:
        // every warning cut before had a later line than those kept.
        let merged = (warnings + deferred).enumerated().sorted {
            ($0.element.line, $0.offset) < ($1.element.line, $1.offset)
        }
        warnings = Array(merged.prefix(GPXFile.maximumWarnings).map(\.element))
    }

    /// Counts a dropped value and keeps the first `GPXFile.maximumWarnings`
    /// warnings, naming the captured value and its line.
    private mutating func drop(_ element: GPXWarning.Element, _ problem: String, keptWithout: String) {
        switch element {
        case .ele: droppedElevations += 1
        case .time: droppedTimes += 1
        }
        guard warnings.count < GPXFile.maximumWarnings else { return }
        let text = String(decoding: capture, as: UTF8.self).replacingCRLF().trimmingXMLWhitespace()
        let value =
            text.count > GPXWarning.shownLimit ? String(text.prefix(GPXWarning.shownLimit)) + "…" : text
        // Quoted unless it reads as a value (a number, a time) that is impossible.
        let readable = capture.withUnsafeBufferPointer {
            element == .ele ? DecimalNumber.parse($0) != nil : GPXTime.milliseconds($0) != nil
        }
        let shown = readable ? value : "'\(value)'"
        warnings.append(
            GPXWarning(
                line: captureLine, element: element, value: value,
                message: "\(element.rawValue) \(shown) \(problem); the point is kept without \(keptWithout)"))
    }

    /// A track name holds no control character but tab, line feed and
    /// carriage return (C0, DEL and C1 controls would reach terminals).
    private func checkName() throws {
        let text = String(decoding: capture, as: UTF8.self)
        var lines = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value == 0x0A { lines += 1 }
            if (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D) || (value >= 0x7F && value <= 0x9F) {
                let code = String(value, radix: 16, uppercase: true)
                throw fail(
                    "<name> contains the control character U+\(String(repeating: "0", count: 4 - code.count) + code); "
                        + "a name may hold tab and line breaks but no other control character",
                    at: captureLine + lines)
            }
        }
    }

    /// The name a walk will take keeps the rule every walk name keeps
    /// (`TextRule`, `WalksRules.nameLimit`), refused here like any other
    /// flaw of the file: with its file and line, as malformed input.
    private func checkNameLength(_ text: String) throws {
        do {
            _ = try TextRule.optional(text, field: "name", limit: WalksRules.nameLimit)
        } catch let error as LifeError {
            throw fail(error.message, at: captureLine)
        }
    }

    private mutating func push(name: UnsafeBufferPointer<UInt8>, role: Role) {
        nameStarts.append(nameBytes.count)
        nameBytes.append(contentsOf: name)
        roles.append(role)
        openLines.append(line)
    }

    private func sameName(_ name: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let start = nameStarts[index]
        guard nameBytes.count - start == name.count else { return false }
        for offset in 0..<name.count where nameBytes[start + offset] != name[offset] { return false }
        return true
    }

    private func name(at index: Int) -> String {
        String(decoding: nameBytes[nameStarts[index]...], as: UTF8.self)
    }

    // MARK: - References

    /// Appends `run` with `&…;` references replaced; only the five predefined
    /// entities and character references exist (no DTD, SPEC WALK-1).
    private func appendDecoded(_ run: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) throws {
        var index = 0
        while index < run.count {
            let byte = run[index]
            guard byte == XMLBytes.ampersand else {
                out.append(byte)
                index += 1
                continue
            }
            var end = index + 1
            while end < run.count && run[end] != XMLBytes.semicolon && end - index <= 12 { end += 1 }
            let at = line + newlines(run, 0, index)
            guard end < run.count, run[end] == XMLBytes.semicolon else {
                throw fail("'&' that does not start a reference such as &amp;", at: at)
            }
            let body = UnsafeBufferPointer(rebasing: run[index + 1..<end])
            if let scalar = Self.characterReference(body) {
                out.append(contentsOf: String(Character(scalar)).utf8)
            } else if Self.equal(body, "lt") {
                out.append(XMLBytes.lessThan)
            } else if Self.equal(body, "gt") {
                out.append(XMLBytes.greaterThan)
            } else if Self.equal(body, "amp") {
                out.append(XMLBytes.ampersand)
            } else if Self.equal(body, "apos") {
                out.append(XMLBytes.apostrophe)
            } else if Self.equal(body, "quot") {
                out.append(XMLBytes.quote)
            } else if body.first == UInt8(ascii: "#") {
                throw fail("&\(String(decoding: body, as: UTF8.self)); is not a valid character reference", at: at)
            } else {
                throw fail(
                    "&\(String(decoding: body, as: UTF8.self)); is not a predefined entity; "
                        + "entities are never declared or expanded", at: at)
            }
            index = end + 1
        }
    }

    /// `#233` or `#xE9` as a Unicode scalar XML allows, or nil.
    private static func characterReference(_ body: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        guard body.count >= 2, body[0] == UInt8(ascii: "#") else { return nil }
        var value: UInt32 = 0
        if body[1] == UInt8(ascii: "x") {
            guard body.count >= 3 else { return nil }
            for byte in body[2...] {
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - 48
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - 87
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - 55
                default: return nil
                }
                value = value * 16 + UInt32(digit)
                if value > 0x10FFFF { return nil }
            }
        } else {
            for byte in body[1...] {
                let digit = byte &- 48
                guard digit < 10 else { return nil }
                value = value * 10 + UInt32(digit)
                if value > 0x10FFFF { return nil }
            }
        }
        // XML 1.0 Char: tab, LF, CR, and from space up, without surrogates, FFFE, FFFF.
        guard value == 0x9 || value == 0xA || value == 0xD || value >= 0x20, value != 0xFFFE, value != 0xFFFF
        else { return nil }
        return Unicode.Scalar(value)
    }

    // MARK: - Bytes

    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        guard bytes.count == text.utf8CodeUnitCount else { return false }
        let expected = text.utf8Start
        for index in 0..<bytes.count where bytes[index] != expected[index] { return false }
        return true
    }

    private func matches(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, _ text: StaticString) -> Bool {
        let length = text.utf8CodeUnitCount
        guard bytes.count - start >= length else { return false }
        let expected = text.utf8Start
        for offset in 0..<length where bytes[start + offset] != expected[offset] { return false }
        return true
    }

    /// Whether the bytes from `start` to the end are a beginning of `text`.
    private func isPrefix(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, _ text: StaticString) -> Bool {
        let length = min(text.utf8CodeUnitCount, bytes.count - start)
        let expected = text.utf8Start
        for offset in 0..<length where bytes[start + offset] != expected[offset] { return false }
        return true
    }

    /// The index where `terminator` starts at or after `start`, or nil.
    private func find(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ terminator: StaticString) -> Int? {
        let length = terminator.utf8CodeUnitCount
        let first = terminator.utf8Start[0]
        var index = start
        while index + length <= bytes.count {
            if bytes[index] == first && matches(bytes, at: index, terminator) { return index }
            index += 1
        }
        return nil
    }

    private func newlines(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var count = 0
        for index in start..<end where bytes[index] == XMLBytes.newline { count += 1 }
        return count
    }

    /// The keyword after `<!` (DOCTYPE, ENTITY, …), and whether it is complete
    /// in the bytes at hand (a chunk edge may cut it).
    private func declarationWord(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (String, Bool) {
        var end = start
        while end < bytes.count && end - start < 16 && !XMLBytes.endsName(bytes[end]) && bytes[end] != UInt8(ascii: "[")
        {
            end += 1
        }
        let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        return (word, end < bytes.count)
    }

    static let nulMessage =
        "a NUL byte (0x00), which no XML text holds: this is not a GPX text file; nothing was imported"

    /// The NUL byte that ends the input, after everything before it was consumed.
    func nulByte() -> LifeError {
        fail(Self.nulMessage)
    }

    private func fail(_ message: String, at line: Int? = nil) -> LifeError {
        LifeError.malformed("\(fileName):\(line ?? self.line): \(message)")
    }
}

extension String {
    /// With CR LF and lone CR replaced by LF (XML 1.0 §2.11).
    fileprivate func replacingCRLF() -> String {
        guard unicodeScalars.contains("\r") else { return self }
        var out = String.UnicodeScalarView()
        var afterCR = false
        for scalar in unicodeScalars {
            if scalar == "\n" && afterCR {
                afterCR = false
                continue
            }
            afterCR = scalar == "\r"
            out.append(afterCR ? "\n" : scalar)
        }
        return String(out)
    }

    /// Without leading and trailing XML white space (space, tab, CR, LF).
    fileprivate func trimmingXMLWhitespace() -> String {
        let scalars = unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
