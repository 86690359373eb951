/// Caption text cut to fit a gallery cell (SPEC WALK-6): a title wider than
/// its slot would run past the cell, and past the page's left edge in the
/// first column, so it is cut at a whole character and ends in "…".
///
/// Widths are estimated from Helvetica Bold's metrics (the gallery's first
/// font; Arial's are the same), in thousandths of an em: exact for ASCII,
/// the width of a capital M for other letters, a full em for wide scripts
/// and emoji, nothing for combining marks. Where neither font is installed
/// (most Linux desktops) `sans-serif` is DejaVu Sans, up to a fifth wider,
/// so the room is taken as `fallbackFactor` times smaller: a fitted caption
/// stays inside its slot in either font (checked with rsvg-convert).
enum CaptionFit {
    /// How much wider DejaVu Sans Bold sets Latin text than Helvetica Bold, at most.
    static let fallbackFactor = 1.2

    /// `text` as it fits in `width` units at `fontSize`: unchanged when it
    /// fits, else its longest prefix of whole characters that fits with "…".
    static func fitted(_ text: String, width: Double, fontSize: Double) -> String {
        let limit = width / fontSize * 1000 / fallbackFactor
        if emWidth(text) <= limit { return text }
        let ellipsis = emWidth("…")
        var kept = ""
        var used = 0.0
        for character in text {
            let next = emWidth(character.unicodeScalars)
            if used + next + ellipsis > limit { break }
            kept.append(character)
            used += next
        }
        while let last = kept.last, last.isWhitespace { kept.removeLast() }
        return kept + "…"
    }

    /// The estimated width of `text`, in thousandths of an em.
    static func emWidth(_ text: String) -> Double { emWidth(text.unicodeScalars) }

    private static func emWidth<S: Sequence>(_ scalars: S) -> Double where S.Element == Unicode.Scalar {
        scalars.reduce(0) { $0 + width($1) }
    }

    private static func width(_ scalar: Unicode.Scalar) -> Double {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return Double(helveticaBold[Int(value - 0x20)]) }
        switch value {
        case 0x2026: return 1000  // …
        case 0x00B7: return 278  // ·
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: return 0  // combining, zero-width, selectors
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60, 0x1F000...0x1FAFF,
            0x20000...0x3FFFD:
            return 1000  // wide scripts and emoji
        default: return 833  // as wide as M
        }
    }

    /// Helvetica Bold advance widths of U+0020 … U+007E (Adobe's AFM).
    private static let helveticaBold: [UInt16] = [
        278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,  // space … /
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,  // 0 … ?
        975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,  // @ … O
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,  // P … _
        333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,  // ` … o
        611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,  // p … ~
    ]
}
