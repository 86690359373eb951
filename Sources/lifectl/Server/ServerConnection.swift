import Foundation
import LifeCore
import LifeServer

/// Opening the server for a command (SPEC SRV-2): a URL from the flag, else
/// `$LIFECTL_SERVER`; the server's refusals as `LifeError`s with the exit
/// codes of CORE-7 (a connection that fails is I/O, 74).
enum ServerConnection {
    /// The URL to use: `flag` when given, else `$LIFECTL_SERVER`, else nil.
    /// An empty one is refused, naming where it came from.
    static func url(flag: String?, field: String, environment: [String: String]) throws -> String? {
        if let flag {
            guard !flag.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw LifeError.invalid(
                    field: field, "\(field) is empty; give a PostgreSQL URL such as postgresql://user@host/database")
            }
            return flag
        }
        guard let value = environment["LIFECTL_SERVER"], !value.trimmingCharacters(in: .whitespaces).isEmpty else {
            return nil
        }
        return value
    }

    static func open(_ url: String) throws -> PostgresConnection {
        try mapped { try PostgresConnection(url: url) }
    }

    /// `body`, with a `PostgresError` reported as a `LifeError`.
    static func mapped<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PostgresError {
            throw error.lifeError
        }
    }
}
