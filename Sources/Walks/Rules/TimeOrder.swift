/// Which times of a track to keep when they do not all run forwards (SPEC
/// WALK-1, WALK-9): time never goes backwards within a track, and one bad
/// time drops only itself.
///
/// A person looking at `10:00, 10:01, 11:02, 10:03, 10:04` sees one point
/// stamped an hour late, not four good times after a good one: the impossible
/// time is the one that breaks the order with both its neighbours while the
/// times around it agree. The rule that says so for any sequence is to keep
/// the most times that run in order (never earlier than the time kept before
/// them) and drop the rest: the longest non-decreasing subsequence. Several
/// choices may keep as many (`10:00, 10:05, 10:03, 10:10`: either middle
/// time); then the earlier times in the file are kept, so a time that comes
/// after a later one is the one dropped, as the reader did before.
///
/// O(n log n) time, O(n) memory; equal times are in order.
enum TimeOrder {
    /// One flag per time, in order: whether it is kept.
    static func keptInOrder(_ times: [Int64]) -> [Bool] {
        let count = times.count
        guard count > 1 else { return Array(repeating: true, count: count) }
        // run[i]: the length of the longest run in order that starts with
        // times[i]. Read backwards, such a run never increases; `tails[k]`
        // holds the latest time that starts a run of k + 1 among the times
        // read so far, and does not increase with k.
        var run = [Int32](repeating: 1, count: count)
        var tails: [Int64] = []
        tails.reserveCapacity(64)
        for index in stride(from: count - 1, through: 0, by: -1) {
            let time = times[index]
            // The first k whose tail is earlier than `time`: runs of k or
            // fewer can start after it.
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if tails[middle] >= time { low = middle + 1 } else { high = middle }
            }
            run[index] = Int32(low + 1)
            if low == tails.count { tails.append(time) } else { tails[low] = time }
        }
        // The earliest times that still leave a longest run: take a time when
        // a run as long as the one still needed starts with it and it is not
        // earlier than the last time taken.
        var needed = Int32(tails.count)
        var last = Int64.min
        var kept = [Bool](repeating: false, count: count)
        for index in 0..<count where needed > 0 && run[index] == needed && times[index] >= last {
            kept[index] = true
            last = times[index]
            needed -= 1
        }
        return kept
    }
}
