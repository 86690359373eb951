import Foundation

/// A flag one thread raises and another reads (the storm tests' "the write
/// has returned, stop interrupting").
public final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false

    public init() {}

    public var value: Bool {
        get { lock.withLock { raised } }
        set { lock.withLock { raised = newValue } }
    }
}
