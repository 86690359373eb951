import Testing

/// What `scripts/test --fast` leaves out (docs/reliability.md): the suites
/// that run the built `lifectl` as processes, the randomised property tests,
/// and those that need the PostgreSQL server. The whole suite (`scripts/test`,
/// what CI runs) runs them all.
extension Tag {
    /// Runs the built `lifectl` as a process (the end-to-end harness).
    @Tag public static var endToEnd: Self
    /// A randomised property test over many generated cases.
    @Tag public static var property: Self
    /// Needs the PostgreSQL server `scripts/test` starts.
    @Tag public static var server: Self
}
