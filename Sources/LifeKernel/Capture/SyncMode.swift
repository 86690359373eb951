/// `sync_site.mode` (docs/sync.md, section 3).
package enum SyncMode {
    /// A program that set no clock: each recorded row ticks the clock.
    package static let unstamped = 0
    /// A transaction stamped with its clock, not ticked yet.
    package static let stamped = 1
    /// Applying a bundle: the triggers record nothing.
    package static let applying = 2
    /// A stamped transaction whose clock has ticked.
    package static let ticked = 3
}
