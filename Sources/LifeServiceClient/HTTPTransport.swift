import CHTTP
import Foundation
import LifeCore

/// One HTTP exchange through libcurl, which CHTTP loads on the first
/// request only (docs/design.md, "The service's client"): a command that
/// never reaches the service never loads it.
public struct HTTPTransport: Sendable {
    public struct Reply: Sendable {
        public let status: Int
        public let body: Data
    }

    public var timeoutSeconds = 30

    public init() {}

    public func send(_ method: String, _ url: String, headers: [String], body: Data?) throws -> Reply {
        var response = lifectl_http_response()
        let code: Int32 = withCStringArray(headers) { list, count in
            if let body {
                return body.withUnsafeBytes { bytes in
                    lifectl_http_request(
                        method, url, list, count, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count,
                        timeoutSeconds, &response)
                }
            }
            return lifectl_http_request(method, url, list, count, nil, 0, timeoutSeconds, &response)
        }
        defer { lifectl_http_response_free(&response) }
        guard code == 0 else {
            let why = response.error.map { String(cString: $0) } ?? "no answer"
            throw LifeError(kind: .io, field: "--server", message: "the service at \(url) cannot be reached: \(why)")
        }
        let data = response.body.map { Data(bytes: $0, count: response.length) } ?? Data()
        return Reply(status: response.status, body: data)
    }

    private func withCStringArray<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?, Int) -> T)
        -> T
    {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { UnsafePointer($0) }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress, $0.count) }
    }
}
