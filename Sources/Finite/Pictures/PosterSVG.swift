import LifeCore

/// The poster (SPEC FIN-9), in the spirit of Tim Urban's "Your Life in
/// Weeks": a title, "Hurry up and live." — Seneca, weeks across and years
/// down, one small square per week.
///
/// The bytes depend only on the picture: no generation date, integer
/// coordinates, locale-free numbers, so golden files hold. Each week is one
/// `rect` whose `class` starts with `week`; colours live in one style sheet
/// (the only part that differs between colour and B&W).
public enum PosterSVG {
    // Layout, in SVG user units.
    static let cellSize = 10
    static let pitch = 12
    static let gridLeft = 49
    static let gridTop = 128
    static let width = 720
    /// Life phases (FIN-11): one lane per column of bands beside the grid,
    /// a band 4 units wide; a legend line per phase.
    static let lanePitch = 8
    static let phaseLineHeight = 14

    /// The ticks of the week axis (SPEC FIN-9: weeks across the top).
    static let weekTicks = [1, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 52]
    /// An age label every 5 rows.
    static let ageLabelEvery = 5

    public static func render(_ picture: GridPicture) -> String {
        let status = picture.status
        let weeksPerRow = FiniteRules.weeksPerRow
        let gridWidth = weeksPerRow * pitch - (pitch - cellSize)
        let legendTop = gridTop + picture.rows * pitch + 22
        let phasesTop = legendTop + 2 * 18 + 8
        let height = legendTop + 2 * 18 + 20 + (picture.phases.isEmpty ? 0 : 8 + picture.phases.count * phaseLineHeight)
        // The lanes of the phases' bands start where the grid's margin did.
        let laneLeft = gridLeft + gridWidth + 6
        let marginLeft = laneLeft + picture.phaseLanes * lanePitch
        let width = max(Self.width, marginLeft + 7 * picture.phaseLanes + 16)
        let centre = width / 2

        var svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\""
        svg += " viewBox=\"0 0 \(width) \(height)\">\n"
        svg += "<title>Your Life in Weeks</title>\n"
        svg += styleSheet(mode: picture.mode, phases: Set(picture.phases.map(\.phase.colour)))
        svg += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"\(FinitePalette.background)\"/>\n"

        // Title, the Seneca line and where the life stands.
        svg += text("Your Life in Weeks", x: centre, y: 48, attributes: "class=\"title\" text-anchor=\"middle\"")
        svg += text(
            "\u{201C}Hurry up and live.\u{201D} \u{2014} Seneca", x: centre, y: 72,
            attributes: "class=\"quote\" text-anchor=\"middle\"")
        svg += text(picture.summary, x: centre, y: 92, attributes: "class=\"summary\" text-anchor=\"middle\"")

        // Axes: weeks across the top, age down the left.
        svg += "<g class=\"axis\">\n"
        svg += text("Week of the year \u{2192}", x: gridLeft, y: gridTop - 20)
        svg += text("Age \u{2193}", x: gridLeft - 6, y: gridTop - 20, attributes: "text-anchor=\"end\"")
        for week in weekTicks {
            let x = gridLeft + (week - 1) * pitch + cellSize / 2
            svg += text(String(week), x: x, y: gridTop - 5, attributes: "text-anchor=\"middle\"")
        }
        for year in stride(from: 0, to: picture.rows, by: ageLabelEvery) {
            let y = gridTop + year * pitch + cellSize - 1
            svg += text(String(year), x: gridLeft - 6, y: y, attributes: "text-anchor=\"end\"")
        }
        svg += "</g>\n"

        // The weeks: one group per year of age, one rect per week.
        svg += "<g shape-rendering=\"crispEdges\">\n"
        for year in 0..<picture.rows {
            svg += "<g transform=\"translate(\(gridLeft) \(gridTop + year * pitch))\">\n"
            for week in 0..<weeksPerRow {
                svg += weekElement(picture.cell(at: year * weeksPerRow + week), x: week * pitch)
            }
            svg += "</g>\n"
        }
        svg += "</g>\n"

        // SPEC FIN-11: each phase outlined around its weeks and drawn as a band beside the grid.
        if !picture.phases.isEmpty { svg += phases(picture, laneLeft: laneLeft, marginLeft: marginLeft) }

        // SPEC FIN-3: past the expectancy nothing breaks; a line marks where it ended.
        if picture.rows > status.lifeExpectancyYears {
            let y = gridTop + status.lifeExpectancyYears * pitch - 1
            svg += "<line x1=\"\(gridLeft - 4)\" y1=\"\(y)\" x2=\"\(gridLeft + gridWidth + 4)\" y2=\"\(y)\""
            svg += " stroke=\"\(FinitePalette.beyondExpectancy)\"/>\n"
            svg += text(
                GridPicture.years(status.lifeExpectancyYears),
                x: marginLeft + (picture.phases.isEmpty ? 0 : 7 * picture.phaseLanes), y: y + 3,
                attributes: "class=\"axis\"")
        }

        // The legend: the five ratings, then what the other squares mean.
        svg += "<g class=\"legend\">\n"
        for (offset, rating) in WeekRating.allCases.enumerated() {
            let x = gridLeft + offset * 100
            svg += key("r\(rating.rawValue)", x: x, y: legendTop)
            svg += text("\(rating.rawValue) \(rating.label)", x: x + 14, y: legendTop + 9)
        }
        var keys = [("lived", "Lived"), ("future", "To come"), ("current", "This week")]
        if picture.rows > status.lifeExpectancyYears {
            keys.append(("beyond", "Beyond \(GridPicture.years(status.lifeExpectancyYears))"))
        }
        for (offset, (style, label)) in keys.enumerated() {
            let x = gridLeft + offset * 100
            svg += key(style, x: x, y: legendTop + 18)
            svg += text(label, x: x + 14, y: legendTop + 27)
        }
        // One line per phase: its dash or colour, its key, name and weeks.
        for (offset, band) in picture.phases.enumerated() {
            let y = phasesTop + offset * phaseLineHeight
            svg += "<line class=\"band ph-\(band.phase.colour.rawValue)\" x1=\"\(gridLeft)\" y1=\"\(y + 5)\""
            svg += " x2=\"\(gridLeft + 24)\" y2=\"\(y + 5)\"/>\n"
            svg += text(
                "\(band.key)  \(TerminalText.oneLine(band.phase.name)) \u{2014} \(band.phase.span)", x: gridLeft + 32,
                y: y + 8)
        }
        svg += "</g>\n"
        svg += "</svg>\n"
        return svg
    }

