import LifeCore

extension LifeError.Remedy {
    /// A DailyMenu activity was named that does not exist: the list shows them.
    public static let dailyMenuActivities = Self(rawValue: "dailymenu.activities")
    /// A DailyMenu ritual is still open: complete it (`subject` is the activity's id).
    public static let dailyMenuComplete = Self(rawValue: "dailymenu.complete")
}
