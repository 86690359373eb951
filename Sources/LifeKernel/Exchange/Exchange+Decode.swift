import Foundation
import LifeCore

extension Exchange {
    /// Reads a file's bytes: malformed JSON, another format or a newer
    /// version are malformed input (exit 65).
    public static func decode(_ data: Data) throws -> ExportDocument {
        struct Header: Decodable {
            let format: String?
            let version: Int?
        }
        guard let header = try? JSONDecoder().decode(Header.self, from: data) else {
            throw LifeError.malformed("the file is not a JSON object", field: "file")
        }
        guard header.format == ExportDocument.formatName, header.version != nil else {
            throw LifeError.malformed(
                "the file is not a lifectl export (its \"format\" is not \"\(ExportDocument.formatName)\")",
                field: "file")
        }
        do {
            return try JSONDecoder().decode(ExportDocument.self, from: data)
        } catch let error as DecodingError {
            throw LifeError.malformed("the file's rows cannot be read: \(Self.sentence(for: error))", field: "file")
        }
    }

    /// A decoding failure as one sentence naming where in the file it is
    /// ("products.finite is a list; an object was expected"), never Swift's
    /// own description of the error.
    static func sentence(for error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            let text = path.reduce(into: "") { text, key in
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + TerminalText.echoed(key.stringValue)
                }
            }
            return text.isEmpty ? "the top level" : text
        }
        func kind(_ type: Any.Type) -> String {
            let name = String(describing: type)
            if name.hasPrefix("Dictionary") { return "an object" }
            if name.hasPrefix("Array") { return "a list" }
            if name == "String" { return "text" }
            if ["Int", "Int64", "Double"].contains(name) { return "a number" }
            return "a value of another kind"
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(place(context.codingPath)) does not hold what an export holds there (\(kind(type)) was expected)"
        case .valueNotFound(let type, let context):
            return "\(place(context.codingPath)) is null or missing; \(kind(type)) was expected"
        case .keyNotFound(let key, let context):
            return "\(place(context.codingPath + [key])) is missing"
        case .dataCorrupted(let context):
            return "\(place(context.codingPath)) cannot be read (\(TerminalText.echoed(context.debugDescription)))"
        @unknown default:
            return "it does not have the shape of an export"
        }
    }
}
