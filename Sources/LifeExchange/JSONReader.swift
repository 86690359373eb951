import Foundation
import LifeCore
import LifeKernel

/// A pull reader of JSON (RFC 8259) over a file read in 1 MiB pieces, so
/// that an export of any size is read with memory for one value at a time
/// (SPEC CORE-12: an import is streamed, never read whole). Every error
/// names the file's line and column (columns count characters from 1).
///
/// It checks the grammar as it goes (a value where one is expected, a comma
/// between members, one value at the top level, nothing after it), refuses
/// what JSON allows but no export holds (a string over `maximumStringBytes`,
/// nesting deeper than `maximumDepth`, an integer outside Int64 written
/// without a fraction or exponent is read as a number of type Double), and
/// never traps on any input.
struct JSONReader {
    enum Token: Equatable {
        case beginObject, endObject, beginArray, endArray
        case key(String)
        case string(String)
        case integer(Int64)
        case real(Double)
        case bool(Bool)
        case null
        case end
    }

    /// The longest string an export holds: a 10 MB photo is 13.4 MB of base64.
    static let maximumStringBytes = 32 << 20
    /// An export nests 7 deep (a track's point); more is not an export.
    static let maximumDepth = 32

    private let name: String
    private let handle: FileHandle?
    private var buffer: [UInt8]
    private var position = 0
    private var finished: Bool
    /// 1-based line and column of the byte at `position`.
    private(set) var line = 1
    private(set) var column = 1
    /// Where the token `next()` answered last begins.
    private(set) var tokenLine = 1
    private(set) var tokenColumn = 1

    /// Where each open container stands.
    private enum Frame {
        case object(expecting: ObjectState)
        case array(expecting: ArrayState)
    }
    private enum ObjectState { case keyOrEnd, key, colon, value, commaOrEnd }
    private enum ArrayState { case valueOrEnd, value, commaOrEnd }
    private var stack: [Frame] = []
    private var sawTopValue = false

