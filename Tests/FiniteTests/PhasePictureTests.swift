// Golden files for the poster with life phases (SPEC FIN-11). After a
// deliberate change to the picture, refresh them with:
//
//     LIFECTL_UPDATE_GOLDEN=1 swift test --filter PhasePictureTests
//
// and look at the PNGs (`rsvg-convert`) before committing them.

@testable import Finite
import Foundation
import LifeCore
import Testing

/// Life phases on the poster and in the terminal (SPEC FIN-11): lanes, key
/// letters, the lines where each begins and ends, the bands, the legend.
@Suite struct PhasePictureTests {
    typealias F = PureFixture

    static let status = F.status("1990-05-14", 80, today: "2026-11-22")
    static let grid = F.grid("1990-05-14")

    static func phase(_ name: String, _ start: Int, _ end: Int?, _ colour: PhaseColour) -> PhaseDetail {
        let when = F.instant("2026-01-01T00:00:00Z")
        return PhaseDetail(
            LifePhase(
                id: UUID(), name: name, startWeekIndex: start, endWeekIndex: end, colour: colour, createdAt: when,
                updatedAt: when),
            grid: grid, currentWeekIndex: status.currentWeek.index)
    }

    /// Childhood to week 328, School from week 328 (they share it), Berlin
    /// ongoing from week 1,197, a planned Sabbatical after today.
    static let phases = [
        phase("Sabbatical", 1_905, 1_930, .pink),
        phase("Berlin", 1_196, nil, .indigo),
        phase("School", 327, 947, .violet),
        phase("Childhood", 0, 327, .sky),
    ]

    static func picture(_ mode: ViewMode, phases: [PhaseDetail] = phases, marks: [WeekMark] = PosterSVGTests.marks)
        -> GridPicture
    {
        GridPicture(status: status, marks: marks, mode: mode, phases: phases)
    }

    @Test func lanesAndKeysFollowTheStartWeeks() {
        let bands = PhaseBand.layout(Self.phases)
        #expect(bands.map(\.phase.name) == ["Childhood", "School", "Berlin", "Sabbatical"])
        #expect(bands.map(\.key) == ["A", "B", "C", "D"])
        // School shares week 328 with Childhood: another lane. Berlin starts after
        // Childhood ended; the Sabbatical (1,905) after Berlin's last week, today's (1,899).
        #expect(bands.map(\.lane) == [0, 1, 0, 0])
        #expect(bands.map(\.weeks) == [0...327, 327...947, 1_196...1_899, 1_905...1_930].map { $0 })
        #expect(Self.picture(.color).phaseLanes == 2)
        #expect(GridPicture(status: Self.status, marks: [], mode: .color).phaseLanes == 0)
    }

    @Test func threeOverlappingPhasesTakeThreeLanes() {
        let bands = PhaseBand.layout([
            Self.phase("a", 100, 200, .sky), Self.phase("b", 150, 300, .sky), Self.phase("c", 199, 199, .sky),
            Self.phase("d", 201, 250, .sky),
        ])
        // c (199) meets a and b; d (201) starts after a's end (200): lane 0 again.
        #expect(bands.map(\.lane) == [0, 1, 2, 0])
    }

    @Test func keysRunAToZThenLowerCase() {
        let many = (0..<52).map { Self.phase("P\($0)", $0 * 2, $0 * 2, .sky) }
        let keys = String(PhaseBand.layout(many).map(\.key))
        #expect(keys == "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    }

    /// The lines through the gaps, worked out from the layout (grid at 49,
    /// 128; squares of 10 every 12; the gap's middle 1 unit from a square):
    /// row 1's top is 128 + 12 − 1 = 139, its bottom 128 + 12 + 10 + 1 = 151;
    /// week 8's left 49 + 96 − 1 = 144; the grid's left 48, right 49 + 612 + 11 = 672.
    @Test func boundariesRunThroughTheGaps() {
        // Weeks 60…110: row 1 week 8 to row 2 week 6 (right 49 + 72 + 11 = 132, row 2's bottom 163).
        let lines = PosterSVG.boundaries(60...110, closed: true)
        #expect(lines.map(\.closed) == [false, false])
        #expect(lines[0].points.map { [$0.0, $0.1] } == [[48, 151], [144, 151], [144, 139], [672, 139]])
        #expect(lines[1].points.map { [$0.0, $0.1] } == [[48, 163], [132, 163], [132, 151], [672, 151]])
        // Within one row, a box: weeks 52…53 (right of week 1: 49 + 12 + 11 = 72).
        let box = PosterSVG.boundaries(52...53, closed: true)
        #expect(box.count == 1 && box[0].closed)
        #expect(box[0].points.map { [$0.0, $0.1] } == [[48, 139], [72, 139], [72, 151], [48, 151]])
        // Whole rows: straight lines; a phase running past the picture has no closing line.
        #expect(
            PosterSVG.boundaries(52...155, closed: true).map { $0.points.map { [$0.0, $0.1] } } == [
                [[48, 139], [672, 139]], [[48, 163], [672, 163]],
            ])
        #expect(PosterSVG.boundaries(52...155, closed: false).count == 1)
    }

    @Test(arguments: [(ViewMode.color, "poster-phases.svg"), (.bw, "poster-phases-bw.svg")])
    func matchesGolden(mode: ViewMode, file: String) throws {
        try PosterSVGTests.expectGolden(PosterSVG.render(Self.picture(mode)), file: file)
    }

