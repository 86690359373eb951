import Foundation
import LifeCore

/// Progress against time as a picture (LT-10, `lifectl lifetimer progress
/// --svg FILE`): the 1,356 days along the bottom, 0–100 % up the side; the
/// share of the challenge's time elapsed as a grey diagonal (solid up to
/// today, dashed after), overall progress as a dark line stepping up on the
/// days it moved, today in red, each completed milestone a filled dot on
/// the progress line on its day, each open one a hollow dot on the time
/// axis on its due date. Above the line is ahead of the clock, below it is
/// behind. A pure renderer: values in, SVG text out, byte for byte the same
/// each time.
public struct ProgressPicture: Sendable, Equatable {
    public let series: ProgressSeries

    public init(series: ProgressSeries) {
        self.series = series
    }

    static let width = 720.0
    static let height = 400.0
    static let left = 64.0
    static let right = 24.0
    static let top = 64.0
    static let bottom = 88.0
    static let progressColor = "#1d3557"
    static let elapsedColor = "#8d99ae"
    static let gridColor = "#e5e8ec"
    static let todayColor = "#e63946"
    static let markColor = "#2a9d8f"
    static let font = "font-family=\"Helvetica, Arial, sans-serif\""

    static var plotWidth: Double { width - left - right }
    static var plotHeight: Double { height - top - bottom }

    /// The x of the end of challenge day `day` (0: the start).
    static func x(_ day: Double) -> Double { left + plotWidth * day / Double(LifeTimerRules.challengeDays) }
    /// The y of a fraction 0 … 1.
    static func y(_ fraction: Double) -> Double { top + plotHeight * (1 - min(1, max(0, fraction))) }

    static func number(_ value: Double) -> String { Format.fixed(value, decimals: 1) }

