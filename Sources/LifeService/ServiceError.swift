#if Service
    import Foundation
    import Hummingbird
    import LifeCore
    import LifeServiceAPI

    /// A refusal the service answers with (SPEC SRV-5): an HTTP status and a
    /// JSON body `{"error": RULE, "message": WORDS, "field": FIELD?}` naming the
    /// rule. The words never tell whether an account or an address exists.
    public struct ServiceError: HTTPResponseError, Sendable, Equatable {
        public let status: HTTPResponse.Status
        /// The rule, a fixed word a client can act on (`invalid_credentials`).
        public let rule: String
        public let message: String
        public let field: String?
        /// Seconds a client should wait before trying again (429).
        public let retryAfter: Int?

        public init(
            _ status: HTTPResponse.Status, _ rule: String, _ message: String, field: String? = nil,
            retryAfter: Int? = nil
        ) {
            self.status = status
            self.rule = rule
            self.message = message
            self.field = field
            self.retryAfter = retryAfter
        }

        struct Body: Encodable {
            let error: String
            let message: String
            let field: String?
        }

        public func response(from request: Request, context: some RequestContext) throws -> Response {
            let data = try ServiceJSON.encoder().encode(Body(error: rule, message: message, field: field))
            var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
            if let retryAfter { headers[.retryAfter] = String(retryAfter) }
            if status == .unauthorized { headers[.wwwAuthenticate] = #"Bearer error="invalid_token""# }
            return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }

        // MARK: The refusals, one wording each

        /// No token, or one that is malformed, forged, expired, revoked or of a
        /// deleted user: one answer, so none of them tells anything.
        static func token(_ why: String) -> ServiceError {
            ServiceError(.unauthorized, "invalid_token", "the access token is \(why); sign in again")
        }
        static let invalidCredentials = ServiceError(
            .unauthorized, "invalid_credentials", "the e-mail address or the password is wrong")
        static let invalidGrant = ServiceError(
            .unauthorized, "invalid_grant",
            "the refresh token is not valid (unknown, used, expired or revoked); sign in again")
        static func tooManyAttempts(_ seconds: Int) -> ServiceError {
            ServiceError(
                .tooManyRequests, "too_many_attempts", "too many sign-in attempts; try again in \(seconds) seconds",
                retryAfter: seconds)
        }
        static func invalid(_ field: String, _ message: String) -> ServiceError {
            ServiceError(.badRequest, "invalid_value", message, field: field)
        }
        static let notFound = ServiceError(.notFound, "not_found", "no such resource")

        /// A rule of the library (the device's words) as a refusal.
        static func from(_ error: LifeError) -> ServiceError {
            switch error.kind {
            case .invalidValue, .malformedInput, .missingInput:
                ServiceError(.unprocessableContent, "rule", error.message, field: error.field)
            case .io, .internalError:
                ServiceError(.internalServerError, "internal", "the service failed; try again later")
            }
        }
    }
#endif
