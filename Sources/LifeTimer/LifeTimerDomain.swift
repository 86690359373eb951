import LifeCore

/// The LifeTimer product's place in the shared database (SPEC §4, LT-*):
/// its tables all start with `lifetimer_` (Schema/0006_lifetimer.sql).
public enum LifeTimerDomain {
    public static let domain = ProductDomain(name: "lifetimer", tablePrefix: "lifetimer_")
}
