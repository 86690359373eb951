#if Service
    import Foundation
    import Hummingbird
    import LifeServiceAPI
    import NIOCore

    /// Each request's context: the client's address (for the sign-in limits)
    /// and the service's JSON (ServiceJSON). Bodies are at most 12 MiB (an
    /// 8 MiB bundle in base64).
    public struct ServiceRequestContext: RequestContext, RemoteAddressRequestContext {
        public var coreContext: CoreRequestContextStorage
        public let remoteAddress: SocketAddress?

        public init(source: ApplicationRequestContextSource) {
            coreContext = .init(source: source)
            remoteAddress = source.channel.remoteAddress
        }

        public var maxUploadSize: Int { 12 << 20 }
        public var requestDecoder: ServiceDecoder { ServiceDecoder() }
        public var responseEncoder: ServiceEncoder { ServiceEncoder() }

        /// The client's address without its port, for the limits.
        var clientAddress: String { remoteAddress?.ipAddress ?? "unknown" }
    }

    /// Requests' JSON: an unreadable body is a 400 naming what is wrong.
    public struct ServiceDecoder: RequestDecoder {
        public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext)
            async throws
            -> T
        {
            let buffer = try await request.body.collect(upTo: context.maxUploadSize)
            do {
                return try ServiceJSON.decoder().decode(T.self, from: Data(buffer: buffer))
            } catch let DecodingError.keyNotFound(key, _) {
                throw ServiceError.invalid(key.stringValue, "\(key.stringValue) is required")
            } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
                let field = context.codingPath.map(\.stringValue).joined(separator: ".")
                throw ServiceError.invalid(field, "\(field) has the wrong type")
            } catch {
                throw ServiceError.invalid("body", "the body is not the JSON this request takes")
            }
        }
    }

    public struct ServiceEncoder: ResponseEncoder {
        public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws
            -> Response
        {
            let data = try ServiceJSON.encoder().encode(value)
            return Response(
                status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
    }
#endif
