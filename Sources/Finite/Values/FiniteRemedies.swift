import LifeCore

extension LifeError.Remedy {
    /// Finite has no birthday yet.
    public static let finiteSetup = Self(rawValue: "finite.setup")
}

extension LifeError.Remedy {
    /// No phase has the name given.
    public static let finitePhaseList = Self(rawValue: "finite.phaseList")
}
