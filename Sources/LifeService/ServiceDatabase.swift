#if Service
    import Foundation
    import Logging
    import PostgresNIO

    /// The service's way into PostgreSQL (postgres-nio's pool, never libpq on
    /// an event loop), logged in as `lifectl_service` (Schema/server/0008).
    /// Two doors: `asService`, for the sign-in functions only; and `asPerson`,
    /// for everything done on a person's behalf: one transaction as
    /// `authenticated` with the verified token's claims, as Supabase's API runs
    /// a request, so that the policies decide.
    struct ServiceDatabase: Sendable {
        let client: PostgresClient
        let logger: Logger
        /// The service's clock, offered to the server as `lifectl.now`, which
        /// the server honours only for a login that owns the schema (tests,
        /// demos); for `lifectl_service` its own clock stands (0003).
        let clock: @Sendable () -> Date

        /// A person a verified access token names.
        struct Person: Sendable {
            let user: UUID
            let session: UUID
            let claims: String
        }

        /// `body` on a pooled connection as the service itself.
        func asService<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
            try await client.withConnection { connection in try await body(connection) }
        }

        /// `body` in one transaction as `person`: the session must be live (not
        /// signed out or revoked, the user not deleted), then the transaction
        /// becomes `authenticated` with the person's claims.
        func asPerson<T: Sendable>(_ person: Person, _ body: (PostgresConnection) async throws -> T) async throws -> T {
            try await client.withConnection { connection in
                let now = Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(clock())
                try await connection.query("BEGIN", logger: logger)
                do {
                    let live = try await connection.query(
                        "SELECT lifectl.service_session_live(\(person.session), \(person.user))", logger: logger
                    ).collect().first?.decode(Bool.self)
                    guard live == true else {
                        throw ServiceError.token("revoked (signed out, or the account was deleted)")
                    }
                    try await connection.query(
                        """
                        SELECT set_config('role', 'authenticated', true), set_config('request.jwt.claims', \(person.claims), true),
                               set_config('lifectl.now', \(now), true)
                        """,
                        logger: logger)
                    let value = try await body(connection)
                    try await connection.query("COMMIT", logger: logger)
                    return value
                } catch {
                    _ = try? await connection.query("ROLLBACK", logger: logger)
                    throw error
                }
            }
        }
    }

    extension PostgresConnection {
        /// The rows of `query`, collected.
        func rows(_ query: PostgresQuery, logger: Logger) async throws -> [PostgresRow] {
            try await self.query(query, logger: logger).collect()
        }
    }

    extension PostgresRow {
        /// The column `name` as `T`.
        func get<T: PostgresDecodable>(_ name: String, as: T.Type = T.self) throws -> T {
            try makeRandomAccess()[name].decode(T.self)
        }
    }

    extension ServiceError {
        /// A PostgreSQL refusal as the service's: a policy's refusal is 403, a
        /// rule of the schema (check, trigger, invalid value) 422 with the
        /// server's words, a taken unique value 409; anything else a failure
        /// (500), logged and not shown.
        static func from(_ error: PSQLError, conflict: String = "that value is taken") -> ServiceError {
            let state = error.serverInfo?[.sqlState] ?? ""
            let words = error.serverInfo?[.message] ?? "refused"
            switch state {
            case "42501":
                return ServiceError(.forbidden, "forbidden_by_policy", "the server's rules do not allow this")
            case "23505":
                return ServiceError(.conflict, "conflict", conflict)
            case "23514", "22023", "22001", "23502", "P0001", "22P02", "0A000":
                return ServiceError(.unprocessableContent, "rule", words)
            default:
                return ServiceError(.internalServerError, "internal", "the service failed; try again later")
            }
        }
    }
#endif
