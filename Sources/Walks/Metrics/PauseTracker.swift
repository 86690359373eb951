/// Sorts the steps of one segment into moving and paused (SPEC WALK-3): slow
/// steps are held in a run until a fast step or the segment's end decides
/// whether the run lasted long enough to be a pause.
struct PauseTracker {
    var movingMilliseconds: Int64 = 0
    var slowRunMilliseconds: Int64 = 0

    mutating func add(durationMilliseconds: Int64, meters: Double) {
        // Slower than 0.5 m/s: meters < 0.5 · seconds. A micrometre of slack
        // keeps a step of exactly 0.5 m/s (100 m in 200 s) from turning slow
        // through the rounding of degrees to metres; coordinates themselves
        // are only precise to about 1 cm.
        let slow = meters * 1000 + 1e-3 < WalksRules.slowSpeedMetersPerSecond * Double(durationMilliseconds)
        if slow {
            slowRunMilliseconds &+= durationMilliseconds
        } else {
            closeRun()
            movingMilliseconds &+= durationMilliseconds
        }
    }

    private mutating func closeRun() {
        if slowRunMilliseconds < WalksRules.pauseMinimumMilliseconds {
            movingMilliseconds &+= slowRunMilliseconds
        }
        slowRunMilliseconds = 0
    }

    mutating func finish() -> Int64 {
        closeRun()
        return movingMilliseconds
    }
}
