/// A DailyMenu category as `--category` takes it (CORE-13): its id or its
/// name, any case. Help and the shells list the catalogue's eight ids
/// (`Schema/0007_dailymenu.sql`); which category a word names is decided by
/// the store, which also knows any a later catalogue adds.
struct CategoryName: ArgumentType {
    let name: String

    static var argumentValues: [String] {
        ["move", "breathe", "create", "connect", "outdoors", "nourish", "tidy", "learn"]
    }

    static func parse(_ text: String, field: String) throws -> CategoryName {
        CategoryName(name: text)
    }
}
