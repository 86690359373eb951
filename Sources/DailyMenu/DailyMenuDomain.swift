import LifeCore

/// The DailyMenu product's place in the shared database (SPEC §7, DM-*): its
/// tables (`Schema/0007_dailymenu.sql`), its rules in `DailyMenuRules` and
/// `DailyMenuStore`.
public enum DailyMenuDomain {
    public static let domain = ProductDomain(
        name: "dailymenu", tablePrefix: "dailymenu_",
        tables: [
            "dailymenu_categories", "dailymenu_packs", "dailymenu_activities", "dailymenu_profile",
            "dailymenu_favorites", "dailymenu_hidden_activities", "dailymenu_excluded_categories",
            "dailymenu_starts", "dailymenu_completions",
        ])
}
