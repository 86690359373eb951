/// Values for a statement's parameters: by position (`?`, `?NNN`) or by name
/// (`:name`, `@name`, `$name`). Values are always bound, never spliced into SQL.
public struct StatementArguments: Sendable, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public var positional: [DatabaseValue]
    public var named: [String: DatabaseValue]

    public init(_ values: [any DatabaseValueEncodable] = []) {
        positional = values.map(\.databaseValue)
        named = [:]
    }

    public init(named: [String: any DatabaseValueEncodable]) {
        positional = []
        self.named = named.mapValues(\.databaseValue)
    }

    public init(arrayLiteral elements: (any DatabaseValueEncodable)...) {
        self.init(elements)
    }

    public init(dictionaryLiteral elements: (String, any DatabaseValueEncodable)...) {
        positional = []
        named = Dictionary(elements.map { ($0.0, $0.1.databaseValue) }, uniquingKeysWith: { $1 })
    }

    public var isEmpty: Bool { positional.isEmpty && named.isEmpty }
}
