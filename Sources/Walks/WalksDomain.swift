import LifeCore

/// The Walks product's place in the shared database (SPEC §5, WALK-*).
///
/// Only the domain's identity lives here so far: its store, rules and tables
/// arrive with its own issue, and `docs/design.md` says so.
public enum WalksDomain {
    public static let domain = ProductDomain(name: "walks", tablePrefix: "walks_")
}
