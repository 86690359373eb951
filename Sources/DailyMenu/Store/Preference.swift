/// One of the owner's preference tables, all of one shape (a key, `is_on`,
/// `created_at`, `updated_at`). The names are this module's constants, never
/// input.
enum Preference: CaseIterable {
    case favorites, hiddenActivities, excludedCategories

    var table: String {
        switch self {
        case .favorites: "dailymenu_favorites"
        case .hiddenActivities: "dailymenu_hidden_activities"
        case .excludedCategories: "dailymenu_excluded_categories"
        }
    }

    var key: String {
        switch self {
        case .favorites, .hiddenActivities: "activity_id"
        case .excludedCategories: "category"
        }
    }
}
