import Foundation
import LifeCore

/// A printable walk sheet (the seed's "export functionality (PDF, SVG)"):
/// one A4 page with the walk's name and date, its pencil doodle and its
/// figures, as PDF (`PDFDocument`). The doodle is the one `DoodleSVG` draws,
/// stroke for stroke (the same path, seed and pencil), without the paper
/// grain, which is an SVG filter PDF has no operator for. Pure: the same
/// walk gives the same bytes.
public enum WalkSheet {
    /// Page margins, in points.
    static let margin = 48.0

    /// The sheet of `walk`, whose simplified path is `path`, with figures
    /// in `units` and the date in `zone`.
    public static func pdf(_ walk: WalkSummary, path: Track, units: Units, zone: TimeZone) -> [UInt8] {
        let (width, height) = PDFDocument.a4
        let side = width - 2 * margin
        var canvas = PDFCanvas()
        canvas.setFillColor(hex: DoodleStyle.ink)
        let title = PDFFont.helveticaBold.fitted(walk.displayName, width: side, size: 24)
        canvas.text(title, x: margin, y: height - 72, font: .helveticaBold, size: 24)
        canvas.text(dateLine(walk, zone: zone), x: margin, y: height - 94, font: .helvetica, size: 12)

        // The doodle, y down from the square's top left, as in the SVG.
        let top = height - 110
        canvas.save()
        canvas.concatenate(1, 0, 0, -1, margin, top)
        canvas.setStrokeColor(hex: DoodleStyle.ink)
        canvas.setLineCap(.round)
        canvas.setLineJoin(.round)
        var random = SplitMix64(seed: walk.id)
        let projected = LocalProjection.project(path)
        let fit = PlaneFit(projected, width: side, height: side, inset: side * DoodleStyle.paddingRatio)
        var doodle = DoodlePDFCanvas(pdf: canvas, size: side)
        let dots = DoodleSVG.strokes(fit.place(projected), size: side, random: &random, into: &doodle)
        canvas = doodle.pdf
        for dot in dots {
            canvas.save()
            canvas.setAlpha(DoodleStyle.firstPassOpacity.upperBound)
            canvas.circle(centerX: dot.x, dot.y, radius: DoodleStyle.dotDiameter / 2)
            canvas.fill()
            canvas.restore()
        }
        canvas.restore()

        // The figures, two columns under the square.
        var y = top - side - 28
        for (label, value) in figures(walk, units: units) {
            canvas.text(label, x: margin, y: y, font: .helveticaBold, size: 12)
            canvas.text(
                PDFFont.helvetica.fitted(value, width: side - 110, size: 12), x: margin + 110, y: y, font: .helvetica,
                size: 12)
            y -= 18
        }
        canvas.text("Only Walks", x: margin, y: 30, font: .helvetica, size: 9)
        let page = PDFDocument.Page(width: width, height: height, canvas: canvas)
        return PDFDocument(title: walk.displayName, pages: [page]).bytes()
    }

    /// "2026-11-14 07:42", with what dates it when it is not the walk's start.
    static func dateLine(_ walk: WalkSummary, zone: TimeZone) -> String {
        let date = Timestamp.local(walk.date, in: zone)
        switch walk.dateSource {
        case .start: return date
        case .file: return date + " (its file's time; the walk has no times)"
        case .added: return date + " (added; the walk has no times)"
        }
    }

    /// The figures `walks show` gives, label and value.
    static func figures(_ walk: WalkSummary, units: Units) -> [(String, String)] {
        var rows = [("Distance", WalkFormatting.distance(walk.distanceMeters, units: units))]
        if let elapsed = walk.elapsedSeconds {
            var duration = WalkFormatting.duration(elapsed)
            if let moving = walk.movingSeconds { duration += " (moving \(WalkFormatting.duration(moving)))" }
            rows.append(("Duration", duration))
            rows.append(("Pace", WalkFormatting.pace(walk, units: units) ?? "–"))
        } else {
            rows.append(("Duration", "– (\(WalkFormatting.missingTimes(walk) ?? "no duration"))"))
        }
        if let ascent = walk.ascentMeters {
            var climb = WalkFormatting.elevation(ascent, units: units) + " up"
            if let descent = walk.descentMeters {
                climb += ", " + WalkFormatting.elevation(descent, units: units) + " down"
            }
            rows.append(("Climb", climb))
        }
        var points = Format.count(walk.pointCount, "point", "points")
        if walk.segmentCount > 1 { points += " in \(walk.segmentCount) segments" }
        rows.append(("Points", points))
        return rows
    }
}
