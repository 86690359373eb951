import LifeCore

extension LifeError.Remedy {
    /// A walk was named that does not exist: the list of walks shows the ids.
    public static let walksList = Self(rawValue: "walks.list")
    /// A walk's recording was interrupted: resume it or finish it.
    public static let walksResumeOrFinish = Self(rawValue: "walks.resumeOrFinish")
    /// No walk is being recorded: start one.
    public static let walksRecord = Self(rawValue: "walks.record")
}
