import LifeCore

/// The one line for a file a command wrote (CORE-13): `wrote FILE: WHAT`.
///
/// On stdout when it is all the command prints there; on stderr when stdout
/// carries data (`--json`, a countdown printed beside its picture), so a
/// program reading stdout gets only the data. Nothing at all when the file
/// was stdout itself (`--svg -`): the bytes are the output.
enum Wrote {
    /// Says `wrote FILE: WHAT`; `path` is the file as given (`~` expanded).
    static func say(_ path: String, _ what: String, stdoutCarriesData: Bool) {
        if OutputFile.isStandardOutput(path) { return }
        let line = "wrote \(TerminalText.oneLine(path)): \(what)"
        if stdoutCarriesData {
            // Escaped but not cut: the path is the one the person gave.
            Terminal.writeToStandardError(TerminalText.escaped(line) + "\n")
        } else {
            Terminal.write(line)
        }
    }
}
