import LifeCore

/// The character encoding of a GPX file, and its transcoding to the UTF-8
/// that `GPXScanner` reads (SPEC WALK-1).
///
/// Decided once from the first bytes, as XML 1.0 appendix F describes: a
/// byte order mark (UTF-8, UTF-16 LE or BE), else the `encoding` of the XML
/// declaration. UTF-8 (and its subset US-ASCII) is passed through untouched;
/// UTF-16, ISO-8859-1 and Windows-1252 are transcoded piece by piece, so a
/// file is still read in bounded chunks. Every encoding here writes a line
/// feed as one character and no other character as a line feed, so the
/// scanner's line numbers are the file's. Other encodings are refused by name.
struct XMLTextDecoder {
    enum Encoding: Equatable {
        case utf8, utf16LittleEndian, utf16BigEndian, latin1, windows1252
    }

    let encoding: Encoding
    private let fileName: String
    /// Bytes of a character cut by the end of a piece (UTF-16 only).
    private var carry: [UInt8] = []
    /// Line feeds written so far, to name the line of a bad character.
    private var line = 1

    private init(encoding: Encoding, fileName: String) {
        self.encoding = encoding
        self.fileName = fileName
    }

    /// Bytes needed at most to decide the encoding from an XML declaration.
    static let detectionBytes = 1_024

    /// The decoder for a file starting with `bytes`, and how many bytes of
    /// byte order mark to skip; nil when more bytes are needed to tell.
    /// Throws `.malformed` for gzip data and for encodings not supported.
    static func detect(
        _ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool, fileName: String
    ) throws -> (decoder: XMLTextDecoder, skip: Int)? {
        func make(_ encoding: Encoding, skip: Int = 0) -> (decoder: XMLTextDecoder, skip: Int) {
            (XMLTextDecoder(encoding: encoding, fileName: fileName), skip)
        }
        func refuse(_ message: String) -> LifeError { LifeError.malformed("\(fileName):1: \(message)") }
        if bytes.count < 4 && !isFinal { return nil }
        let b = Array(bytes.prefix(4)) + [UInt8](repeating: 0xAA, count: max(0, 4 - bytes.count))
        if b[0] == 0x1F && b[1] == 0x8B {
            throw refuse("this is gzip-compressed; decompress it first (gunzip) and import the .gpx inside")
        }
        if (b[0] == 0x00 && b[1] == 0x00 && b[2] == 0xFE && b[3] == 0xFF)
            || (b[0] == 0xFF && b[1] == 0xFE && b[2] == 0x00 && b[3] == 0x00)
        {
            throw refuse("the file is UTF-32, which is not supported; save it as UTF-8")
        }
        if b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF { return make(.utf8) }
        if b[0] == 0xFF && b[1] == 0xFE { return make(.utf16LittleEndian, skip: 2) }
        if b[0] == 0xFE && b[1] == 0xFF { return make(.utf16BigEndian, skip: 2) }
        // `<?` in UTF-16 without a byte order mark.
        if b[0] == 0x3C && b[1] == 0x00 && b[2] == 0x3F && b[3] == 0x00 { return make(.utf16LittleEndian) }
        if b[0] == 0x00 && b[1] == 0x3C && b[2] == 0x00 && b[3] == 0x3F { return make(.utf16BigEndian) }
        guard let declared = try declaredEncoding(bytes, isFinal: isFinal) else { return nil }
        switch declared.lowercased() {
        case "", "utf-8", "utf8", "us-ascii", "ascii":
            return make(.utf8)
        case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1", "iso-ir-100", "cp819", "ibm819":
            return make(.latin1)
        case "windows-1252", "cp1252", "x-cp1252":
            return make(.windows1252)
        case "utf-16", "utf-16le", "utf-16be", "utf16":
            throw refuse(
                "the XML declaration says encoding \"\(declared)\", but the file has no UTF-16 byte order mark "
                    + "and its bytes are not UTF-16")
        default:
            throw refuse(
                "the XML declaration's encoding \"\(shown(declared))\" is not supported; "
                    + "UTF-8, UTF-16, ISO-8859-1 and Windows-1252 are (convert the file with iconv)")
        }
    }

