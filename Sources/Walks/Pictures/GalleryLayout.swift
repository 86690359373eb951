import LifeCore

/// Where each walk of a gallery goes (SPEC WALK-6: a 2–3-column grid whose
/// cell size follows the walk's distance). Computed from the entries alone,
/// before any path is read, so the gallery can be streamed.
///
/// Entries fill rows left to right in the order given. Every column is
/// `DoodleStyle.gallerySlot` wide; a doodle's side is the slot times
/// √(distance ÷ the longest distance), at least `galleryMinSideRatio` of the
/// slot, rounded to a whole unit; it is centred in its slot and in its row,
/// whose height is its largest doodle plus the caption. When no walk has a
/// distance (all 0), every doodle fills its slot.
struct GalleryLayout {
    struct Cell: Equatable {
        var x: Double
        var y: Double
        var side: Double
        /// The caption's centre line and baselines.
        var captionX: Double
        var titleY: Double
        var subtitleY: Double
    }

    let columns: Int
    let cells: [Cell]
    let width: Double
    let height: Double

    init(_ entries: [GalleryEntry], columns: Int) throws {
        guard DoodleStyle.galleryColumns.contains(columns) else {
            throw LifeError.invalid(
                field: "columns", "columns \(columns) is not allowed: a gallery has 2 or 3 columns")
        }
        self.columns = columns
        let slot = DoodleStyle.gallerySlot
        let spacing = DoodleStyle.gallerySpacing
        let longest = entries.reduce(0.0) { max($0, $1.distanceMeters.isFinite ? $1.distanceMeters : 0) }
        let sides = entries.map { entry -> Double in
            guard longest > 0 else { return slot }
            let distance = entry.distanceMeters.isFinite ? max(0, entry.distanceMeters) : 0
            let ratio = max(DoodleStyle.galleryMinSideRatio, (distance / longest).squareRoot())
            return (slot * ratio).rounded()
        }

        var cells: [Cell] = []
        cells.reserveCapacity(entries.count)
        var rowTop = DoodleStyle.galleryPaddingY
        var first = 0
        while first < entries.count {
            let row = first..<min(entries.count, first + columns)
            let rowSide = row.map { sides[$0] }.max() ?? slot
            for index in row {
                let slotLeft = DoodleStyle.galleryPaddingX + Double(index - first) * (slot + spacing)
                let side = sides[index]
                cells.append(
                    Cell(
                        x: slotLeft + (slot - side) / 2, y: rowTop + (rowSide - side) / 2, side: side,
                        captionX: slotLeft + slot / 2, titleY: rowTop + rowSide + DoodleStyle.galleryTitleBaseline,
                        subtitleY: rowTop + rowSide + DoodleStyle.gallerySubtitleBaseline))
            }
            rowTop += rowSide + DoodleStyle.galleryCaptionHeight + spacing
            first = row.upperBound
        }
        self.cells = cells
        width = 2 * DoodleStyle.galleryPaddingX + Double(columns) * slot + Double(columns - 1) * spacing
        height =
            entries.isEmpty
            ? 2 * DoodleStyle.galleryPaddingY + DoodleStyle.galleryCaptionHeight
            : rowTop - spacing + DoodleStyle.galleryPaddingY
    }
}
