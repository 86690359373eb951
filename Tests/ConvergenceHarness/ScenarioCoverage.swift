/// How many histories held each case issue 27 names (docs/reliability.md,
/// "REL-7"), so that a run shows it tried them, not only that it passed:
/// counted from what the operations did (a refused one does not count).
struct ScenarioCoverage {
    /// The countdown of one username started on two devices or more.
    var twoStarts = 0
    /// A goal deleted on one device while another started the countdown of
    /// the same username (in either order).
    var deleteAroundStart = 0
    /// More than 20 goals made for one username, on two devices or more.
    var moreThanTwentyGoals = 0
    /// One GPX file imported (not found already there) on two devices.
    var duplicateGPX = 0
    /// A device's clock a day or more ahead for some steps, then set right.
    var clockAheadThenFixed = 0
    /// A damaged or foreign file delivered (and the files delivered).
    var damagedFiles = 0
    var damagedFilesDelivered = 0
    /// Mood sharing switched off on a device, in a history with rituals
    /// completed with a mood.
    var moodSharingOff = 0

    mutating func add(_ other: ScenarioCoverage) {
        twoStarts += other.twoStarts
        deleteAroundStart += other.deleteAroundStart
        moreThanTwentyGoals += other.moreThanTwentyGoals
        duplicateGPX += other.duplicateGPX
        clockAheadThenFixed += other.clockAheadThenFixed
        damagedFiles += other.damagedFiles
        damagedFilesDelivered += other.damagedFilesDelivered
        moodSharingOff += other.moodSharingOff
    }

    var summary: String {
        "two starts \(twoStarts), a goal deleted around a start \(deleteAroundStart), "
            + "more than 20 goals across devices \(moreThanTwentyGoals), one GPX file imported on two devices "
            + "\(duplicateGPX), a clock far ahead then fixed \(clockAheadThenFixed), damaged files \(damagedFiles) "
            + "(\(damagedFilesDelivered) files), mood sharing switched off \(moodSharingOff)"
    }
}
