extension LifeTimerStore {
    /// What a report is about (LT-8).
    public enum ReportSubject: Sendable {
        case account(username: String)
        /// A goal or milestone by its id or the first 4+ characters of it.
        case goal(id: String)
        case milestone(id: String)
    }
}
