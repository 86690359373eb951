import Foundation
import LifeCore
import LifeDB

/// One column's value in an export file (docs/json.md, "export"): JSON null,
/// number or string for SQLite's NULL, INTEGER, REAL and TEXT; a BLOB as
/// `{"base64": …}`; a walk's track (TrackCodec bytes) as
/// `{"track": [[[latitude, longitude, elevation, timeMilliseconds], …], …]}`,
/// one array per segment, null for a missing elevation or time.
public enum ExportValue: Codable, Equatable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case base64(Data)
    case track([[[Double?]]])

    private enum Keys: String, CodingKey { case base64, track }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .integer(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .real(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .text(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .base64(let data):
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(data.base64EncodedString(), forKey: .base64)
        case .track(let segments):
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(segments, forKey: .track)
        }
    }

    public init(from decoder: Decoder) throws {
        if let container = try? decoder.singleValueContainer() {
            if container.decodeNil() { self = .null; return }
            if let value = try? container.decode(Int64.self) { self = .integer(value); return }
            if let value = try? container.decode(Double.self) { self = .real(value); return }
            if let value = try? container.decode(String.self) { self = .text(value); return }
        }
        let container = try decoder.container(keyedBy: Keys.self)
        if let text = try container.decodeIfPresent(String.self, forKey: .base64) {
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorruptedError(forKey: .base64, in: container, debugDescription: "not base64")
            }
            self = .base64(data)
            return
        }
        self = .track(try container.decode([[[Double?]]].self, forKey: .track))
    }
}

extension ExportValue {
    /// A stored value as the file writes it (a BLOB as base64).
    public init(_ value: DatabaseValue) throws {
        switch value {
        case .null: self = .null
        case .integer(let number): self = .integer(number)
        case .real(let number): self = .real(number)
        case .text(let text): self = .text(text)
        case .blob(let data): self = .base64(data)
        }
    }

    /// The value to store; a track is only for a column with a codec.
    package func databaseValue(column: String) throws -> DatabaseValue {
        switch self {
        case .null: return .null
        case .integer(let number): return .integer(number)
        case .real(let number): return .real(number)
        case .text(let text): return .text(text)
        case .base64(let data): return .blob(data)
        case .track:
            throw LifeError.malformed("\(column) holds a track, which that column does not take", field: column)
        }
    }

    /// An order for sorting a file's rows (`TableSpec.importOrder`): null,
    /// numbers, text, then the rest.
    func sortsBefore(_ other: ExportValue) -> Bool {
        func stored(_ value: ExportValue) -> DatabaseValue {
            (try? value.databaseValue(column: "")) ?? .null
        }
        return DatabaseValue.compare(stored(self), stored(other)) == .orderedAscending
    }
}