    /// Reads the file at `path`; `name` is how errors call it.
    init(path: String, name: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw LifeError.io("cannot read '\(TerminalText.echoed(name))'")
        }
        self.name = name
        self.handle = handle
        buffer = []
        finished = false
    }

    /// Reads `data` (a document already in memory).
    init(data: Data, name: String) {
        self.name = name
        handle = nil
        buffer = Array(data)
        finished = true
    }

    func close() { try? handle?.close() }

    // MARK: Bytes

    private mutating func peek() throws -> UInt8? {
        if position < buffer.count { return buffer[position] }
        guard !finished, let handle else { return nil }
        let chunk: Data
        do {
            chunk = try handle.read(upToCount: 1 << 20) ?? Data()
        } catch {
            throw LifeError.io("cannot read '\(TerminalText.echoed(name))': \(error.localizedDescription)")
        }
        if chunk.isEmpty {
            finished = true
            return nil
        }
        buffer.removeFirst(position)
        position = 0
        buffer.append(contentsOf: chunk)
        return buffer[position]
    }

    private mutating func advance() {
        let byte = buffer[position]
        position += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            // A character starts here (not a UTF-8 continuation byte).
            column += 1
        }
    }

    /// An error about the token `next()` answered last, at its start.
    func tokenError(_ message: String) -> LifeError {
        error(message, line: tokenLine, column: tokenColumn)
    }

    func error(_ message: String, line: Int? = nil, column: Int? = nil) -> LifeError {
        LifeError.malformed(
            "\(TerminalText.echoed(name)):\(line ?? self.line):\(column ?? self.column): \(message)", field: "file")
    }

    private mutating func skipWhiteSpace() throws {
        while let byte = try peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            advance()
        }
    }

    private mutating func expect(_ word: String) throws {
        for expected in word.utf8 {
            guard let byte = try peek(), byte == expected else {
                throw error("'\(word)' is misspelt; a JSON value is expected here")
            }
            advance()
        }
    }

    // MARK: Tokens

    /// The next token; `.end` once the one top-level value is complete.
    mutating func next() throws -> Token {
        try skipWhiteSpace()
        tokenLine = line
        tokenColumn = column
        guard let byte = try peek() else {
            if !stack.isEmpty || !sawTopValue { throw error("the file ends in the middle of its JSON") }
            return .end
        }
        if stack.isEmpty && sawTopValue {
            throw error("the JSON value ends before this; nothing may follow it")
        }
        switch stack.last {
        case .object(let state):
            switch state {
            case .keyOrEnd, .key:
                if byte == UInt8(ascii: "}") && state == .keyOrEnd { return try close(object: true) }
                guard byte == UInt8(ascii: "\"") else {
                    throw error("a member's name in double quotes is expected here")
                }
                let key = try readString()
                setTop(.object(expecting: .colon))
                try skipWhiteSpace()
                guard try peek() == UInt8(ascii: ":") else { throw error("a colon is expected after a member's name") }
                advance()
                setTop(.object(expecting: .value))
                return .key(key)
            case .commaOrEnd:
                if byte == UInt8(ascii: "}") { return try close(object: true) }
                guard byte == UInt8(ascii: ",") else { throw error("a comma or } is expected here") }
                advance()
                setTop(.object(expecting: .key))
                return try next()
            case .colon:
                throw error("a colon is expected here")
            case .value:
                setTop(.object(expecting: .commaOrEnd))
                return try value(byte)
            }
        case .array(let state):
            switch state {
            case .valueOrEnd, .value:
                if byte == UInt8(ascii: "]") && state == .valueOrEnd { return try close(object: false) }
                setTop(.array(expecting: .commaOrEnd))
                return try value(byte)
            case .commaOrEnd:
                if byte == UInt8(ascii: "]") { return try close(object: false) }
                guard byte == UInt8(ascii: ",") else { throw error("a comma or ] is expected here") }
                advance()
                setTop(.array(expecting: .value))
                return try next()
            }
        case nil:
            sawTopValue = true
            return try value(byte)
        }
    }

    private mutating func setTop(_ frame: Frame) {
        stack[stack.count - 1] = frame
    }

    private mutating func close(object: Bool) throws -> Token {
        advance()
        stack.removeLast()
        return object ? .endObject : .endArray
    }

    private mutating func value(_ byte: UInt8) throws -> Token {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard stack.count < Self.maximumDepth else {
                throw error("the JSON nests deeper than \(Self.maximumDepth) levels, which no export does")
            }
            advance()
            let object = byte == UInt8(ascii: "{")
            stack.append(object ? .object(expecting: .keyOrEnd) : .array(expecting: .valueOrEnd))
            return object ? .beginObject : .beginArray
        case UInt8(ascii: "\""):
            return .string(try readString())
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expect("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try readNumber()
        default:
            throw error("a JSON value is expected here")
        }
    }

    /// A string from its opening quote; escapes decoded, UTF-8 checked.
    private mutating func readString() throws -> String {
        let startLine = line
        let startColumn = column
        advance()  // the opening quote
        var bytes: [UInt8] = []
        while true {
            guard let byte = try peek() else {
                throw error("a string opened here is never closed", line: startLine, column: startColumn)
            }
            advance()
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw error("a string holds bytes that are not UTF-8", line: startLine, column: startColumn)
                }
                return text
            case UInt8(ascii: "\\"):
                try readEscape(into: &bytes)
            case 0..<0x20:
                throw error("a string holds a raw control character; JSON writes it as an escape")
            default:
                bytes.append(byte)
            }
            if bytes.count > Self.maximumStringBytes {
                throw error(
                    "a string is longer than \(Format.grouped(Self.maximumStringBytes)) bytes, which no export holds",
                    line: startLine, column: startColumn)
            }
        }
    }

    private mutating func readEscape(into bytes: inout [UInt8]) throws {
        guard let byte = try peek() else { throw error("the file ends in the middle of an escape") }
        advance()
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(byte)
        case UInt8(ascii: "b"): bytes.append(0x08)
        case UInt8(ascii: "f"): bytes.append(0x0C)
        case UInt8(ascii: "n"): bytes.append(0x0A)
        case UInt8(ascii: "r"): bytes.append(0x0D)
        case UInt8(ascii: "t"): bytes.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex4()
            if (0xD800..<0xDC00).contains(scalar) {
                // A high surrogate must be followed by an escaped low one.
                guard try peek() == UInt8(ascii: "\\") else { throw error("a lone surrogate in \\u escape") }
                advance()
                guard try peek() == UInt8(ascii: "u") else { throw error("a lone surrogate in \\u escape") }
                advance()
                let low = try readHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate in \\u escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw error("a lone surrogate in \\u escape")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error("\\u escape names no character") }
            bytes.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
            throw error("\\\(Character(Unicode.Scalar(byte))) is not a JSON escape")
        }
    }

    private mutating func readHex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try peek() else { throw error("the file ends in the middle of a \\u escape") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("a \\u escape needs four hexadecimal digits")
            }
            advance()
            value = value * 16 + digit
        }
        return value
    }

    /// A number, by JSON's grammar: an integer without fraction or exponent
    /// that fits Int64 is an integer; any other a Double (finite).
    private mutating func readNumber() throws -> Token {
        let startLine = line
        let startColumn = column
        var text: [UInt8] = []
        func take() throws -> UInt8? {
            guard let byte = try peek() else { return nil }
            return byte
        }
        if try take() == UInt8(ascii: "-") {
            text.append(UInt8(ascii: "-"))
            advance()
        }
        func digits() throws -> Int {
            var count = 0
            while let byte = try take(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                text.append(byte)
                advance()
                count += 1
                if text.count > 400 { throw error("a number has more than 400 digits") }
            }
            return count
        }
        let first = try take()
        let whole = try digits()
        guard whole > 0 else { throw error("a number needs a digit here") }
        if first == UInt8(ascii: "0") && whole > 1 {
            throw error("a number may not start with 0", line: startLine, column: startColumn)
        }
        var isInteger = true
        if try take() == UInt8(ascii: ".") {
            isInteger = false
            text.append(UInt8(ascii: "."))
            advance()
            guard try digits() > 0 else { throw error("a number needs a digit after its decimal point") }
        }
        if let byte = try take(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            isInteger = false
            text.append(byte)
            advance()
            if let sign = try take(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                text.append(sign)
                advance()
            }
            guard try digits() > 0 else { throw error("a number needs a digit in its exponent") }
        }
        let literal = String(decoding: text, as: UTF8.self)
        if isInteger, let integer = Int64(literal) { return .integer(integer) }
        guard let real = Double(literal), real.isFinite else {
            throw error("the number \(literal) is too large", line: startLine, column: startColumn)
        }
        return .real(real)
    }
}
