import Foundation

/// The image formats a message's photo may be (SPEC HA-2), told by content,
/// never by a file's name.
public enum PhotoKind: String, Sendable, Codable, CaseIterable {
    case jpeg = "image/jpeg"
    case png = "image/png"
    case heic = "image/heic"

    /// The format of `bytes` by their signature, or nil when they are none of
    /// the three: a JPEG starts with the SOI marker and a second marker
    /// (FF D8 FF); a PNG with its 8-byte signature; a HEIC is an ISO base
    /// media file whose first box is `ftyp` with an HEVC-coded HEIF brand
    /// and no AV1 (AVIF) brand.
    public static func detect(_ bytes: Data) -> PhotoKind? {
        let head = [UInt8](bytes.prefix(64))
        if head.count >= 4, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF {
            return .jpeg
        }
        if head.count >= 8, head[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            return .png
        }
        if head.count >= 16, String(decoding: head[4..<8], as: UTF8.self) == "ftyp" {
            let boxSize = head[0..<4].reduce(0) { $0 << 8 | Int($1) }
            guard boxSize >= 16, boxSize <= bytes.count else { return nil }
            // The major brand, then (after the minor version) the compatible brands.
            var brands = [String(decoding: head[8..<12], as: UTF8.self)]
            let all = [UInt8](bytes.prefix(boxSize))
            var offset = 16
            while offset + 4 <= all.count {
                brands.append(String(decoding: all[offset..<(offset + 4)], as: UTF8.self))
                offset += 4
            }
            // HEIC is HEIF with HEVC-coded images: an HEVC brand must be
            // there. The generic `mif1` alone is also what AVIF (AV1-coded)
            // files carry, and those are not HEIC.
            if brands.contains(where: heicBrands.contains), !brands.contains(where: av1Brands.contains) {
                return .heic
            }
        }
        return nil
    }

    /// HEIF brands of HEVC-coded images and sequences (ISO/IEC 23008-12).
    static let heicBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx"]
    /// AVIF's brands (AV1-coded HEIF).
    static let av1Brands: Set<String> = ["avif", "avis"]

    /// A short name for people.
    public var label: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .heic: "HEIC"
        }
    }
}