    /// The phases (FIN-11): where each begins and ends in the grid, and a
    /// band in its lane beside the grid from its first week to its last,
    /// measured along the rows (a row is 12 units, a week 12/52 of one),
    /// with its key letter. The lines run through the gaps between the
    /// squares, over a casing of background colour that keeps them apart
    /// from the dark squares of lived weeks (in B&W above all).
    static func phases(_ picture: GridPicture, laneLeft: Int, marginLeft: Int) -> String {
        var svg = "<g class=\"phases\">\n"
        for band in picture.phases {
            guard let weeks = picture.drawnWeeks(band) else { continue }
            let style = "ph-\(band.phase.colour.rawValue)"
            for line in boundaries(weeks, closed: weeks.upperBound == band.weeks.upperBound) {
                let element = line.closed ? "polygon" : "polyline"
                let points = line.points.map { "\($0.0),\($0.1)" }.joined(separator: " ")
                svg += "<\(element) class=\"casing\" points=\"\(points)\"/>\n"
                svg += "<\(element) class=\"edge \(style)\" points=\"\(points)\"/>\n"
            }
            let x = laneLeft + band.lane * lanePitch + 2
            // Tenths of a unit; consecutive bands in one lane stay 0.6 apart,
            // and a band is at least 2 units long.
            let top = gridTop * 10 + (weeks.lowerBound * pitch * 10 + 26) / 52
            let bottom = max(top + 20, gridTop * 10 + ((weeks.upperBound + 1) * pitch * 10 + 26) / 52 - 6)
            svg +=
                "<line class=\"band \(style)\" x1=\"\(x)\" y1=\"\(tenths(top))\" x2=\"\(x)\" y2=\"\(tenths(bottom))\"/>\n"
            svg += text(
                String(band.key), x: marginLeft + 2 + 7 * band.lane, y: (top + 5) / 10 + 7,
                attributes: "class=\"key-letter\"")
        }
        return svg + "</g>\n"
    }

    /// The lines through the gaps that mark weeks `first…last` on the grid:
    /// within one row, a rectangle around them; across rows, the line where
    /// they begin (under the row before the first week, then up and along
    /// the top of the first week's row to its end) and the line where they
    /// end (likewise after the last week), as a text selection's edges run.
    /// `closed`: false when the phase goes on past the last row drawn, which
    /// then has no closing line.
    static func boundaries(_ weeks: ClosedRange<Int>, closed: Bool) -> [(points: [(Int, Int)], closed: Bool)] {
        let perRow = FiniteRules.weeksPerRow
        let (firstRow, firstWeek) = (weeks.lowerBound / perRow, weeks.lowerBound % perRow)
        let (lastRow, lastWeek) = (weeks.upperBound / perRow, weeks.upperBound % perRow)
        let gap = (pitch - cellSize) / 2
        func top(_ row: Int) -> Int { gridTop + row * pitch - gap }
        func bottom(_ row: Int) -> Int { gridTop + row * pitch + cellSize + gap }
        func left(_ week: Int) -> Int { gridLeft + week * pitch - gap }
        func right(_ week: Int) -> Int { gridLeft + week * pitch + cellSize + gap }
        let (gridLeftEdge, gridRightEdge) = (left(0), right(perRow - 1))
        if firstRow == lastRow {
            let box = [
                (left(firstWeek), top(firstRow)), (right(lastWeek), top(firstRow)),
                (right(lastWeek), bottom(firstRow)), (left(firstWeek), bottom(firstRow)),
            ]
            return [(box, true)]
        }
        let opening =
            firstWeek == 0
            ? [(gridLeftEdge, top(firstRow)), (gridRightEdge, top(firstRow))]
            : [
                (gridLeftEdge, bottom(firstRow)), (left(firstWeek), bottom(firstRow)),
                (left(firstWeek), top(firstRow)), (gridRightEdge, top(firstRow)),
            ]
        guard closed else { return [(opening, false)] }
        let closing =
            lastWeek == perRow - 1
            ? [(gridLeftEdge, bottom(lastRow)), (gridRightEdge, bottom(lastRow))]
            : [
                (gridLeftEdge, bottom(lastRow)), (right(lastWeek), bottom(lastRow)),
                (right(lastWeek), top(lastRow)), (gridRightEdge, top(lastRow)),
            ]
        return [(opening, false), (closing, false)]
    }

