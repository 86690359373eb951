import ArgumentParser

/// The options every command takes (SPEC CORE-1, CORE-8).
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The database file.", valueName: "path"), completion: .file())
    var db: String?

    @Flag(name: .long, help: "Print one JSON document instead of text (shapes in docs/json.md).")
    var json = false
}
