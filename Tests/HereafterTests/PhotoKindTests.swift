import Foundation
import Hereafter
import Testing

/// HA-2: a photo is told by its content. The signatures below are written out
/// from the formats' specifications (JPEG SOI FF D8 FF; PNG's 8-byte
/// signature; an ISO BMFF `ftyp` box with a HEIF brand), not from the code.
@Suite struct PhotoKindTests {
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00])
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D])
    /// size 24: "ftyp", major brand "heic", minor version 0, compatible "mif1", "heic".
    static let heic = Data(
        [0x00, 0x00, 0x00, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8) + [0, 0, 0, 8])
    /// An MP4 video: an `ftyp` box too, but with no HEIF brand.
    static let mp4 = Data([0x00, 0x00, 0x00, 0x14] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("mp41".utf8))

    @Test(arguments: [
        (jpeg, PhotoKind.jpeg), (png, .png), (heic, .heic),
    ])
    func imagesAreKnownByContent(bytes: Data, kind: PhotoKind) {
        #expect(PhotoKind.detect(bytes) == kind)
    }

    @Test func othersAreRefused() {
        #expect(PhotoKind.detect(Data("Just a text file renamed to photo.jpg\n".utf8)) == nil)
        #expect(PhotoKind.detect(Self.mp4) == nil)
        #expect(PhotoKind.detect(Data()) == nil)
        #expect(PhotoKind.detect(Data([0xFF, 0xD8])) == nil)
        // GIF: a real image, but not one of the three.
        #expect(PhotoKind.detect(Data("GIF89a\u{01}\u{00}\u{01}\u{00}".utf8)) == nil)
        // AVIF: HEIF too, but AV1-coded; it carries the generic mif1 brand.
        let avif = Data([0x00, 0x00, 0x00, 0x18] + Array("ftypavif".utf8) + [0, 0, 0, 0] + Array("mif1avif".utf8))
        #expect(PhotoKind.detect(avif + Data(count: 50)) == nil)
        // A HEIF file with only the generic brand says nothing of its coding.
        let generic = Data([0x00, 0x00, 0x00, 0x14] + Array("ftypmif1".utf8) + [0, 0, 0, 0] + Array("mif1".utf8))
        #expect(PhotoKind.detect(generic + Data(count: 50)) == nil)
    }
}
