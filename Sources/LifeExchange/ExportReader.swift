import Foundation
import LifeCore
import LifeKernel

/// Reads an export file (docs/json.md, "export") as it streams in: the
/// header fields, and each row of each table handed over as soon as it is
/// read, so the file is never held whole. Whatever is not the shape of an
/// export is refused with its line and column (exit 65).
struct ExportReader {
    /// The file's header, whichever order its fields come in (an export
    /// writes them sorted: `forSync`, `format`, `products`, `version`).
    struct Header {
        var format: String?
        var version: Int64?
        var forSync: Bool?
    }

    var json: JSONReader

    init(_ json: JSONReader) {
        self.json = json
    }

    /// Reads the whole file, calling `table` as each product's table begins
    /// (an empty one too) and `row` for each row with its product, table and
    /// columns; answers the header.
    mutating func read(
        table: (String, String) throws -> Void, row: (String, String, [String: ExportValue]) throws -> Void
    ) throws -> Header {
        guard try json.next() == .beginObject else { throw json.tokenError("the file is not a JSON object") }
        var header = Header()
        var seen: Set<String> = []
        while case .key(let key) = try json.next() {
            guard seen.insert(key).inserted else { throw json.tokenError("the file has \"\(echo(key))\" twice") }
            switch key {
            case "format":
                guard case .string(let text) = try json.next() else { throw json.tokenError("\"format\" must be text") }
                header.format = text
                guard text == ExportDocument.formatName else {
                    throw LifeError.malformed(
                        "the file is not a lifectl export (its \"format\" is not \"\(ExportDocument.formatName)\")",
                        field: "format")
                }
            case "version":
                guard case .integer(let number) = try json.next() else {
                    throw json.tokenError("\"version\" must be a whole number")
                }
                header.version = number
            case "forSync":
                guard case .bool(let flag) = try json.next() else {
                    throw json.tokenError("\"forSync\" must be true or false")
                }
                header.forSync = flag
            case "products":
                try readProducts(table, row)
            default:
                throw json.tokenError("the file has a field \"\(echo(key))\" that an export does not have")
            }
        }
        guard try json.next() == .end else { throw json.tokenError("the file goes on after its JSON object") }
        return header
    }

    private func echo(_ text: String) -> String { TerminalText.echoed(text) }

    private mutating func readProducts(
        _ begin: (String, String) throws -> Void, _ row: (String, String, [String: ExportValue]) throws -> Void
    ) throws {
        guard try json.next() == .beginObject else { throw json.tokenError("\"products\" must be an object") }
        var products: Set<String> = []
        while case .key(let product) = try json.next() {
            guard products.insert(product).inserted else {
                throw json.tokenError("the file has the product \"\(echo(product))\" twice")
            }
            guard try json.next() == .beginObject else {
                throw json.tokenError("products.\(echo(product)) must be an object of tables")
            }
            var tables: Set<String> = []
            while case .key(let table) = try json.next() {
                guard tables.insert(table).inserted else {
                    throw json.tokenError("the file has the table \"\(echo(table))\" twice")
                }
                guard try json.next() == .beginArray else {
                    throw json.tokenError("products.\(echo(product)).\(echo(table)) must be a list of rows")
                }
                try begin(product, table)
                while true {
                    let token = try json.next()
                    if token == .endArray { break }
                    guard token == .beginObject else {
                        throw json.tokenError("a row of \(echo(table)) must be an object of columns")
                    }
                    try row(product, table, try readRow(table))
                }
            }
        }
    }

    /// One row: column → value.
    private mutating func readRow(_ table: String) throws -> [String: ExportValue] {
        var columns: [String: ExportValue] = [:]
        while case .key(let column) = try json.next() {
            guard columns[column] == nil else {
                throw json.tokenError("a row of \(echo(table)) has the column \"\(echo(column))\" twice")
            }
            columns[column] = try readValue(column)
        }
        return columns
    }

    private mutating func readValue(_ column: String) throws -> ExportValue {
        switch try json.next() {
        case .null: return .null
        case .integer(let number): return .integer(number)
        case .real(let number): return .real(number)
        case .string(let text): return .text(text)
        case .beginObject:
            guard case .key(let kind) = try json.next() else {
                throw json.tokenError("\(echo(column)) is an empty object; a column holds a value")
            }
            let value: ExportValue
            switch kind {
            case "base64":
                guard case .string(let text) = try json.next(), let data = Data(base64Encoded: text) else {
                    throw json.tokenError("\(echo(column)).base64 must be base64 text")
                }
                value = .base64(data)
            case "track":
                value = .track(try readTrack(column))
            default:
                throw json.tokenError("\(echo(column)) is an object with \"\(echo(kind))\"; only base64 or track is")
            }
            guard try json.next() == .endObject else {
                throw json.tokenError("\(echo(column)) holds more than its \(kind)")
            }
            return value
        case .bool:
            throw json.tokenError("\(echo(column)) is true or false; a column holds a number, text or null")
        default:
            throw json.tokenError("\(echo(column)) is a list; a column holds a number, text or null")
        }
    }

    /// `[[[latitude, longitude, elevation, time], …], …]`, null for a missing value.
    private mutating func readTrack(_ column: String) throws -> [[[Double?]]] {
        func bad() -> LifeError { json.tokenError("\(echo(column)).track must be a list of segments of points") }
        guard try json.next() == .beginArray else { throw bad() }
        var segments: [[[Double?]]] = []
        while true {
            let token = try json.next()
            if token == .endArray { return segments }
            guard token == .beginArray else { throw bad() }
            var points: [[Double?]] = []
            while true {
                let token = try json.next()
                if token == .endArray { break }
                guard token == .beginArray else { throw bad() }
                var point: [Double?] = []
                while true {
                    switch try json.next() {
                    case .endArray: break
                    case .null: point.append(nil); continue
                    case .integer(let number): point.append(Double(number)); continue
                    case .real(let number): point.append(number); continue
                    default: throw bad()
                    }
                    break
                }
                points.append(point)
            }
            segments.append(points)
        }
    }
}
