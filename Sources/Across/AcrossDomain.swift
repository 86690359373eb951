import LifeCore

/// What belongs to no one product: the full-text index over all of them
/// (`Schema/0009_search.sql`). Its tables are derived from the products'
/// rows and rebuilt by triggers, so none of them is counted as saved data.
public enum AcrossDomain {
    public static let domain = ProductDomain(
        name: "search", tablePrefix: "search_",
        uncountedTables: [
            "search_documents", "search_index", "search_index_data", "search_index_idx", "search_index_docsize",
            "search_index_config",
        ])
}
