import ConvergenceHarness
import Foundation

// REL-7 as a program (docs/reliability.md, "REL-7"): the same run as
// `ConvergencePropertyTests`, built in release by `scripts/convergence
// --release` and by `scripts/test` (1,000 seeds), which an optimised test
// bundle of the whole package would cost far more to build. The knobs are
// the environment's (`ConvergenceRun`); exit 0 when every seed passed, 1
// when one failed, 70 when the run could not be set up.
do {
    let failing = try ConvergenceRun(environment: ProcessInfo.processInfo.environment).run()
    exit(failing.isEmpty ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("convergence: could not set up the run: \(error)\n".utf8))
    exit(70)
}
