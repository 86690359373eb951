import LifeCore

/// The LifeTimer product's place in the shared database (SPEC §4, LT-*).
///
/// Only the domain's identity lives here so far: its store, rules and tables
/// arrive with its own issue, and `docs/design.md` says so.
public enum LifeTimerDomain {
    public static let domain = ProductDomain(name: "lifetimer", tablePrefix: "lifetimer_")
}