    /// The poster with phases still has one element per week with the same
    /// classes: phases change no week's fill.
    @Test func phasesChangeNoWeek() throws {
        let plain = try PosterSVGTests.WeekCounter.count(PosterSVG.render(PosterSVGTests.picture(.color)))
        let phased = try PosterSVGTests.WeekCounter.count(PosterSVG.render(Self.picture(.color)))
        #expect(phased.weeks == plain.weeks)
        #expect(phased.byClass == plain.byClass)
        // The legend: a line per phase, keyed, with its weeks and dates.
        #expect(phased.texts.contains("A  Childhood \u{2014} weeks 1\u{2013}328, 1990-05-14 to 1996-09-02"))
        #expect(phased.texts.contains("B  School \u{2014} weeks 328\u{2013}948, 1996-08-27 to 2008-08-05"))
        #expect(phased.texts.contains("C  Berlin \u{2014} weeks 1,197\u{2013}1,900, 2013-05-14 to now (ongoing)"))
        #expect(phased.texts.contains("D  Sabbatical \u{2014} weeks 1,906\u{2013}1,931, 2026-12-31 to 2027-07-01"))
    }

    @Test func bandsAndColours() {
        let svg = PosterSVG.render(Self.picture(.color))
        // Four bands beside the grid and four legend swatches.
        #expect(svg.components(separatedBy: "<line class=\"band ").count - 1 == 8)
        // Childhood's band, lane 0 at x = 677 + 2, from row 0 (128) to week 328's
        // end: 128 + 328·12/52 = 203.69…, less 0.6, in tenths 2031.
        #expect(svg.contains("<line class=\"band ph-sky\" x1=\"679\" y1=\"128\" x2=\"679\" y2=\"203.1\"/>"))
        // School in lane 1 (x = 677 + 8 + 2), from week 328's top: 128 + 327·12/52 = 203.46… → 203.5.
        #expect(svg.contains("<line class=\"band ph-violet\" x1=\"687\" y1=\"203.5\""))
        for colour in [PhaseColour.sky, .violet, .indigo, .pink] {
            #expect(svg.contains(".ph-\(colour.rawValue){stroke:\(FinitePalette.phaseHex(colour))}"))
        }
        #expect(!svg.contains(".ph-magenta"))
        // No phase colour is a rating's.
        let ratings = Set(WeekRating.allCases.flatMap { [FinitePalette.hex(for: $0), FinitePalette.grey(for: $0)] })
        #expect(ratings.isDisjoint(with: PhaseColour.allCases.map(FinitePalette.phaseHex)))
    }

    @Test func blackAndWhiteTellsPhasesApartByDashes() {
        let svg = PosterSVG.render(Self.picture(.bw))
        #expect(svg.contains(".ph-sky{stroke:#1C1C1C}"))
        #expect(svg.contains(".ph-violet{stroke:#1C1C1C;stroke-dasharray:6 3}"))
        #expect(svg.contains(".ph-indigo{stroke:#1C1C1C;stroke-dasharray:8 3 2 3}"))
        #expect(svg.contains(".ph-pink{stroke:#1C1C1C;stroke-dasharray:1 3}"))
        for colour in PhaseColour.allCases { #expect(!svg.contains(FinitePalette.phaseHex(colour))) }
        // Every colour's dash differs from every other's.
        #expect(Set(PhaseColour.allCases.map { FinitePalette.phaseDash($0) ?? "solid" }).count == 6)
    }

    @Test func withoutPhasesThePosterIsAsBefore() {
        #expect(PosterSVG.render(Self.picture(.color, phases: [])) == PosterSVG.render(PosterSVGTests.picture(.color)))
    }

    @Test func terminalBandsAndLegend() {
        let text = TerminalGrid.render(Self.picture(.color, marks: []), ansiColor: false)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Line 0 the summary, 1 the ruler, then one per row of age.
        let lived = String(repeating: "\u{25A0}", count: 52)
        #expect(lines[2] == "  0 " + lived + " A")
        // Row 6 holds week 328, Childhood's last and School's first.
        #expect(lines[8] == "    " + lived + " AB")
        #expect(lines[9] == "    " + lived + "  B")
        // Row 18 holds School's last week (948) only; rows 19–22 none; row 23 Berlin from week 1,197.
        #expect(lines[20] == "    " + lived + "  B")
        #expect(lines[21] == "    " + lived)
        #expect(lines[25].hasSuffix(" C"))
        // Row 36: the current week; Berlin ends and the Sabbatical begins in lane 0: the beginning wins.
        // The Sabbatical's last week, 1,931 (index 1,930), is in row 37.
        #expect(lines[38].hasSuffix(" D"))
        #expect(lines[39] == "    " + String(repeating: "\u{00B7}", count: 52) + " D")
        #expect(lines[40] == "    " + String(repeating: "\u{00B7}", count: 52))
        #expect(
            lines.suffix(5) == [
                "A Childhood \u{2014} weeks 1\u{2013}328, 1990-05-14 to 1996-09-02",
                "B School \u{2014} weeks 328\u{2013}948, 1996-08-27 to 2008-08-05",
                "C Berlin \u{2014} weeks 1,197\u{2013}1,900, 2013-05-14 to now (ongoing)",
                "D Sabbatical \u{2014} weeks 1,906\u{2013}1,931, 2026-12-31 to 2027-07-01",
                "",
            ])
        // In colour the letter takes the phase's colour (sky #4BA3E3 = 75, 163, 227); in B&W it stays ink.
        #expect(
            TerminalGrid.render(Self.picture(.color), ansiColor: true).contains("\u{1B}[38;2;75;163;227mA\u{1B}[0m"))
        #expect(!TerminalGrid.render(Self.picture(.bw), ansiColor: true).contains("75;163;227"))
        // Without phases nothing is added.
        #expect(
            TerminalGrid.render(Self.picture(.color, phases: [], marks: []), ansiColor: false)
                == TerminalGrid.render(
                    GridPicture(status: Self.status, marks: [], mode: .color), ansiColor: false))
    }
}
