import Foundation
import LifeCore
import LifeDB

extension Owner {
    /// What `lifectl db check` verifies of the shared settings beyond the
    /// CHECK constraints: the time zone is a name the system's zone database
    /// knows (a CHECK can only hold its spelling), since every "today" and
    /// every new lock is worked out in it (CORE-5, HA-2).
    public func invariantViolations() throws -> [String] {
        var scan = InvariantScan(db: db)
        try scan.eachRow("owner", "SELECT id, time_zone FROM owner") { row, problems in
            if let name = try row.column(String?.self, at: 1), (try? TimeZoneSetting.zone(named: name)) == nil {
                problems.append("the owner's time zone '\(name)' is not a known IANA time zone name")
            }
        }
        return scan.problems
    }
}