    /// The picture, its words, numbers and dates in `voice`'s language (LT-9).
    public func svg(voice: LifeTimerVoice = .english) -> String {
        let days = Double(LifeTimerRules.challengeDays)
        let (left, top) = (Self.left, Self.top)
        let (plotWidth, plotHeight) = (Self.plotWidth, Self.plotHeight)
        let axisY = top + plotHeight
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="720" height="400" viewBox="0 0 720 400">
            <rect width="720" height="400" fill="#ffffff"/>

            """
        // The headline: who, which day, done against elapsed.
        let last = series.points.last
        let headline: String
        if let last {
            headline = voice.say(
                .pictureHeadline,
                [
                    "day": voice.number(last.day), "done": voice.fixed(last.progress * 100, decimals: 1),
                    "elapsed": voice.fixed(last.elapsed * 100, decimals: 1),
                ])
        } else {
            headline = voice.say(.pictureNoSeries)
        }
        out +=
            "<text x=\"\(Self.number(left))\" y=\"28\" \(Self.font) font-size=\"16\" font-weight=\"bold\" fill=\"\(Self.progressColor)\">\(Markup.escaped(series.username))</text>\n"
        out +=
            "<text x=\"\(Self.number(left))\" y=\"48\" \(Self.font) font-size=\"13\" fill=\"#555555\">\(headline)</text>\n"
        // The grid: every quarter of progress, every quarter of the days.
        for quarter in 0...4 {
            let fraction = Double(quarter) / 4
            let y = Self.number(Self.y(fraction))
            out +=
                "<line x1=\"\(Self.number(left))\" y1=\"\(y)\" x2=\"\(Self.number(left + plotWidth))\" y2=\"\(y)\" stroke=\"\(Self.gridColor)\" stroke-width=\"1\"/>\n"
            out +=
                "<text x=\"\(Self.number(left - 8))\" y=\"\(Self.number(Self.y(fraction) + 4))\" text-anchor=\"end\" \(Self.font) font-size=\"11\" fill=\"#555555\">\(quarter * 25)%</text>\n"
        }
        let startDate = series.startedAt.flatMap { _ in series.points.first?.date }
        for quarter in 0...4 {
            let day = quarter == 0 ? 1 : quarter * LifeTimerRules.challengeDays / 4
            let x = Self.number(Self.x(Double(quarter) * days / 4))
            out +=
                "<line x1=\"\(x)\" y1=\"\(Self.number(axisY))\" x2=\"\(x)\" y2=\"\(Self.number(axisY + 5))\" stroke=\"#555555\" stroke-width=\"1\"/>\n"
            let anchor = quarter == 0 ? "start" : quarter == 4 ? "end" : "middle"
            out +=
                "<text x=\"\(x)\" y=\"\(Self.number(axisY + 19))\" text-anchor=\"\(anchor)\" \(Self.font) font-size=\"11\" fill=\"#555555\">\(voice.say(.pictureDay, ["day": voice.number(day)]))</text>\n"
            if let startDate {
                out +=
                    "<text x=\"\(x)\" y=\"\(Self.number(axisY + 33))\" text-anchor=\"\(anchor)\" \(Self.font) font-size=\"10\" fill=\"#888888\">\(voice.shortDate(startDate.adding(days: day - 1)))</text>\n"
            }
        }
        out +=
            "<line x1=\"\(Self.number(left))\" y1=\"\(Self.number(axisY))\" x2=\"\(Self.number(left + plotWidth))\" y2=\"\(Self.number(axisY))\" stroke=\"#555555\" stroke-width=\"1\"/>\n"
        // Time elapsed: solid over the days lived, dashed over the rest.
        var lived = "M\(Self.number(Self.x(0))) \(Self.number(Self.y(0)))"
        for point in series.points {
            lived += "L\(Self.number(Self.x(Double(point.day)))) \(Self.number(Self.y(point.elapsed)))"
        }
        let lastX = Self.x(Double(last?.day ?? 0))
        let lastElapsed = last?.elapsed ?? 0
        if !series.points.isEmpty {
            out += "<path d=\"\(lived)\" fill=\"none\" stroke=\"\(Self.elapsedColor)\" stroke-width=\"2\"/>\n"
        }
        if lastElapsed < 1 {
            out +=
                "<path d=\"M\(Self.number(lastX)) \(Self.number(Self.y(lastElapsed)))L\(Self.number(Self.x(days))) \(Self.number(Self.y(1)))\" fill=\"none\" stroke=\"\(Self.elapsedColor)\" stroke-width=\"1.5\" stroke-dasharray=\"5 4\"/>\n"
        }
        // Progress: level through each day, stepping at its end when it moved.
        if !series.points.isEmpty {
            var d = "M\(Self.number(Self.x(0))) \(Self.number(Self.y(0)))"
            var level = 0.0
            for point in series.points {
                d += "H\(Self.number(Self.x(Double(point.day))))"
                if point.progress != level {
                    d += "V\(Self.number(Self.y(point.progress)))"
                    level = point.progress
                }
            }
            out += "<path d=\"\(d)\" fill=\"none\" stroke=\"\(Self.progressColor)\" stroke-width=\"2.5\"/>\n"
            // Today (or the last day), in red.
            if let last, last.elapsed < 1 {
                out +=
                    "<line x1=\"\(Self.number(lastX))\" y1=\"\(Self.number(top))\" x2=\"\(Self.number(lastX))\" y2=\"\(Self.number(axisY))\" stroke=\"\(Self.todayColor)\" stroke-width=\"1\"/>\n"
                out +=
                    "<text x=\"\(Self.number(lastX + 4))\" y=\"\(Self.number(top + 12))\" \(Self.font) font-size=\"11\" fill=\"\(Self.todayColor)\">\(voice.say(.today))</text>\n"
            }
        }
        // Milestones: completed on the progress line, open on the time axis.
        let progressOn = Dictionary(
            series.points.map { ($0.day, $0.progress) }, uniquingKeysWith: { first, _ in first })
        for mark in series.marks where (1...LifeTimerRules.challengeDays).contains(mark.day) {
            let x = Self.number(Self.x(Double(mark.day)))
            if mark.completed {
                guard let progress = progressOn[mark.day] else { continue }
                out +=
                    "<circle cx=\"\(x)\" cy=\"\(Self.number(Self.y(progress)))\" r=\"4\" fill=\"\(Self.markColor)\" stroke=\"\(Self.markColor)\" stroke-width=\"1.5\"/>\n"
            } else {
                out +=
                    "<circle cx=\"\(x)\" cy=\"\(Self.number(axisY))\" r=\"4\" fill=\"#ffffff\" stroke=\"\(Self.markColor)\" stroke-width=\"1.5\"/>\n"
            }
        }
        // The legend.
        let legendY = Self.height - 16
        let legend: [(String, String)] = [
            (
                "<line x1=\"0\" y1=\"0\" x2=\"20\" y2=\"0\" stroke=\"\(Self.progressColor)\" stroke-width=\"2.5\"/>",
                voice.say(.legendDone)
            ),
            (
                "<line x1=\"0\" y1=\"0\" x2=\"20\" y2=\"0\" stroke=\"\(Self.elapsedColor)\" stroke-width=\"2\" stroke-dasharray=\"5 4\"/>",
                voice.say(.legendElapsed)
            ),
            ("<circle cx=\"10\" cy=\"0\" r=\"4\" fill=\"\(Self.markColor)\"/>", voice.say(.legendCompleted)),
            (
                "<circle cx=\"10\" cy=\"0\" r=\"4\" fill=\"#ffffff\" stroke=\"\(Self.markColor)\" stroke-width=\"1.5\"/>",
                voice.say(.legendDue)
            ),
        ]
        var x = left
        for (sample, label) in legend {
            out += "<g transform=\"translate(\(Self.number(x)) \(Self.number(legendY - 4)))\">\(sample)</g>\n"
            out +=
                "<text x=\"\(Self.number(x + 26))\" y=\"\(Self.number(legendY))\" \(Self.font) font-size=\"12\" fill=\"#333333\">\(label)</text>\n"
            x += 26 + Double(label.count) * 7 + 24
        }
        out += "</svg>\n"
        return out
    }
}
