import Foundation
import LifeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// CORE-8: a progress line for long work, on a terminal only (stderr).
struct Progress {
    let total: Int
    let enabled: Bool

    init(total: Int) {
        self.total = total
        enabled = total > 1 && isatty(STDERR_FILENO) == 1
    }

    func show(_ index: Int, _ label: String) {
        guard enabled else { return }
        Terminal.writeToStandardError("\r\u{1B}[K[\(index + 1)/\(total)] \(TerminalText.echoed(label))")
    }

    func clear() {
        guard enabled else { return }
        Terminal.writeToStandardError("\r\u{1B}[K")
    }
}
