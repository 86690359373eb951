import LifeCore

extension LifeError.Remedy {
    /// Finite has no birthday yet.
    public static let finiteSetup = Self(rawValue: "finite.setup")
}
