import LifeCore

/// The DailyMenu product's place in the shared database (SPEC §7, DM-*).
///
/// Only the domain's identity lives here so far: its store, rules and tables
/// arrive with its own issue, and `docs/design.md` says so.
public enum DailyMenuDomain {
    public static let domain = ProductDomain(name: "dailymenu", tablePrefix: "dailymenu_")
}
