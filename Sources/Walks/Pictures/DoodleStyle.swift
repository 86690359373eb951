/// Every product constant of the doodles (SPEC WALK-6, seed "Doodle
/// Rendering" and "Grid Layout"), in one place and documented in
/// `docs/walks-doodles.md`. Lengths are SVG user units (1 unit = 1 pt = 1 px
/// at 100 %); ratios are of the doodle's side so a gallery cell and a full
/// page look alike.
public enum DoodleStyle {
    /// SPEC WALK-6: the pencil is charcoal.
    public static let ink = "#36454F"
    /// SPEC WALK-6: the stroke width varies along the path within 2–4 pt.
    public static let minWidth = 2.0
    public static let maxWidth = 4.0
    /// SPEC WALK-6: the opacity varies within 0.7–0.9.
    public static let minOpacity = 0.7
    public static let maxOpacity = 0.9

    /// The main pass is the heavier half of both ranges, the second (lighter)
    /// pass the lighter half, so the two never leave the spec's ranges.
    public static let firstPassWidth = 2.6...4.0
    public static let firstPassOpacity = 0.8...0.9
    public static let secondPassWidth = 2.0...2.6
    public static let secondPassOpacity = 0.7...0.78

    /// Empty margin around the drawing, as a fraction of the side, on each side.
    public static let paddingRatio = 0.08
    /// How far the hand wanders from the true path in the main pass (fraction
    /// of the side); the second pass wanders half as far (as rough.js does).
    public static let jitterRatio = 0.006
    public static let secondPassJitterRatio = 0.5
    /// The path is resampled every `stepRatio` of the side before the hand's
    /// wobble is applied, so long straight lines of a simplified path wobble too.
    public static let stepRatio = 0.012
    /// A resampled path never has more steps than this per pass, whatever its
    /// length, so the SVG stays small (tens of KB) for a path that doubles back.
    public static let maxSteps = 1200
    /// Steps per sub-path: one stroke width per sub-path (SVG has no per-point
    /// width), consecutive sub-paths sharing their end points, round caps.
    public static let stepsPerPiece = 3
    /// Pieces per pencil stroke: each stroke is a group with its own opacity,
    /// as if the pencil were lifted and set down again.
    public static let piecesPerStroke = 24
    /// Steps between two random knots of the smooth noise that drives the
    /// wobble, the width and the opacity.
    public static let wobbleKnotSteps = 6
    public static let widthKnotSteps = 14

    /// The grain: an `feTurbulence` noise that thins the ink like paper tooth.
    public static let grainFrequency = 0.8
    public static let grainOctaves = 2
    public static let grainSeed = 7
    /// The last row of the colour matrix: the grain's alpha is
    /// `1.3 − 0.8 × noise alpha`, about 0.9 ± 0.15 on the stroke.
    public static let grainAlphaMatrix = "-0.8 1.3"
    /// The grain filter's id in a document (one per document, shared by every doodle).
    public static let grainFilterID = "doodle-grain"

    /// A path of a single point, or of no extent, is drawn as a dot of this diameter.
    public static let dotDiameter = 4.0
    /// The sheet behind a standalone doodle.
    public static let paper = "#FFFFFF"

    // The gallery (seed "Grid Layout": 16 pt horizontal and 12 pt vertical
    // padding, 8 pt between cells; SPEC WALK-6: 2–3 columns, the cell size
    // follows the walk's distance).
    public static let galleryColumns = 2...3
    public static let galleryPaddingX = 16.0
    public static let galleryPaddingY = 12.0
    public static let gallerySpacing = 8.0
    /// The width of a column: the longest walk's doodle fills it.
    public static let gallerySlot = 240.0
    /// A doodle's side is the slot times √(distance ÷ the longest distance), so
    /// its area follows the distance, but never less than this fraction of the
    /// slot, so a stroll to the shop still shows its shape.
    public static let galleryMinSideRatio = 0.4
    /// Below each row of doodles: the title's and the subtitle's baselines,
    /// measured from the bottom of the row's largest doodle, and the caption's height.
    public static let galleryTitleBaseline = 18.0
    public static let gallerySubtitleBaseline = 34.0
    public static let galleryCaptionHeight = 44.0
    /// The captions' font sizes; a caption is cut with "…" to fit its slot,
    /// less `galleryCaptionMargin` on each side (`CaptionFit`).
    public static let galleryTitleFontSize = 13.0
    public static let gallerySubtitleFontSize = 11.0
    public static let galleryCaptionMargin = 4.0
    /// What a gallery without walks says.
    public static let galleryEmptyText = "No walks yet."
}
