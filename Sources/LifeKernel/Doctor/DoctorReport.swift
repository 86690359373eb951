/// What the doctor found (docs/json.md, "db check"): one entry per check, in
/// the order they ran; `ok` only when every check passed.
public struct DoctorReport: Codable, Sendable, Equatable {
    /// One check: its name (`integrity_check`, `finite invariants` …),
    /// whether it passed, whether it could not run on this file (a schema
    /// older than this build's), and its problems, one sentence each.
    public struct Check: Codable, Sendable, Equatable {
        public let name: String
        public let ok: Bool
        /// Not run, for the reason in `problems`.
        public let skipped: Bool
        public let problems: [String]

        public init(name: String, ok: Bool, skipped: Bool, problems: [String]) {
            self.name = name
            self.ok = ok
            self.skipped = skipped
            self.problems = problems
        }
    }

    public let ok: Bool
    public let checks: [Check]

    public init(checks: [Check]) {
        self.checks = checks
        ok = checks.allSatisfy(\.ok)
    }
}
