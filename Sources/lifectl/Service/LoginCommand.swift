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
            not a terminal, or from --password-file. With --provider apple or google, an ID token an app got \
            from Sign in with Apple or Google (in a file, with the nonce it was issued for) signs in instead. \
            One sign-in is this device's identity on the service for every product: LifeTimer's social \
            commands with --server and `lifectl sync --server`, which carries every product's data. \
            --status asks the service whether the sign-in still holds (a sign-in revoked elsewhere is \
            forgotten here and said so).
            Example: lifectl login --server https://life.example.org --email ada@example.org
            Example: lifectl login --server https://life.example.org --status
            """)

    @Option(name: .long, help: ArgumentHelp("The service (default: $LIFECTL_SERVICE).", valueName: "url"))
    var server: String?

    @Option(name: .long, help: ArgumentHelp("Your e-mail address (asked for when absent).", valueName: "address"))
    var email: String?

    @Option(name: .long, help: ArgumentHelp("A file holding the password on its first line.", valueName: "path"))
    var passwordFile: String?

    @Flag(name: .long, help: "Make the account first.")
    var signUp = false

    @Option(
        name: .long, help: ArgumentHelp("Sign in with an ID token from apple or google.", valueName: "provider"))
    var provider: String?

    @Option(name: .long, help: ArgumentHelp("A file holding the ID token (with --provider).", valueName: "path"))
    var idTokenFile: String?

    @Option(
        name: .long, help: ArgumentHelp("The nonce the ID token was issued for (with --provider).", valueName: "text"))
    var nonce: String?

    @Flag(name: .long, help: "Tell who this device is signed in as, asking the service whether it still holds.")
    var status = false

    @Flag(name: .long, help: "With --status: print JSON.")
    var json = false

    func validate() throws {
        let byPassword = email != nil || passwordFile != nil || signUp
        let byToken = provider != nil || idTokenFile != nil || nonce != nil
        if status && (byPassword || byToken) {
            throw ValidationError("--status signs nobody in: give it alone (with --server).")
        }
        if json && !status { throw ValidationError("--json goes with --status.") }
        if byToken && byPassword {
            throw ValidationError("Sign in with an e-mail address or with --provider, not both.")
        }
        if byToken && (provider == nil || idTokenFile == nil || nonce == nil) {
            throw ValidationError("--provider, --id-token-file and --nonce go together.")
        }
        if let provider, !["apple", "google"].contains(provider) {
            throw ValidationError("--provider must be apple or google.")
        }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let client = try ServiceCommands.client(server, environment: environment)
        if status { return try showStatus(client) }
        if let provider, let idTokenFile, let nonce {
            let token = try Self.readPasswordFile(idTokenFile, field: "--id-token-file")
            guard !token.isEmpty else {
                throw LifeError.invalid(field: "--id-token-file", "the ID token file is empty")
            }
            try client.signIn(provider: provider, idToken: token, nonce: nonce)
            Terminal.write(
                "Signed in to \(TerminalText.echoed(client.url)) with \(provider == "apple" ? "Apple" : "Google"); the session is in \(client.store.path)."
            )
            return
        }
        let address = try email ?? Self.prompt("E-mail: ")
        let password = try passwordFile.map { try Self.readPasswordFile($0) } ?? Self.readPassword()
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

    /// Who this device is signed in as, and what uses that sign-in.
    func showStatus(_ client: ServiceClient) throws {
        let (session, user) = try client.currentUser()
        let how =
            switch session.provider {
            case "apple": "with Apple"
            case "google": "with Google"
            case "email": session.email.map { "as \(TerminalText.echoed($0))" } ?? "with an e-mail address"
            default: "(how is not recorded: signed in by an older lifectl)"
            }
        if json {
            try JSONOutput.print(
                LoginStatusJSON(
                    server: client.url, user: user.id.uuidString.lowercased(), provider: session.provider,
                    email: session.email, sessionExpiresAt: Timestamp.iso8601(session.expiresAt),
                    usedBy: LoginStatusJSON.usedBy))
            return
        }
        Terminal.write(
            "Signed in to \(TerminalText.echoed(client.url)) \(how): user \(user.id.uuidString.lowercased()).")
        Terminal.write(
            "This sign-in is this device's one identity on the service, for every product: LifeTimer's social commands (--server) and sync through the hub (`lifectl sync --server`), which carries Finite, Walks, Hereafter, LifeTimer and DailyMenu."
        )
    }

    static func readPasswordFile(_ path: String, field: String = "--password-file") throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LifeError(
                kind: .missingInput, field: field, message: "cannot read \(TerminalText.echoed(path))")
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

/// `lifectl login --status --json` (docs/json.md, "login").
struct LoginStatusJSON: Encodable {
    static let usedBy = ["lifetimer", "sync"]
    let server: String
    let user: String
    let provider: String?
    let email: String?
    let sessionExpiresAt: String
    /// What uses this sign-in: LifeTimer's social commands, and sync
    /// through the hub (every product's data).
    let usedBy: [String]
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
