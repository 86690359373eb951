import DailyMenu

/// DailyMenu's `--theme` (CORE-13): a colour theme (`ColourTheme`, by id or
/// name), or `plain` for none.
struct ThemeName: ArgumentType {
    /// The theme, or nil for plain.
    let theme: ColourTheme?

    static var argumentValues: [String] { ColourTheme.allCases.map(\.rawValue) + ["plain"] }

    static func parse(_ text: String, field: String) throws -> ThemeName {
        if text.lowercased() == "plain" { return ThemeName(theme: nil) }
        return ThemeName(theme: try ColourTheme.parse(text, field: field))
    }
}