    /// Tenths of a unit as a decimal: 1283 → "128.3", 1280 → "128".
    static func tenths(_ value: Int) -> String {
        value % 10 == 0 ? String(value / 10) : "\(value / 10).\(value % 10)"
    }

    /// The style sheet: the rating classes come after `current` so that a
    /// marked current week keeps its rating fill under the accent outline.
    static func styleSheet(mode: ViewMode, phases: Set<PhaseColour> = []) -> String {
        var css = "<style>\n"
        css += "text{font-family:Helvetica,Arial,sans-serif;fill:\(FinitePalette.ink)}\n"
        css += ".title{font-size:24px;font-weight:bold}\n"
        css += ".quote{font-size:13px;font-style:italic}\n"
        css += ".summary{font-size:11px}\n"
        css += ".axis,.legend{font-size:9px}\n"
        css += ".lived{fill:\(FinitePalette.lived)}\n"
        css += ".future{fill:none;stroke:\(FinitePalette.future);stroke-width:1}\n"
        css += ".beyond{fill:\(FinitePalette.beyondExpectancyFill(mode: mode))}\n"
        css += ".current{fill:\(FinitePalette.background);stroke:\(FinitePalette.current);stroke-width:2}\n"
        for rating in WeekRating.allCases {
            css += ".r\(rating.rawValue){fill:\(FinitePalette.fill(for: rating, mode: mode))}\n"
        }
        if !phases.isEmpty {
            css += ".casing{fill:none;stroke:\(FinitePalette.background);stroke-width:4}\n"
            css += ".edge{fill:none;stroke-width:2}\n"
            css += ".band{stroke-width:4}\n"
            css += ".key-letter{font-size:8px;font-weight:bold}\n"
            // Only the colours in use, in the palette's order.
            for colour in PhaseColour.allCases where phases.contains(colour) {
                var rule = "stroke:\(FinitePalette.phaseStroke(colour, mode: mode))"
                if mode == .bw, let dash = FinitePalette.phaseDash(colour) { rule += ";stroke-dasharray:\(dash)" }
                css += ".ph-\(colour.rawValue){\(rule)}\n"
            }
        }
        css += "</style>\n"
        return css
    }

    /// One week: a 10-unit square, or a 6-unit one for a week lived past the
    /// expectancy (told apart by size in B&W, where it keeps the lived fill).
    static func weekElement(_ cell: GridPicture.Cell, x: Int) -> String {
        let classes: String
        switch cell {
        case .future: classes = "week future"
        case .lived: classes = "week lived"
        case .livedBeyondExpectancy:
            let inset = 2
            let side = cellSize - 2 * inset
            return
                "<rect class=\"week beyond\" x=\"\(x + inset)\" y=\"\(inset)\" width=\"\(side)\" height=\"\(side)\"/>\n"
        case .marked(let rating): classes = "week r\(rating.rawValue)"
        case .current(nil): classes = "week current"
        case .current(let rating?): classes = "week current r\(rating.rawValue)"
        }
        return "<rect class=\"\(classes)\" x=\"\(x)\" width=\"\(cellSize)\" height=\"\(cellSize)\"/>\n"
    }

    /// A legend swatch; the one for weeks beyond the expectancy is small like them.
    static func key(_ style: String, x: Int, y: Int) -> String {
        let inset = style == "beyond" ? 2 : 0
        let side = cellSize - 2 * inset
        return
            "<rect class=\"key \(style)\" x=\"\(x + inset)\" y=\"\(y + inset)\" width=\"\(side)\" height=\"\(side)\"/>\n"
    }

    static func text(_ content: String, x: Int, y: Int, attributes: String = "") -> String {
        let extra = attributes.isEmpty ? "" : " " + attributes
        return "<text x=\"\(x)\" y=\"\(y)\"\(extra)>\(Markup.escaped(content))</text>\n"
    }

}
