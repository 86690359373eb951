import Foundation

/// Which database file a command uses, and why (SPEC CORE-1): `--db`, else
/// `$LIFECTL_DB`, else `$XDG_DATA_HOME/lifectl/life.db`, else
/// `~/.local/share/lifectl/life.db`.
struct DatabaseLocation: Encodable {
    let path: String
    /// `--db`, `LIFECTL_DB`, `XDG_DATA_HOME` or `default`.
    let source: String

    static func resolve(flag: String?, environment: [String: String]) -> DatabaseLocation {
        if let flag {
            return DatabaseLocation(path: expand(flag), source: "--db")
        }
        if let path = environment["LIFECTL_DB"], !path.isEmpty {
            return DatabaseLocation(path: expand(path), source: "LIFECTL_DB")
        }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return DatabaseLocation(path: data + "/lifectl/life.db", source: "XDG_DATA_HOME")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return DatabaseLocation(path: home + "/.local/share/lifectl/life.db", source: "default")
    }

    var explanation: String {
        switch source {
        case "--db": "from --db"
        case "LIFECTL_DB": "from $LIFECTL_DB"
        case "XDG_DATA_HOME": "from $XDG_DATA_HOME"
        default: "the default location; set --db or $LIFECTL_DB to use another"
        }
    }

    private static func expand(_ path: String) -> String {
        (path as NSString).expandingTildeInPath
    }
}
