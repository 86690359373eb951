import LifeCore

/// The Hereafter product's place in the shared database (SPEC §6, HA-*):
/// its tables are `hereafter_*` (`Schema/0004_hereafter.sql`), its rules in
/// `HereafterStore`.
public enum HereafterDomain {
    public static let domain = ProductDomain(
        name: "hereafter", tablePrefix: "hereafter_",
        tables: ["hereafter_profile", "hereafter_threads", "hereafter_messages", "hereafter_photos"],
        uncountedTables: [
            "hereafter_thread_locations", "hereafter_thread_locations_node", "hereafter_thread_locations_rowid",
            "hereafter_thread_locations_parent",
        ])
}