    /// A declared name as an error message may show it: control characters
    /// escaped, at most 40 characters.
    private static func shown(_ name: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars.prefix(40) {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return name.unicodeScalars.count > 40 ? out + "…" : out
    }

    /// The `encoding` pseudo-attribute of an XML declaration at the start of
    /// `bytes`: "" without a declaration or without the attribute; nil when
    /// the declaration may continue past the bytes at hand.
    private static func declaredEncoding(_ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool) throws -> String? {
        let opening: [UInt8] = Array("<?xml".utf8)
        let prefixCount = min(bytes.count, opening.count)
        guard Array(bytes.prefix(prefixCount)) == Array(opening.prefix(prefixCount)) else { return "" }
        if bytes.count <= opening.count { return isFinal ? "" : nil }
        guard XMLBytes.isWhitespace(bytes[opening.count]) else { return "" }
        // Only the first `detectionBytes` are searched, however many are at
        // hand, so that the answer never depends on how the file is cut.
        let searched = min(bytes.count, detectionBytes)
        var end = opening.count
        while end + 1 < searched && !(bytes[end] == XMLBytes.question && bytes[end + 1] == XMLBytes.greaterThan) {
            end += 1
        }
        if end + 1 >= searched {
            // Not closed yet: more bytes may close it, unless there are none
            // or the declaration is absurdly long (the scanner will say so).
            return isFinal || bytes.count >= detectionBytes ? "" : nil
        }
        let body = Array(bytes[opening.count..<end])
        let key = Array("encoding".utf8)
        var index = 0
        while index + key.count <= body.count {
            if Array(body[index..<index + key.count]) == key,
                index == 0 || XMLBytes.isWhitespace(body[index - 1])
            {
                var cursor = index + key.count
                while cursor < body.count && XMLBytes.isWhitespace(body[cursor]) { cursor += 1 }
                guard cursor < body.count, body[cursor] == XMLBytes.equals else { return "" }
                cursor += 1
                while cursor < body.count && XMLBytes.isWhitespace(body[cursor]) { cursor += 1 }
                guard cursor < body.count, body[cursor] == XMLBytes.quote || body[cursor] == XMLBytes.apostrophe
                else { return "" }
                let quote = body[cursor]
                let start = cursor + 1
                guard let close = body[start...].firstIndex(of: quote) else { return "" }
                return String(decoding: body[start..<close], as: UTF8.self)
            }
            index += 1
        }
        return ""
    }

    /// Appends `bytes` as UTF-8 to `out`. A character cut by the end of a
    /// piece waits for the next one; at the end (`isFinal`) none may remain.
    /// A byte that is no character stops the decoding: what came before it
    /// is appended and the error returned, for the caller to raise once the
    /// scanner has read that much (so a file cut into pieces fails as the
    /// whole file does, at the first problem in it).
    mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool, into out: inout [UInt8]) -> LifeError? {
        do {
            try decodeThrowing(bytes, isFinal: isFinal, into: &out)
            return nil
        } catch {
            return error
        }
    }

    private mutating func decodeThrowing(_ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool, into out: inout [UInt8])
        throws(LifeError)
    {
        switch encoding {
        case .utf8:
            out.append(contentsOf: bytes)
        case .latin1, .windows1252:
            out.reserveCapacity(out.count + bytes.count + bytes.count / 8)
            for byte in bytes {
                if byte < 0x80 {
                    if byte == XMLBytes.newline { line += 1 }
                    out.append(byte)
                } else {
                    var scalar = UInt32(byte)
                    if encoding == .windows1252 && byte < 0xA0 {
                        scalar = UInt32(Self.windows1252[Int(byte - 0x80)])
                        if scalar == 0 {
                            throw fail(
                                "byte 0x\(String(byte, radix: 16, uppercase: true)) is not a Windows-1252 character")
                        }
                    }
                    append(scalar, to: &out)
                }
            }
        case .utf16LittleEndian, .utf16BigEndian:
            try decodeUTF16(bytes, isFinal: isFinal, into: &out)
        }
    }

    private mutating func decodeUTF16(_ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool, into out: inout [UInt8])
        throws(LifeError)
    {
        let littleEndian = encoding == .utf16LittleEndian
        var units = carry
        units.append(contentsOf: bytes)
        carry.removeAll()
        out.reserveCapacity(out.count + units.count)
        var index = 0
        func unit(_ at: Int) -> UInt32 {
            littleEndian
                ? UInt32(units[at]) | UInt32(units[at + 1]) << 8 : UInt32(units[at]) << 8 | UInt32(units[at + 1])
        }
        while index + 1 < units.count {
            let first = unit(index)
            if first < 0xD800 || first > 0xDFFF {
                if first == UInt32(XMLBytes.newline) { line += 1 }
                append(first, to: &out)
                index += 2
                continue
            }
            guard first < 0xDC00 else { throw fail("a UTF-16 low surrogate without a high one before it") }
            guard index + 3 < units.count else { break }
            let second = unit(index + 2)
            guard second >= 0xDC00 && second <= 0xDFFF else {
                throw fail("a UTF-16 high surrogate without a low one after it")
            }
            append(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00), to: &out)
            index += 4
        }
        carry = Array(units[index...])
        if isFinal && !carry.isEmpty { throw fail("the file ends inside a UTF-16 character (truncated?)") }
    }

    /// A scalar as UTF-8.
    private func append(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6))
            out.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18))
            out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    private func fail(_ message: String) -> LifeError {
        LifeError.malformed("\(fileName):\(line): \(message)")
    }

    /// Windows-1252's 0x80…0x9F as Unicode; 0 where the code page has no character.
    private static let windows1252: [UInt16] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E,
        0x0178,
    ]
}
