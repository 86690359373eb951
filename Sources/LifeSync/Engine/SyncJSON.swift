import Foundation
import LifeCore
import LifeKernel

/// The JSON of bundle lines (docs/sync.md, section 8): written by hand so
/// that the same values always give the same bytes (keys sorted, no spaces,
/// numbers in Swift's shortest round-trip form) and read by a small parser
/// that keeps integers apart from reals.
package indirect enum SyncJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case real(Double)
    case string(String)
    case array([SyncJSON])
    case object([String: SyncJSON])

    // MARK: Writing

    /// Appends the value's bytes (UTF-8) to `out`.
    package func write(into out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .integer(let value): out.append(contentsOf: String(value).utf8)
        case .real(let value): out.append(contentsOf: Self.number(value).utf8)
        case .string(let value): Self.quote(value, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                item.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.quote(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                member.value.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    package var text: String {
        var out: [UInt8] = []
        out.reserveCapacity(128)
        write(into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// A finite real in the shortest form that reads back as the same
    /// Double, always with a fraction or an exponent (so it reads as a real).
    static func number(_ value: Double) -> String {
        var text = "\(value)"
        if !text.contains(".") && !text.contains("e") { text += ".0" }
        return text
    }

    static func quote(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most texts need no escape: appended whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out.append(contentsOf: text.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "\n"): out.append(contentsOf: #"\n"#.utf8)
            case UInt8(ascii: "\t"): out.append(contentsOf: #"\t"#.utf8)
            case UInt8(ascii: "\r"): out.append(contentsOf: #"\r"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            default:
                // Bytes of multi-byte characters pass through unchanged.
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    // MARK: Reading

    /// Parses one JSON value filling all of `text`; nil for anything else.
    package static func parse(_ text: Substring) -> SyncJSON? {
        var parser = Parser(bytes: Array(text.utf8))
        guard let value = parser.value(depth: 0) else { return nil }
        parser.skipSpace()
        return parser.index == parser.bytes.count ? value : nil
    }

    struct Parser {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            let matches = word.withUTF8Buffer { utf8 in
                (0..<count).allSatisfy { bytes[index + $0] == utf8[$0] }
            }
            guard matches else { return false }
            index += count
            return true
        }

        mutating func value(depth: Int) -> SyncJSON? {
            guard depth < 32 else { return nil }
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "n"): return literal("null") ? .null : nil
            case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
            case UInt8(ascii: "\""): return string().map { .string($0) }
            case UInt8(ascii: "["):
                index += 1
                var items: [SyncJSON] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(items)
                }
                while true {
                    guard let item = value(depth: depth + 1) else { return nil }
                    items.append(item)
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                    } else if bytes[index] == UInt8(ascii: "]") {
                        index += 1
                        return .array(items)
                    } else {
                        return nil
                    }
                }
            case UInt8(ascii: "{"):
                index += 1
                var members: [String: SyncJSON] = [:]
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(members)
                }
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else {
                        return nil
                    }
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                    index += 1
                    guard let item = value(depth: depth + 1), members[key] == nil else { return nil }
                    members[key] = item
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                    } else if bytes[index] == UInt8(ascii: "}") {
                        index += 1
                        return .object(members)
                    } else {
                        return nil
                    }
                }
            default: return number()
            }
        }

        mutating func number() -> SyncJSON? {
            let start = index
            var isReal = false
            var negative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
                negative = true
                index += 1
            }
            // The integer's value as its digits go by; nil once it no longer fits.
            var magnitude: UInt64? = 0
            var digits = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    digits += 1
                    if let value = magnitude {
                        let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
                        let (sum, overflowSum) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
                        magnitude = overflowTimes || overflowSum ? nil : sum
                    }
                    index += 1
                } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
                    || byte == UInt8(ascii: "+") || (byte == UInt8(ascii: "-") && index > start)
                {
                    isReal = true
                    index += 1
                } else {
                    break
                }
            }
            guard index > start else { return nil }
            if !isReal, digits > 0, let magnitude {
                if negative, magnitude <= UInt64(Int64.max) + 1 {
                    return .integer(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
                }
                if !negative, magnitude <= UInt64(Int64.max) { return .integer(Int64(magnitude)) }
            }
            guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
                return nil
            }
            return .real(value)
        }

        mutating func string() -> String? {
            index += 1
            let start = index
            // Most strings hold no escape: decoded whole from their bytes (the
            // text was valid UTF-8 as a whole, and a run ends at an ASCII byte).
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
                }
                if byte < 0x20 { return nil }
                if byte == UInt8(ascii: "\\") { break }
                index += 1
            }
            guard index < bytes.count else { return nil }
            var out = Array(bytes[start..<index])
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return String(decoding: out, as: UTF8.self)
                }
                if byte < 0x20 { return nil }
                guard byte == UInt8(ascii: "\\") else {
                    out.append(byte)
                    index += 1
                    continue
                }
                index += 1
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): out.append(UInt8(ascii: "/"))
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    guard var code = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(code) {
                        guard literal("\\u"), let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { return nil }
                    out.append(contentsOf: String(Character(scalar)).utf8)
                default: return nil
                }
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count, let text = String(bytes: bytes[index..<(index + 4)], encoding: .utf8),
                let value = UInt32(text, radix: 16)
            else { return nil }
            index += 4
            return value
        }
    }
}
