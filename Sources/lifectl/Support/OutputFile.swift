import Foundation
import LifeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files a command writes (posters, doodles, galleries, exports): written to a
/// temporary file beside the target and renamed into place, so a failure never
/// leaves half a file; `-` means stdout.
enum OutputFile {
    /// The path as the person meant it (`~` expanded).
    static func resolve(_ path: String) -> String {
        (path as NSString).expandingTildeInPath
    }

    static func write(_ text: String, to path: String) throws {
        try stream(to: path) { write in try write(text) }
    }

    /// Bytes (a photo), the same way: whole or not at all.
    static func write(_ data: Data, to path: String) throws {
        try stream(to: path) { write in try data.withUnsafeBytes { try write($0) } }
    }

    /// Streams pieces of text into the file as `body` produces them, so a large
    /// output (a gallery of a thousand walks) never sits in memory whole.
    static func stream(to path: String, _ body: (_ write: (String) throws -> Void) throws -> Void) throws {
        try stream(to: path) { (write: (UnsafeRawBufferPointer) throws -> Void) in
            try withoutActuallyEscaping(write) { write in
                try body { piece in
                    var piece = piece
                    try piece.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
                }
            }
        }
    }

    /// The one writer behind the others: bytes into a temporary file beside
    /// the target, renamed into place once all of them are written.
    private static func stream(
        to path: String, _ body: (_ write: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        if path == "-" {
            try body { piece in FileHandle.standardOutput.write(Data(piece)) }
            return
        }
        let target = resolve(path)
        let temporary = target + ".tmp-\(getpid())"
        guard let file = fopen(temporary, "wb") else {
            throw LifeError.io("cannot write \(target): \(String(cString: strerror(errno)))")
        }
        var closed = false
        defer {
            if !closed {
                fclose(file)
                unlink(temporary)
            }
        }
        try body { piece in
            guard fwrite(piece.baseAddress, 1, piece.count, file) == piece.count else {
                throw LifeError.io("cannot write \(target): \(String(cString: strerror(errno)))")
            }
        }
        closed = true
        guard fclose(file) == 0 else {
            unlink(temporary)
            throw LifeError.io("cannot write \(target): \(String(cString: strerror(errno)))")
        }
        guard rename(temporary, target) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(temporary)
            throw LifeError.io("cannot write \(target): \(message)")
        }
    }
}
