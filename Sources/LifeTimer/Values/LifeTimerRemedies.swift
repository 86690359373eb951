import LifeCore

extension LifeError.Remedy {
    /// LifeTimer's countdown has no goal yet: add one.
    public static let lifeTimerGoalAdd = Self(rawValue: "lifetimer.goalAdd")
    /// LifeTimer has no account yet: create one.
    public static let lifeTimerAccountCreate = Self(rawValue: "lifetimer.accountCreate")
    /// A LifeTimer account is not on the server yet: publish it (`subject` is its username).
    public static let lifeTimerPublish = Self(rawValue: "lifetimer.publish")
}
