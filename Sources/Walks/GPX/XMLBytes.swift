/// Byte classes of XML 1.0 that the GPX scanner needs.
enum XMLBytes {
    static let lessThan = UInt8(ascii: "<")
    static let greaterThan = UInt8(ascii: ">")
    static let ampersand = UInt8(ascii: "&")
    static let slash = UInt8(ascii: "/")
    static let question = UInt8(ascii: "?")
    static let bang = UInt8(ascii: "!")
    static let equals = UInt8(ascii: "=")
    static let quote = UInt8(ascii: "\"")
    static let apostrophe = UInt8(ascii: "'")
    static let semicolon = UInt8(ascii: ";")
    static let colon = UInt8(ascii: ":")
    static let newline = UInt8(ascii: "\n")

    /// XML's S production: space, tab, carriage return, line feed.
    @inline(__always) static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    /// Bytes that end a name. Everything else (including UTF-8 sequences)
    /// may be part of one; a name may not start with a digit, '-' or '.'.
    @inline(__always) static func endsName(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == greaterThan || byte == slash || byte == equals || byte == lessThan
            || byte == quote || byte == apostrophe || byte == ampersand || byte == question || byte == bang
            || byte == semicolon
    }

    static func canStartName(_ byte: UInt8) -> Bool {
        !endsName(byte) && !(byte >= 0x30 && byte <= 0x39) && byte != UInt8(ascii: "-") && byte != UInt8(ascii: ".")
    }
}
