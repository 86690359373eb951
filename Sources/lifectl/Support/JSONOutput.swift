import Foundation
import LifeCore

/// One JSON document per command (SPEC CORE-8): keys sorted, instants as ISO
/// 8601 in UTC, dates as `YYYY-MM-DD`. Shapes are documented in docs/json.md.
enum JSONOutput {
    static func render(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Timestamp.iso8601(date))
        }
        let data = try encoder.encode(value)
        return String(decoding: data, as: UTF8.self)
    }

    static func print(_ value: some Encodable) throws {
        Terminal.writeRendered(try render(value))
    }
}
