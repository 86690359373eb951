import Foundation
import LifeKitTestSupport
import Testing

/// Issue 32 through `lifectl`: LifeTimer in Brazilian Portuguese (golden
/// outputs written out by hand), dates as a person reads them in every
/// human output, JSON the same in every language, the streak flag of a
/// completion, and the last sign-in identity kept. Each case failed on the
/// build before (English only, ISO instants, no flag, the unlink allowed).
@Suite(.tags(.endToEnd)) struct LifeTimerLanguageCommandTests {
    typealias Object = [String: Any]

    @discardableResult
    static func ok(_ cli: Lifectl, _ arguments: String..., at now: String? = nil) throws -> String {
        let result = try cli.run(arguments, extraEnvironment: now.map { ["LIFECTL_NOW": $0] } ?? [:])
        #expect(result.status == 0, "\(arguments.joined(separator: " ")): \(result.stderr)")
        return result.stdout
    }

    static func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    /// São Paulo (UTC−3 all year): ada speaks Portuguese, started at 14:00
    /// local on 2026-11-22, and follows bob, who speaks English.
    static func saoPaulo() throws -> Lifectl {
        let cli = try Lifectl(now: "2026-11-22T17:00:00Z", timeZone: "America/Sao_Paulo")
        try ok(
            cli, "lifetimer", "account", "create", "ada", "--visibility", "public", "--provider", "apple", "--subject",
            "001.ada",
            "--time-zone", "America/Sao_Paulo")
        try ok(
            cli, "lifetimer", "account", "create", "bob", "--visibility", "public", "--bio", "Vento em popa",
            "--time-zone",
            "America/Sao_Paulo")
        try ok(cli, "lifetimer", "settings", "--language", "pt_br")
        try ok(cli, "lifetimer", "goal", "add", "Correr uma maratona")
        try ok(
            cli, "lifetimer", "milestone", "add", "1", "Correr 10 km", "--due", "2027-03-01", "--visibility", "public")
        try ok(cli, "lifetimer", "milestone", "add", "1", "Meia maratona", "--visibility", "public")
        try ok(cli, "lifetimer", "start")
        try ok(cli, "lifetimer", "goal", "add", "Velejar", "--as", "bob")
        try ok(cli, "lifetimer", "milestone", "add", "1", "Curso de vela", "--visibility", "public", "--as", "bob")
        try ok(cli, "lifetimer", "follow", "bob")
        return cli
    }

    // MARK: Golden outputs in Brazilian Portuguese

    @Test func theCountdownProgressAndFeedInPortuguese() throws {
        let cli = try Self.saoPaulo()
        let now = "2027-03-01T18:00:00Z"  // 15:00 in São Paulo, day 100
        #expect(try Self.ok(cli, "lifetimer", "settings", "--json").contains("\"language\" : \"pt-BR\""))
        // 99 days and 1 hour of 1,356 days: 7.3 %; 1,256 whole days to 14:00 on 2030-08-08, then 23 hours.
        #expect(
            try Self.ok(cli, "lifetimer", "countdown", at: now) == """
                faltam     1.256 d 23 h 0 min 0 s
                decorrido  7,3%
                dia        100 de 1.356
                começou    22 de novembro de 2026 às 14:00
                termina    9 de agosto de 2030 às 14:00 (America/Sao_Paulo)

                """)
        #expect(
            try Self.ok(cli, "lifetimer", "milestone", "complete", "1.1", at: now)
                == "1.1 [✓] Correr 10 km até 1º de março de 2027 (público)\n")
        // Half of one goal against 7.3 % of the time: ahead, more than 75 % left.
        #expect(
            try Self.ok(cli, "lifetimer", "progress", at: now) == """
                #  meta                 marcos  progresso
                1  Correr uma maratona     1/2      50,0%

                progresso geral 50,0% · 0 de 1 metas concluídas · 7,3% do tempo decorrido
                à frente: Que largada! Mantenha o ritmo enquanto o caminho é longo.

                """)
        // bob speaks English, as his own setting says.
        #expect(
            try Self.ok(cli, "lifetimer", "milestone", "complete", "1.1", "--as", "bob", at: now)
                == "1.1 [✓] Curso de vela (public)\n")
        #expect(
            try Self.ok(cli, "lifetimer", "feed", at: "2027-03-01T20:00:00Z") == """
                concluído      quem  meta     marco
                hoje às 15:00  bob   Velejar  Curso de vela

                """)
        // FR 1.5: bob was active 3 minutes ago, then yesterday.
        #expect(
            try Self.ok(cli, "lifetimer", "following", at: "2027-03-01T18:03:00Z") == """
                usuário  última atividade  bio
                bob      agora             Vento em popa

                """)
        #expect(
            try Self.ok(cli, "lifetimer", "following", at: "2027-03-02T12:00:00Z") == """
                usuário  última atividade  bio
                bob      ontem às 15:00    Vento em popa

                """)
        #expect(
            try Self.ok(cli, "lifetimer", "leaderboard", "recent", at: "2027-03-02T12:00:00Z") == """
                #  quem  marco
                1  ada   Correr 10 km (ontem às 15:00)
                2  bob   Curso de vela (ontem às 15:00)
                2 no total

                """)
    }

    @Test func notificationsOnTheTwelveHourClockInPortuguese() throws {
        let cli = try Self.saoPaulo()
        try Self.ok(cli, "lifetimer", "settings", "--clock", "12h")
        // Reminders at 09:00 local; 1,257 whole days from 09:00 on 1 March
        // 2027 to 14:00 on 9 August 2030 (then 5 hours).
        #expect(
            try Self.ok(
                cli, "lifetimer", "notifications", "--from", "2027-03-01", "--days", "2", "--checkpoints", "off",
                at: "2027-03-01T11:00:00Z") == """
                    lembretes diários às 9:00 da manhã · silenciados: pontos de controle
                    1º de março de 2027 às 9:00 da manhã  lembrete  Faltam 1.257 dias dos seus 1.356. O que você vai fazer com o dia de hoje?
                    1º de março de 2027 às 9:00 da manhã  marco     Marco com prazo para hoje: Correr 10 km
                    2 de março de 2027 às 9:00 da manhã   lembrete  Faltam 1.256 dias dos seus 1.356. O que você vai fazer com o dia de hoje?

                    """)
    }

    @Test func errorsInPortugueseChangeNothing() throws {
        let cli = try Self.saoPaulo()
        let before = try cli.dump()
        let locked = try cli.run("lifetimer", "goal", "add", "Outra")
        #expect(locked.status == 64)
        #expect(
            locked.stderr
                == "error: não é possível adicionar uma meta: a contagem regressiva começou em 22 de novembro de 2026 às 14:00, e desde então a lista de metas e os títulos delas estão travados (descrições, marcos e conclusão ainda podem mudar)\n"
        )
        let language = try cli.run("lifetimer", "settings", "--language", "de")
        #expect(language.status == 64)
        #expect(
            language.stderr == "error: o idioma é 'de'; o LifeTimer fala en (inglês) e pt-BR (português do Brasil)\n")
        let due = try cli.run("lifetimer", "milestone", "add", "1", "Nadar", "--due", "logo")
        #expect(due.status == 64)
        #expect(due.stderr.hasPrefix("error: --due é 'logo'; use uma data real entre os anos 1 e 9999"))
        #expect(try cli.dump() == before)
        // The command that sets it right, in the account's language too.
        try Self.ok(cli, "lifetimer", "account", "create", "cyd")
        try Self.ok(cli, "lifetimer", "settings", "--language", "pt-BR", "--as", "cyd")
        let empty = try cli.run("lifetimer", "start", "--as", "cyd")
        #expect(empty.status == 64)
        #expect(
            empty.stderr
                == "error: a contagem regressiva precisa de pelo menos uma meta; adicione uma com `lifectl lifetimer goal add TÍTULO`\n"
        )
    }

    @Test func aboutSpeaksTheAccountsLanguageWithoutMakingADatabase() throws {
        let cli = try Self.saoPaulo()
        #expect(try Self.ok(cli, "lifetimer", "about").hasPrefix("O desafio dos 1.356 dias\n\n1. Escreva uma lista"))
        #expect(try Self.ok(cli, "lifetimer", "about", "--as", "bob").hasPrefix("The 1,356-day challenge\n"))
        let fresh = try Lifectl()
        #expect(try Self.ok(fresh, "lifetimer", "about", "--language", "pt-BR").hasPrefix("O desafio dos 1.356 dias"))
        #expect(try Self.ok(fresh, "lifetimer", "about").hasPrefix("The 1,356-day challenge"))
        #expect(!FileManager.default.fileExists(atPath: fresh.databasePath))
        let rules = try #require(try Self.json(try Self.ok(cli, "lifetimer", "about", "--json")) as? Object)
        #expect((rules["rules"] as? String)?.hasPrefix("O desafio dos 1.356 dias") == true)
        #expect(rules["challengeDays"] as? Int == 1356)
    }

    // MARK: What a person reads, and what a program reads

    /// No human output of LifeTimer prints an ISO 8601 instant, in either
    /// language: every one is read in the account's zone and clock.
    @Test func noHumanOutputPrintsAnISOInstant() throws {
        let cli = try Self.saoPaulo()
        let now = "2027-03-01T18:00:00Z"
        try Self.ok(cli, "lifetimer", "milestone", "complete", "1.1", "--as", "bob", at: now)
        try Self.ok(cli, "lifetimer", "report", "account", "bob", "--reason", "spam", at: now)
        let reports = try #require(
            (try Self.json(try Self.ok(cli, "lifetimer", "admin", "reports", "--json")) as? Object)?["reports"]
                as? [Object])
        let report = try #require(reports.first?["id"] as? String)
        try Self.ok(
            cli, "lifetimer", "admin", "resolve", String(report.prefix(8)), "dismiss", "--reason", "ok", at: now)
        let reads: [[String]] = [
            ["account", "show"], ["profile"], ["profile", "bob"], ["followers", "bob"], ["following"], ["feed"],
            ["leaderboard", "recent"], ["leaderboard", "goals"], ["search", "b"], ["countdown"], ["progress"],
            ["notifications", "--days", "3"], ["admin", "reports"], ["admin", "decisions"], ["goal", "list"],
            ["settings"],
        ]
        let iso = try Regex(#"\d{4}-\d\d-\d\dT\d\d:\d\d"#)
        for language in ["pt-BR", "en"] {
            try Self.ok(cli, "lifetimer", "settings", "--language", language)
            for read in reads {
                let result = try cli.run(["lifetimer"] + read, extraEnvironment: ["LIFECTL_NOW": now])
                #expect(result.status == 0, "\(read): \(result.stderr)")
                #expect(result.stdout.firstMatch(of: iso) == nil, "\(language) \(read): \(result.stdout)")
            }
        }
        // English reads them as a person does too.
        let show = try Self.ok(cli, "lifetimer", "account", "show", at: now)
        #expect(show.contains("apple: 001.ada (private, linked 22 November 2026 at 14:00)\n"))
        #expect(show.contains("created        22 November 2026 at 14:00\n"))
    }

    /// The JSON of every read is the same whatever the language, but for the
    /// sentences an app shows (a notification's body, progress's message).
    @Test func jsonIsTheSameInEveryLanguage() throws {
        let cli = try Self.saoPaulo()
        let now = "2027-03-01T18:00:00Z"
        try Self.ok(cli, "lifetimer", "milestone", "complete", "1.1", "--as", "bob", at: now)
        let reads: [[String]] = [
            ["account", "show"], ["profile", "bob"], ["following"], ["feed"], ["leaderboard", "recent"],
            ["countdown"], ["progress"], ["notifications", "--days", "3"], ["goal", "list"],
        ]
        func everything() throws -> [String] {
            try reads.map { read in
                let result = try cli.run(["lifetimer"] + read + ["--json"], extraEnvironment: ["LIFECTL_NOW": now])
                #expect(result.status == 0, "\(read): \(result.stderr)")
                // The sentences for an app: compared apart, below.
                return result.stdout.split(separator: "\n").filter {
                    !$0.contains("\"message\" :") && !$0.contains("\"body\" :")
                }.joined(separator: "\n")
            }
        }
        let portuguese = try everything()
        let message = try #require(
            try Self.json(try Self.ok(cli, "lifetimer", "progress", "--json", at: now)) as? Object)["message"]
        // The setting changed at the instant of ada's last activity, so that
        // neither it nor the settings' version moves (both keep the latest).
        try Self.ok(cli, "lifetimer", "settings", "--language", "en", at: "2026-11-22T17:00:00Z")
        let english = try everything()
        #expect(portuguese == english)
        // Nothing done against 7.3 % of the time: behind, more than 75 % left.
        #expect(message as? String == "Atrás, mas o caminho é longo. Um marco nesta semana já muda o quadro.")
        let progress = try #require(
            try Self.json(try Self.ok(cli, "lifetimer", "progress", "--json", at: now)) as? Object)
        #expect(
            progress["message"] as? String
                == "Behind, but the road is long. One milestone this week changes the picture.")
        #expect(progress["pace"] as? String == "behind")
    }

    // MARK: The streak flag and the last identity

    @Test func milestoneCompleteRepliesWithTheStreakFlag() throws {
        let cli = try Self.saoPaulo()
        for step in 3...6 { try Self.ok(cli, "lifetimer", "milestone", "add", "1", "Treino \(step)") }
        func complete(_ ref: String, at now: String) throws -> Object {
            try #require(
                try Self.json(try Self.ok(cli, "lifetimer", "milestone", "complete", ref, "--json", at: now)) as? Object
            )
        }
        // 12:00 UTC is 09:00 in São Paulo: three days in a row, then the same day again, then a fourth.
        let first = try complete("1.1", at: "2027-03-01T12:00:00Z")
        #expect(first["streak"] as? Bool == false && first["streakDays"] as? Int == 1)
        #expect(try complete("1.2", at: "2027-03-02T12:00:00Z")["streakDays"] as? Int == 2)
        let third = try complete("1.3", at: "2027-03-03T12:00:00Z")
        #expect(third["streak"] as? Bool == true && third["streakDays"] as? Int == 3)
        let sameDay = try complete("1.4", at: "2027-03-03T20:00:00Z")
        #expect(sameDay["streak"] as? Bool == false && sameDay["streakDays"] as? Int == 3)
        #expect(
            try Self.ok(cli, "lifetimer", "milestone", "complete", "1.5", at: "2027-03-04T12:00:00Z")
                == "1.5 [✓] Treino 5 (privado)\n4 dias ativos seguidos. Continue assim.\n")
        // The other replies carry no flag.
        let reopened = try #require(
            try Self.json(try Self.ok(cli, "lifetimer", "milestone", "reopen", "1.5", "--json")) as? Object)
        #expect(reopened["streak"] == nil && reopened["streakDays"] == nil)
        let goal = try #require(
            try Self.json(
                try Self.ok(cli, "lifetimer", "goal", "complete", "1", "--json", at: "2027-03-05T12:00:00Z")) as? Object
        )
        #expect(goal["streak"] as? Bool == true && goal["streakDays"] as? Int == 5)
        // The notification fires when the third day's progress is recorded.
        let schedule = try #require(
            try Self.json(
                try Self.ok(
                    cli, "lifetimer", "notifications", "--json", "--from", "2027-03-03", "--days", "1", "--mute",
                    "reminders", at: "2027-03-05T13:00:00Z")) as? Object)
        let notes = try #require(schedule["notifications"] as? [Object])
        #expect(notes.map { $0["fireAt"] as? String } == ["2027-03-03T12:00:00Z"])
        #expect(notes.first?["body"] as? String == "3 dias ativos seguidos. Continue assim.")
    }

    @Test func theLastSignInIdentityCannotBeUnlinked() throws {
        let cli = try Lifectl()
        try Self.ok(cli, "lifetimer", "account", "create", "ada", "--provider", "apple", "--subject", "001.ada")
        let before = try cli.dump()
        let last = try cli.run("lifetimer", "account", "unlink", "apple", "001.ada")
        #expect(last.status == 64)
        #expect(
            last.stderr
                == "error: identity apple:001.ada is the last sign-in identity of ada, and an account keeps at least one once it has one; link another before unlinking this one\n"
        )
        #expect(last.stdout.isEmpty)
        #expect(try cli.dump() == before)
        try Self.ok(cli, "lifetimer", "account", "link", "google", "g-42")
        let unlinked = try Self.ok(cli, "lifetimer", "account", "unlink", "apple", "001.ada")
        #expect(unlinked.hasPrefix("Unlinked.\n"))
        #expect(try cli.sqlite("SELECT provider || ':' || subject FROM lifetimer_identities") == "google:g-42")
    }
}
