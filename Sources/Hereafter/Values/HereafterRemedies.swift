import LifeCore

extension LifeError.Remedy {
    /// Hereafter has no profile yet: onboard with a first name.
    public static let hereafterOnboard = Self(rawValue: "hereafter.onboard")
}
