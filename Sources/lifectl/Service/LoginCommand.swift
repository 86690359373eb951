import ArgumentParser
import Foundation
import LifeCore
import LifeServiceClient

/// `lifectl login --server URL` (SPEC SRV-5): signs in to the service, like
/// `gh auth login`, and keeps the session in a 0600 file under the XDG
/// config folder (never in the database, never printed). The password comes
/// from a prompt that does not echo, from standard input, or from a file:
/// never from an argument, which `ps` shows.
struct LoginCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in to the service with an e-mail address and a password.",
        discussion: """
            The session is kept in $XDG_CONFIG_HOME/lifectl/service-tokens.json (else \
            ~/.config/lifectl/…), readable by you only; `lifectl logout` ends it. With --sign-up the account \
            is made first. The password is asked for without echo, or read from standard input when it is \
            not a terminal, or from --password-file.
            Example: lifectl login --server https://life.example.org --email ada@example.org
            """)

    @Option(name: .long, help: ArgumentHelp("The service (default: $LIFECTL_SERVICE).", valueName: "url"))
    var server: String?

    @Option(name: .long, help: ArgumentHelp("Your e-mail address (asked for when absent).", valueName: "address"))
    var email: String?

    @Option(name: .long, help: ArgumentHelp("A file holding the password on its first line.", valueName: "path"))
    var passwordFile: String?

    @Flag(name: .long, help: "Make the account first.")
    var signUp = false

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let client = try ServiceCommands.client(server, environment: environment)
        let address = try email ?? Self.prompt("E-mail: ")
        let password = try passwordFile.map(Self.readPasswordFile) ?? Self.readPassword()
        guard !password.isEmpty else { throw LifeError.invalid(field: "password", "the password is empty") }
        try client.signIn(email: address, password: password, signUp: signUp)
        Terminal.write(
            "Signed in to \(TerminalText.echoed(client.url)) as \(TerminalText.echoed(address)); the session is in \(client.store.path)."
        )
    }

    static func prompt(_ text: String) throws -> String {
        FileHandle.standardError.write(Data(text.utf8))
        guard let line = readLine(strippingNewline: true), !line.isEmpty else {
            throw LifeError.invalid(field: "--email", "no e-mail address given")
        }
        return line.trimmingCharacters(in: .whitespaces)
    }

    static func readPasswordFile(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LifeError(
                kind: .missingInput, field: "--password-file", message: "cannot read \(TerminalText.echoed(path))")
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).first
            .map(String.init) ?? ""
    }

    /// From the terminal without echo, or from standard input's first line.
    static func readPassword() throws -> String {
        guard isatty(STDIN_FILENO) == 1 else { return readLine(strippingNewline: true) ?? "" }
        FileHandle.standardError.write(Data("Password: ".utf8))
        var saved = termios()
        tcgetattr(STDIN_FILENO, &saved)
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return readLine(strippingNewline: true) ?? ""
    }
}

/// `lifectl logout --server URL`: ends the session on the service and
/// forgets it here.
struct LogoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Sign out of the service and forget the session kept here.")

    @Option(name: .long, help: ArgumentHelp("The service (default: $LIFECTL_SERVICE).", valueName: "url"))
    var server: String?

    func run() throws {
        let client = try ServiceCommands.client(server, environment: ProcessInfo.processInfo.environment)
        let signedIn = try client.signOut()
        Terminal.write(
            signedIn
                ? "Signed out of \(TerminalText.echoed(client.url))."
                : "Not signed in to \(TerminalText.echoed(client.url)); nothing to do.")
    }
}

/// What the service commands share.
enum ServiceCommands {
    /// The client for `flag`, else `$LIFECTL_SERVICE`; refused without either.
    static func client(_ flag: String?, environment: [String: String]) throws -> ServiceClient {
        guard let url = flag ?? environment["LIFECTL_SERVICE"], !url.isEmpty else {
            throw LifeError.invalid(field: "--server", "no service given: pass --server URL or set LIFECTL_SERVICE")
        }
        return try ServiceClient(url: url, store: try ServiceTokenStore(environment: environment))
    }
}
