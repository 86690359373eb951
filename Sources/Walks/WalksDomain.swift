import LifeCore

/// The Only Walks product's place in the shared database (SPEC §5, WALK-*):
/// its tables (`Schema/0003_walks.sql`, `0008_walks_file_time.sql`) are `walks` and `walks_*`, its rules
/// in `WalksStore`.
public enum WalksDomain {
    public static let domain = ProductDomain(
        name: "walks", tablePrefix: "walks", tables: ["walks", "walks_live_points"])
}
