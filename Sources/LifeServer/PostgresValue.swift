import Foundation
import LifeCore

/// A Swift value written as a parameter in libpq's text format.
public protocol PostgresEncodable {
    var postgresText: String { get }
}

/// A Swift value read from libpq's text format.
public protocol PostgresDecodable {
    init(postgresText text: String, column: String) throws
}

func undecodable(_ text: String, _ column: String, as type: String) -> LifeError {
    LifeError.bug("the server's column \(column) holds '\(TerminalText.echoed(text))', which is not a \(type)")
}

extension String: PostgresEncodable, PostgresDecodable {
    public var postgresText: String { self }
    public init(postgresText text: String, column: String) { self = text }
}

extension Int: PostgresEncodable, PostgresDecodable {
    public var postgresText: String { String(self) }
    public init(postgresText text: String, column: String) throws {
        guard let value = Int(text) else { throw undecodable(text, column, as: "whole number") }
        self = value
    }
}

extension Double: PostgresDecodable {
    public init(postgresText text: String, column: String) throws {
        guard let value = Double(text) else { throw undecodable(text, column, as: "number") }
        self = value
    }
}

/// PostgreSQL's booleans read back as `t` and `f`.
extension Bool: PostgresEncodable, PostgresDecodable {
    public var postgresText: String { self ? "true" : "false" }
    public init(postgresText text: String, column: String) throws {
        switch text {
        case "t", "true": self = true
        case "f", "false": self = false
        default: throw undecodable(text, column, as: "boolean")
        }
    }
}

/// UUIDs in lower case, as the device stores them (CORE-10).
extension UUID: PostgresEncodable, PostgresDecodable {
    public var postgresText: String { uuidString.lowercased() }
    public init(postgresText text: String, column: String) throws {
        guard let value = UUID(uuidString: text) else { throw undecodable(text, column, as: "UUID") }
        self = value
    }
}

/// An instant as `timestamptz`: written in ISO 8601 UTC to the millisecond
/// (CORE-4), read from the session's ISO output in UTC
/// (`2026-11-22 12:00:00.123+00`; whole seconds have no fraction).
extension Date: PostgresEncodable, PostgresDecodable {
    public var postgresText: String { Timestamp.database(self) + "+00" }
    public init(postgresText text: String, column: String) throws {
        guard text.hasSuffix("+00") else { throw undecodable(text, column, as: "UTC timestamp") }
        var body = String(text.dropLast(3))
        if let dot = body.firstIndex(of: ".") {
            let fraction = body[body.index(after: dot)...]
            body = String(body[..<dot]) + "." + String((fraction + "000").prefix(3))
        } else {
            body += ".000"
        }
        guard let instant = Timestamp.parseDatabase(body) else { throw undecodable(text, column, as: "UTC timestamp") }
        self = instant
    }
}

/// A calendar day as `date` (`YYYY-MM-DD`, CORE-4).
extension CivilDate: PostgresEncodable, PostgresDecodable {
    public var postgresText: String { iso }
    public init(postgresText text: String, column: String) throws {
        guard let value = CivilDate(iso: text) else { throw undecodable(text, column, as: "date") }
        self = value
    }
}

/// A one-dimensional array parameter (`{a,b,c}`), its elements quoted.
public struct PostgresArray: PostgresEncodable {
    public let elements: [String]

    public init(_ elements: [some PostgresEncodable]) {
        self.elements = elements.map(\.postgresText)
    }

    public var postgresText: String {
        let quoted = elements.map { element in
            "\"" + element.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                + "\""
        }
        return "{" + quoted.joined(separator: ",") + "}"
    }
}
