import LifeCore

/// One product's part of a statistics page (`lifectl stats`, SPEC STAT-1):
/// a value the product computed from its own rows, with no I/O left to do.
/// Encoded under `key` in the page's JSON (with the kernel's `activity`
/// beside its own keys), printed as a titled block of `lines`, drawn as its
/// `charts`.
public protocol StatisticsSection: Sendable, Encodable {
    /// `finite`, `walks`, `lifeTimer`.
    var key: String { get }
    /// "Finite".
    var title: String { get }
    /// Every day the owner used the product (any order, repeats allowed);
    /// the kernel keeps those in the window and works out the active days
    /// and return rates from them.
    var activeDays: [CivilDate] { get }
    /// The product's figures in words, one line each.
    var lines: [String] { get }
    /// Its small charts, at most two.
    var charts: [StatisticsChart] { get }
    /// `#rrggbb`: the product's colour on the page.
    var color: String { get }
}
