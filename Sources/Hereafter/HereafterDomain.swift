import LifeCore

/// The Hereafter product's place in the shared database (SPEC §6, HA-*).
///
/// Only the domain's identity lives here so far: its store, rules and tables
/// arrive with its own issue, and `docs/design.md` says so.
public enum HereafterDomain {
    public static let domain = ProductDomain(name: "hereafter", tablePrefix: "hereafter_")
}
