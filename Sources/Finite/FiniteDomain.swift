import LifeCore

/// Finite's place in the shared database (SPEC §3): tables `finite_*`.
public enum FiniteDomain {
    public static let domain = ProductDomain(
        name: "finite", tablePrefix: "finite_", tables: ["finite_profile", "finite_marks"])
}
