/// Paper, ink and the three calendar marks (FR37) of one theme.
public struct DailyMenuPalette: Sendable, Equatable {
    public let paper: String
    public let ink: String
    public let faint: String
    /// Completed (terracotta), mood improved (forest), several (mustard).
    public let terracotta: String
    public let forest: String
    public let mustard: String

    /// The plain palette, before any theme is chosen.
    public static let plain = DailyMenuPalette(
        paper: "#FFFDF8", ink: "#3B3030", faint: "#D9D2C7", terracotta: "#C8623E", forest: "#3E6B48",
        mustard: "#D9A62E")

    public static func of(_ theme: ColourTheme?) -> DailyMenuPalette {
        switch theme {
        case nil: plain
        case .morningCafe?:
            DailyMenuPalette(
                paper: "#F7EFE5", ink: "#4A3428", faint: "#DCCBB8", terracotta: "#B85A3A", forest: "#46684A",
                mustard: "#C99A2E")
        case .gardenParty?:
            DailyMenuPalette(
                paper: "#F2F6EC", ink: "#2E4030", faint: "#CCD8C2", terracotta: "#C8623E", forest: "#2F6B3C",
                mustard: "#D6A93A")
        case .sunsetBistro?:
            DailyMenuPalette(
                paper: "#FBEDE4", ink: "#55282A", faint: "#E8C9BC", terracotta: "#C2553A", forest: "#3D5F45",
                mustard: "#DDA13A")
        }
    }
}
