/// Every sentence LifeTimer says, in every language it speaks (LT-9, FR
/// 8.3): one catalogue, each phrase's languages side by side, so that a
/// translator sees what is said and a test can check that no phrase lacks
/// a language or a placeholder (`LifeTimerCatalogueTests`).
///
/// A phrase is a text with `{placeholders}` that `LifeTimerVoice` fills,
/// or a plural: the form for one and the form for any other count (English
/// and Brazilian Portuguese both say "0 days", "1 day", "2 days": zero
/// takes the plural). Placeholders are named in English in every language.
/// Numbers, dates and times are written by the voice, never spelt here.
public enum LifeTimerCatalogue {
    public enum Entry: Sendable, Equatable, ExpressibleByStringLiteral {
        case text(String)
        case plural(one: String, other: String)

        public init(stringLiteral value: String) { self = .text(value) }

        static func plural(_ one: String, _ other: String) -> Entry { .plural(one: one, other: other) }

        /// The form for `count` (nil: a text's only form, a plural's other).
        func form(for count: Int?) -> String {
            switch self {
            case .text(let text): text
            case .plural(let one, let other): count == 1 ? one : other
            }
        }
    }

    typealias Table = [LifeTimerPhrase: [LifeTimerLanguage: Entry]]

    /// The phrase in each language that has it.
    public static func entries(_ phrase: LifeTimerPhrase) -> [LifeTimerLanguage: Entry] { table[phrase] ?? [:] }

    /// The text of `phrase` in `language` for `count`: English when the
    /// language lacks it (a test keeps that from happening), the phrase's
    /// name when no language has it.
    static func text(_ phrase: LifeTimerPhrase, in language: LifeTimerLanguage, count: Int?) -> String {
        let entries = table[phrase]
        return (entries?[language] ?? entries?[.en])?.form(for: count) ?? phrase.rawValue
    }

    /// The phrase naming a language in the languages' list.
    public static func name(of language: LifeTimerLanguage) -> LifeTimerPhrase {
        switch language {
        case .en: .languageEnglish
        case .ptBR: .languagePortuguese
        }
    }

    static let table: Table = {
        var all: Table = [:]
        for part in [writing, fields, errors, accounts, social, countdown, goals, moderation, notifications, pictures] {
            all.merge(part) { first, _ in first }
        }
        return all
    }()

    // MARK: Writing numbers, dates and lists

    static let writing: Table = [
        .listSeparator: [.en: ", ", .ptBR: ", "],
        .listLastSeparator: [.en: " and ", .ptBR: " e "],
        .percent: [.en: "{value} %", .ptBR: "{value}%"],
        .firstOfMonth: [.en: "1", .ptBR: "1º"],
        .dateLong: [.en: "{day} {month} {year}", .ptBR: "{day} de {month} de {year}"],
        .dateShort: [.en: "{year}-{month}-{day}", .ptBR: "{day}/{month}/{year}"],
        .clockTwelve: [.en: "{hour}:{minute} {period}", .ptBR: "{hour}:{minute} {period}"],
        // The 12-hour clock's period. English says am/pm; Portuguese, a
        // 24-hour language, says the part of the day (CLDR's "h:mm B":
        // `5:05 da tarde`), never an English AM/PM glued into its phrase.
        .clockNight: [.en: "am", .ptBR: "da madrugada"],
        .clockMorning: [.en: "am", .ptBR: "da manhã"],
        .clockAfternoon: [.en: "pm", .ptBR: "da tarde"],
        .clockEvening: [.en: "pm", .ptBR: "da noite"],
        .atTime: [.en: .plural("at {time}", "at {time}"), .ptBR: .plural("à {time}", "às {time}")],
        .dayAtTime: [.en: "{day} {at}", .ptBR: "{day} {at}"],
        .today: [.en: "today", .ptBR: "hoje"],
        .yesterday: [.en: "yesterday", .ptBR: "ontem"],
        .activeNow: [.en: "now", .ptBR: "agora"],
        .month1: [.en: "January", .ptBR: "janeiro"],
        .month2: [.en: "February", .ptBR: "fevereiro"],
        .month3: [.en: "March", .ptBR: "março"],
        .month4: [.en: "April", .ptBR: "abril"],
        .month5: [.en: "May", .ptBR: "maio"],
        .month6: [.en: "June", .ptBR: "junho"],
        .month7: [.en: "July", .ptBR: "julho"],
        .month8: [.en: "August", .ptBR: "agosto"],
        .month9: [.en: "September", .ptBR: "setembro"],
        .month10: [.en: "October", .ptBR: "outubro"],
        .month11: [.en: "November", .ptBR: "novembro"],
        .month12: [.en: "December", .ptBR: "dezembro"],
        .yes: [.en: "yes", .ptBR: "sim"],
        .no: [.en: "no", .ptBR: "não"],
        .languageEnglish: [.en: "English", .ptBR: "inglês"],
        .languagePortuguese: [.en: "Brazilian Portuguese", .ptBR: "português do Brasil"],
        .countOf: [.en: "{count} of {total}", .ptBR: "{count} de {total}"],
        .days: [.en: .plural("{count} day", "{count} days"), .ptBR: .plural("{count} dia", "{count} dias")],
        .goalsCount: [.en: .plural("{count} goal", "{count} goals"), .ptBR: .plural("{count} meta", "{count} metas")],
        .milestonesCount: [
            .en: .plural("{count} milestone", "{count} milestones"),
            .ptBR: .plural("{count} marco", "{count} marcos"),
        ],
        .activeDaysCount: [
            .en: .plural("{count} active day", "{count} active days"),
            .ptBR: .plural("{count} dia ativo", "{count} dias ativos"),
        ],
    ]

    // MARK: Fields, as an error names them (English names them as typed)

    static let fields: Table = [
        .fieldUsername: [.en: "username", .ptBR: "o nome de usuário"],
        .fieldEmail: [.en: "email", .ptBR: "o e-mail"],
        .fieldBio: [.en: "bio", .ptBR: "a bio"],
        .fieldAvatar: [.en: "avatar", .ptBR: "o avatar"],
        .fieldCover: [.en: "cover", .ptBR: "a capa"],
        .fieldTitle: [.en: "title", .ptBR: "o título"],
        .fieldDescription: [.en: "description", .ptBR: "a descrição"],
        .fieldPlace: [.en: "place", .ptBR: "o nome do lugar"],
        .fieldReason: [.en: "reason", .ptBR: "o motivo"],
        .fieldIdentitySubject: [.en: "identity subject", .ptBR: "o identificador da identidade"],
        .fieldTimeZone: [.en: "time zone", .ptBR: "o fuso horário"],
        .fieldLanguage: [.en: "language", .ptBR: "o idioma"],
        .fieldLimit: [.en: "limit", .ptBR: "o limite"],
        .fieldDays: [.en: "days", .ptBR: "o número de dias"],
        .fieldEvery: [.en: "every", .ptBR: "o intervalo"],
        .fieldAdvance: [.en: "advance", .ptBR: "a antecedência"],
        .fieldDue: [.en: "due", .ptBR: "o prazo"],
        .fieldLatitude: [.en: "latitude", .ptBR: "a latitude"],
        .fieldLongitude: [.en: "longitude", .ptBR: "a longitude"],
        .fieldMilestone: [.en: "milestone", .ptBR: "o marco"],
        .fieldGoal: [.en: "goal", .ptBR: "a meta"],
        .fieldReport: [.en: "report", .ptBR: "a denúncia"],
        .fieldProvider: [.en: "provider", .ptBR: "o provedor"],
        .fieldKind: [.en: "kind", .ptBR: "o tipo"],
        .fieldAction: [.en: "action", .ptBR: "a ação"],
        .fieldSearchText: [.en: "text", .ptBR: "o texto da busca"],
        .nounGoal: [.en: "goal", .ptBR: "uma meta"],
        .nounMilestone: [.en: "milestone", .ptBR: "um marco"],
        .nounReport: [.en: "report", .ptBR: "uma denúncia"],
    ]

    // MARK: Errors (each names the field, the value and the rule: CORE-7)

    static let errors: Table = [
        .errorAccountGone: [.en: "the account no longer exists", .ptBR: "a conta não existe mais"],
        .errorActingUnknown: [
            .en: "--as is '{value}'; no account has that username",
            .ptBR: "--as é '{value}'; nenhuma conta tem esse nome de usuário",
        ],
        .errorNoAccount: [
            .en: "no LifeTimer account to act as", .ptBR: "não há nenhuma conta do LifeTimer para usar",
        ],
        .errorEmailTaken: [
            .en: "another account has that e-mail address (an address belongs to one account)",
            .ptBR: "outra conta já tem esse endereço de e-mail (cada endereço pertence a uma só conta)",
        ],
        .errorIdentityTaken: [
            .en: "identity {identity} already belongs to an account (an identity signs in to one account)",
            .ptBR: "a identidade {identity} já pertence a uma conta (cada identidade entra em uma só conta)",
        ],
        .errorUsernameTaken: [
            .en: "username '{value}' is taken (usernames ignore upper and lower case)",
            .ptBR: "o nome de usuário '{value}' já está em uso (maiúsculas e minúsculas não contam)",
        ],
        .errorIdentityNotLinked: [
            .en: "identity {identity} is not linked to {username}",
            .ptBR: "a identidade {identity} não está vinculada a {username}",
        ],
        .errorLastIdentity: [
            .en:
                "identity {identity} is the last sign-in identity of {username}, and an account keeps at least one once it has one; link another before unlinking this one",
            .ptBR:
                "a identidade {identity} é a última identidade de login de {username}, e uma conta que já tem uma mantém sempre pelo menos uma; vincule outra antes de desvincular esta",
        ],
        .errorGoalLimit: [
            .en: "{count} goals have been created on this account (deleted ones count); the limit is {limit} ever",
            .ptBR: "{count} metas já foram criadas nesta conta (as apagadas contam); o limite é {limit} no total",
        ],
        .errorGoalUnknownNone: [
            .en: "goal is {value}; {username} has no goals",
            .ptBR: "a meta {value} não existe; {username} não tem metas",
        ],
        .errorGoalUnknown: [
            .en: "goal is {value}; {username} has goals {list}",
            .ptBR: "a meta {value} não existe; as metas de {username} são {list}",
        ],
        .errorListLocked: [
            .en:
                "cannot {action}: the countdown started on {when}, and the list of goals and their titles are locked from then on (descriptions, milestones and completion may still change)",
            .ptBR:
                "não é possível {action}: a contagem regressiva começou em {when}, e desde então a lista de metas e os títulos delas estão travados (descrições, marcos e conclusão ainda podem mudar)",
        ],
        .actionAddGoal: [.en: "add a goal", .ptBR: "adicionar uma meta"],
        .actionRetitleGoal: [.en: "retitle a goal", .ptBR: "mudar o título de uma meta"],
        .actionDeleteGoal: [.en: "delete a goal", .ptBR: "apagar uma meta"],
        .errorMilestonePositionLimit: [
            .en: "goal {goal} has a milestone at position {position}; positions stop at {limit}",
            .ptBR: "a meta {goal} já tem um marco na posição {position}; as posições vão até {limit}",
        ],
        .errorMilestoneUnknownNone: [
            .en: "milestone is {value}; goal {goal} has no milestones",
            .ptBR: "o marco {value} não existe; a meta {goal} não tem marcos",
        ],
        .errorMilestoneUnknown: [
            .en: "milestone is {value}; goal {goal} has milestones {list}",
            .ptBR: "o marco {value} não existe; os marcos da meta {goal} são {list}",
        ],
        .errorMilestoneGone: [.en: "the milestone no longer exists", .ptBR: "o marco não existe mais"],
        .errorDateRange: [
            .en: "{field} is {value}; dates are in the years 1–9999",
            .ptBR: "{field} é {value}; as datas vão do ano 1 ao ano 9999",
        ],
        .errorAlreadyStarted: [
            .en:
                "the countdown already started on {start} and ends on {end}; it cannot be restarted, paused or extended",
            .ptBR:
                "a contagem regressiva já começou em {start} e termina em {end}; ela não pode ser reiniciada, pausada nem estendida",
        ],
        .errorStartNeedsGoal: [
            .en: "the countdown needs at least one goal", .ptBR: "a contagem regressiva precisa de pelo menos uma meta",
        ],
        .errorStartTooLate: [
            .en:
                "1,356 days from now end after the year 9999, past the dates lifectl stores; the countdown cannot start",
            .ptBR:
                "daqui a 1.356 dias já é depois do ano 9999, além das datas que o lifectl guarda; a contagem regressiva não pode começar",
        ],
        .errorRange: [
            .en: "{field} is {value}; it must be from {min} to {max}",
            .ptBR: "{field} é {value}; deve ficar entre {min} e {max}",
        ],
        .errorEveryRange: [
            .en: "every is {value} days; it must be from {min} to {max}",
            .ptBR: "o intervalo é de {value} dias; deve ficar entre {min} e {max}",
        ],
        .errorAdvanceRange: [
            .en: "advance is {value} days; it must be from {min} (none) to {max}",
            .ptBR: "a antecedência é de {value} dias; deve ficar entre {min} (nenhuma) e {max}",
        ],
        .errorNotVisible: [
            .en: "no account named '{value}' that you can see",
            .ptBR: "nenhuma conta que você possa ver se chama '{value}'",
        ],
        .errorFollowSelf: [.en: "you cannot follow yourself", .ptBR: "você não pode seguir a sua própria conta"],
        .errorNotFollowing: [.en: "you do not follow '{username}'", .ptBR: "você não segue '{username}'"],
        .errorBlockSelf: [.en: "you cannot block yourself", .ptBR: "você não pode bloquear a sua própria conta"],
        .errorUnblockSelf: [
            .en: "you cannot unblock yourself", .ptBR: "você não pode desbloquear a sua própria conta",
        ],
        .errorNotBlocked: [.en: "you have not blocked '{username}'", .ptBR: "você não bloqueou '{username}'"],
        .errorSearchText: [
            .en: "search text is '{value}'; it must be 1–{max} characters",
            .ptBR: "o texto da busca é '{value}'; ele deve ter de 1 a {max} caracteres",
        ],
        .errorReportSelf: [
            .en: "you cannot report your own account or content",
            .ptBR: "você não pode denunciar a sua própria conta nem o seu conteúdo",
        ],
        .errorGoalIDUnknown: [
            .en: "goal is '{value}'; no goal you can see has that id",
            .ptBR: "a meta é '{value}'; nenhuma meta que você possa ver tem esse id",
        ],
        .errorMilestoneIDUnknown: [
            .en: "milestone is '{value}'; no milestone you can see has that id",
            .ptBR: "o marco é '{value}'; nenhum marco que você possa ver tem esse id",
        ],
        .errorReportIDUnknown: [
            .en: "report is '{value}'; no report has that id",
            .ptBR: "a denúncia é '{value}'; nenhuma denúncia tem esse id",
        ],
        .errorGoalIDAmbiguous: [
            .en: "goal is '{value}'; more than one goal starts with it",
            .ptBR: "a meta é '{value}'; o id de mais de uma meta começa assim",
        ],
        .errorMilestoneIDAmbiguous: [
            .en: "milestone is '{value}'; more than one milestone starts with it",
            .ptBR: "o marco é '{value}'; o id de mais de um marco começa assim",
        ],
        .errorReportIDAmbiguous: [
            .en: "report is '{value}'; more than one report starts with it",
            .ptBR: "a denúncia é '{value}'; o id de mais de uma denúncia começa assim",
        ],
        .errorIDForm: [
            .en: "{field} is '{value}'; expected a {noun} id or its first {min} or more characters",
            .ptBR: "{field} é '{value}'; use o id de {noun} ou os {min} primeiros caracteres dele (ou mais)",
        ],
        .errorNotAdmin: [.en: "{username} is not an admin", .ptBR: "{username} não é admin"],
        .errorNoSuchAccount: [.en: "no account named '{value}'", .ptBR: "nenhuma conta se chama '{value}'"],
        .errorReportOwnAccount: [
            .en: "the report is about your own account; another admin decides on it",
            .ptBR: "a denúncia é sobre a sua própria conta; outro admin decide sobre ela",
        ],
        .errorHideAccount: [
            .en: "the report is about an account, which cannot be hidden; suspend it, or dismiss the report",
            .ptBR:
                "a denúncia é sobre uma conta, e uma conta não pode ser ocultada; suspenda a conta ou arquive a denúncia",
        ],
        .errorSuspendSelf: [.en: "you cannot suspend yourself", .ptBR: "você não pode suspender a sua própria conta"],
        .errorNotSuspended: [.en: "'{value}' is not suspended", .ptBR: "a conta '{value}' não está suspensa"],
        .errorUsernameForm: [
            .en: "username is '{value}'; it must be {min}–{max} of letters, digits, _ and . (ASCII)",
            .ptBR: "o nome de usuário é '{value}'; ele deve ter de {min} a {max} letras, dígitos, _ e . (ASCII)",
        ],
        .errorEmailForm: [
            .en: "email is '{value}'; expected one address such as ada@example.org",
            .ptBR: "o e-mail é '{value}'; use um único endereço, como ada@example.org",
        ],
        .errorPathLine: [
            .en: "{field} contains a line break or tab; a path or URL is one line",
            .ptBR: "{field} tem uma quebra de linha ou um tab; um caminho ou URL ocupa uma linha só",
        ],
        .errorRequired: [
            .en: "{field} is required; it is empty after trimming white space",
            .ptBR: "{field} não pode ficar em branco (tirados os espaços, não sobra nada)",
        ],
        .errorControl: [
            .en:
                "{field} contains the control character {code} at character {position}; only newline and tab are allowed",
            .ptBR:
                "{field} tem o caractere de controle {code} na posição {position}; só quebra de linha e tab são permitidos",
        ],
        .errorTooLong: [
            .en: "{field} is {count} characters; the limit is {limit}",
            .ptBR: "{field} tem {count} caracteres; o limite é {limit}",
        ],
        .errorZone: [
            .en: "{field} is '{value}'; it must be an IANA time zone name such as Europe/Berlin or UTC",
            .ptBR: "{field} é '{value}'; use o nome de um fuso horário IANA, como America/Sao_Paulo ou UTC",
        ],
        .errorLatitude: [
            .en: "latitude is {value}; it must be from -90 to 90",
            .ptBR: "a latitude é {value}; deve ficar entre -90 e 90",
        ],
        .errorLongitude: [
            .en: "longitude is {value}; it must be from -180 to 180",
            .ptBR: "a longitude é {value}; deve ficar entre -180 e 180",
        ],
        .errorLanguageUnknown: [
            .en: "language is '{value}'; LifeTimer speaks {languages}",
            .ptBR: "o idioma é '{value}'; o LifeTimer fala {languages}",
        ],
        .errorOnOff: [.en: "{field} is '{value}'; it must be on or off", .ptBR: "{field} é '{value}'; use on ou off"],
        .errorChoice: [
            .en: "{field} is '{value}'; it must be one of {choices}",
            .ptBR: "{field} é '{value}'; use um destes: {choices}",
        ],
        .errorMilestoneRef: [
            .en: "{field} is '{value}'; expected GOAL.STEP, such as 2.1 (goal 2, its first milestone)",
            .ptBR: "{field} é '{value}'; use META.MARCO, como 2.1 (a meta 2, o primeiro marco dela)",
        ],
        .errorDateForm: [
            .en:
                "{field} is '{value}'; expected a real date as YYYY-MM-DD (or YYYY-MM-DDTHH:MM), today, yesterday, tomorrow, a weekday name, or an offset such as +3d, +2w, +6m, +1y",
            .ptBR:
                "{field} é '{value}'; use uma data real entre os anos 1 e 9999, como AAAA-MM-DD (ou AAAA-MM-DDTHH:MM), today, yesterday, tomorrow, o nome de um dia da semana em inglês (friday) ou um deslocamento como +3d, +2w, +6m, +1y",
        ],
        .errorTimeForm: [
            .en: "{field} is '{value}'; it must be a time of day from 00:00 to 23:59",
            .ptBR: "{field} é '{value}'; use uma hora do dia de 00:00 a 23:59",
        ],
        .errorDecimal: [
            .en: "{field} is '{value}'; expected a decimal number such as {example}",
            .ptBR: "{field} é '{value}'; use um número decimal com ponto, como {example}",
        ],
        .errorPlaceNeedsBoth: [
            .en: "a place needs --at LAT,LON (its latitude and longitude)",
            .ptBR: "um lugar precisa de --at LAT,LON (a latitude e a longitude)",
        ],
        .errorPlaceForm: [
            .en: "{field} is '{value}'; expected LAT,LON in decimal degrees such as 69.65,18.96",
            .ptBR: "{field} é '{value}'; use LAT,LON em graus decimais com ponto, como 69.65,18.96",
        ],
        .errorDeleteNeedsYes: [
            .en:
                "--yes is required to delete the account {username} and everything it owns, for good; nothing was deleted",
            .ptBR:
                "--yes é necessário para apagar a conta {username} e tudo o que ela tem, para sempre; nada foi apagado",
        ],
        .errorConfirm: [
            .en: "--confirm is '{value}'; type the account's username, {username}",
            .ptBR: "--confirm é '{value}'; digite o nome de usuário da conta, {username}",
        ],
        .errorByBoard: [
            .en: "--by ranks the streaks board; {board} has one order",
            .ptBR: "--by ordena o ranking de sequências (streaks); o ranking {board} tem uma ordem só",
        ],
        .errorNeedsServer: [
            .en: "{command} needs a server: give --server URL or set LIFECTL_SERVER",
            .ptBR: "{command} precisa de um servidor: use --server URL ou defina LIFECTL_SERVER",
        ],
        .remedyGoalAdd: [
            .en: "; add one with `lifectl lifetimer goal add TITLE`",
            .ptBR: "; adicione uma com `lifectl lifetimer goal add TÍTULO`",
        ],
        .remedyAccountCreate: [
            .en: ": create one with `lifectl lifetimer account create USERNAME`",
            .ptBR: ": crie uma com `lifectl lifetimer account create NOME`",
        ],
        .remedyPublish: [
            .en: "; publish it with `lifectl lifetimer publish --as {username} --server URL`",
            .ptBR: "; publique-a com `lifectl lifetimer publish --as {username} --server URL`",
        ],
    ]

    // MARK: Accounts and settings

    static let accounts: Table = [
        .rowUsername: [.en: "username", .ptBR: "nome de usuário"],
        .ownerMark: [.en: " (the owner's account)", .ptBR: " (a conta principal)"],
        .rowVisibility: [.en: "visibility", .ptBR: "visibilidade"],
        .visibilityPublic: [.en: "public", .ptBR: "pública"],
        .visibilityPrivate: [.en: "private", .ptBR: "privada"],
        .rowBio: [.en: "bio", .ptBR: "bio"],
        .rowAvatar: [.en: "avatar", .ptBR: "avatar"],
        .rowEmail: [.en: "email", .ptBR: "e-mail"],
        .emailValue: [.en: "{email} (private)", .ptBR: "{email} (privado)"],
        .rowSignIn: [.en: "sign-in", .ptBR: "login"],
        .noIdentity: [.en: "— (no identity linked)", .ptBR: "— (nenhuma identidade vinculada)"],
        .identityLine: [
            .en: "{provider}: {subject} (private, linked {when})",
            .ptBR: "{provider}: {subject} (privada, vinculada em {when})",
        ],
        .rowTimeZone: [.en: "time zone", .ptBR: "fuso horário"],
        .rowAdmin: [.en: "admin", .ptBR: "admin"],
        .rowGoalsCreated: [.en: "goals created", .ptBR: "metas criadas"],
        .rowStreaks: [.en: "streaks", .ptBR: "sequências"],
        .streaksValue: [.en: "current {current} · longest {longest}", .ptBR: "atual {current} · recorde {longest}"],
        .rowCreated: [.en: "created", .ptBR: "criada em"],
        .rowLastActive: [.en: "last active", .ptBR: "última atividade"],
        .linked: [.en: "Linked.", .ptBR: "Identidade vinculada."],
        .unlinked: [.en: "Unlinked.", .ptBR: "Identidade desvinculada."],
        .alreadyLinked: [
            .en: "That identity was already linked to {username}.",
            .ptBR: "Essa identidade já estava vinculada a {username}.",
        ],
        .accountDeleted: [
            .en: "Deleted {username} and everything it owned.",
            .ptBR: "A conta {username} foi apagada, com tudo o que era dela.",
        ],
        .rowTheme: [.en: "theme", .ptBR: "tema"],
        .rowClock: [.en: "clock", .ptBR: "relógio"],
        .rowLanguage: [.en: "language", .ptBR: "idioma"],
        .themeLight: [.en: "light", .ptBR: "claro"],
        .themeDark: [.en: "dark", .ptBR: "escuro"],
        .themeSystem: [.en: "system", .ptBR: "o do sistema"],
        .languageValue: [.en: "{tag} ({name})", .ptBR: "{tag} ({name})"],
        .languageNotSpoken: [
            .en: "{tag} (not a language this version speaks: English is used)",
            .ptBR: "{tag} (esta versão não fala esse idioma: usa inglês)",
        ],
        .aboutRules: [
            .en: """
            The 1,356-day challenge

            1. Write a bucket list of 1 to 20 goals. Each can have a description, a place, a cover image and
               milestones, the steps that lead to it. At most 20 goals can ever be created, deleted ones included.
            2. When the list is final, start the countdown. It runs for 1,356 days and ends at the same time of
               day, on your clock, as it began.
            3. From the start the list is locked: no goal can be added, deleted or renamed. Descriptions,
               milestones and completion can still change.
            4. Nothing pauses, resets or extends the countdown.
            5. Progress: a completed goal counts 100 %, otherwise its share of completed milestones. You are
               ahead, on track or behind as your overall progress compares with the time elapsed.
            6. Your account is private unless you make it public. Others see a public account's username,
               avatar, bio, high-level stats, goal summaries and public milestones; never your e-mail.
            7. Block anyone: you disappear for each other. Report what breaks the rules; admins can suspend.
            """,
            .ptBR: """
            O desafio dos 1.356 dias

            1. Escreva uma lista de 1 a 20 metas. Cada uma pode ter uma descrição, um lugar, uma imagem de
               capa e marcos, as etapas que levam até ela. No máximo 20 metas podem ser criadas, contando
               as apagadas.
            2. Quando a lista estiver pronta, comece a contagem regressiva. Ela dura 1.356 dias e termina na
               mesma hora do dia, no seu relógio, em que começou.
            3. Depois do início a lista fica travada: nenhuma meta pode ser adicionada, apagada ou renomeada.
               Descrições, marcos e conclusão ainda podem mudar.
            4. Nada pausa, reinicia ou estende a contagem regressiva.
            5. Progresso: uma meta concluída vale 100%; as outras, a parte dos seus marcos já concluída. Você
               está à frente, no ritmo ou atrás conforme o seu progresso geral se compara com o tempo
               decorrido.
            6. A sua conta é privada, a menos que você a torne pública. De uma conta pública, os outros veem
               o nome de usuário, o avatar, a bio, as estatísticas gerais, os resumos das metas e os marcos
               públicos; nunca o seu e-mail.
            7. Bloqueie quem quiser: vocês somem um para o outro. Denuncie o que quebra as regras; os admins
               podem suspender contas.
            """,
        ],
        .publishCreated: [
            .en: "Published {username} on the server: {goals}, {milestones}, {days}.",
            .ptBR: "Conta {username} publicada no servidor: {goals}, {milestones}, {days}.",
        ],
        .publishUpdated: [
            .en: "Updated {username} on the server: {goals}, {milestones}, {days}.",
            .ptBR: "Conta {username} atualizada no servidor: {goals}, {milestones}, {days}.",
        ],
        .unpublished: [
            .en: "Deleted {username} from the server; this device keeps it.",
            .ptBR: "Conta {username} apagada do servidor; este aparelho continua com ela.",
        ],
    ]

    // MARK: People, the feed, leaderboards

    static let social: Table = [
        .following: [.en: "Following {username}.", .ptBR: "Agora você segue {username}."],
        .alreadyFollowing: [.en: "Already following {username}.", .ptBR: "Você já segue {username}."],
        .unfollowed: [.en: "No longer following {username}.", .ptBR: "Você deixou de seguir {username}."],
        .blocked: [.en: "Blocked {username}.", .ptBR: "Conta {username} bloqueada."],
        .blockHidden: [
            .en:
                "No account named '{username}' is visible to you; if one has that name, it is blocked now, and you and it no longer see each other.",
            .ptBR:
                "Nenhuma conta chamada '{username}' está visível para você; se alguma tiver esse nome, ela agora está bloqueada, e vocês não se veem mais.",
        ],
        .unblockHidden: [
            .en:
                "No account named '{username}' is visible to you; if you had blocked one by that name, the block is lifted.",
            .ptBR:
                "Nenhuma conta chamada '{username}' está visível para você; se você tinha bloqueado uma com esse nome, o bloqueio foi desfeito.",
        ],
        .noFollowers: [.en: "No followers you can see.", .ptBR: "Nenhum seguidor que você possa ver."],
        .noFollowing: [.en: "Not following anyone you can see.", .ptBR: "Não segue ninguém que você possa ver."],
        .columnUsername: [.en: "username", .ptBR: "usuário"],
        .columnLastActive: [.en: "last active", .ptBR: "última atividade"],
        .columnBio: [.en: "bio", .ptBR: "bio"],
        .profileGoals: [
            .en:
                "{done} of {total} goals completed · overall {overall} · streak {current} now, longest {longest}",
            .ptBR:
                "{done} de {total} metas concluídas · progresso geral {overall} · sequência de {current} agora, recorde de {longest}",
        ],
        .followers: [
            .en: .plural("{count} follower", "{count} followers"),
            .ptBR: .plural("{count} seguidor", "{count} seguidores"),
        ],
        .profileFollowing: [.en: "following {count}", .ptBR: "seguindo {count}"],
        .profileStarted: [.en: " · started {when}", .ptBR: " · começou em {when}"],
        .profileNotStarted: [.en: " · not started", .ptBR: " · não começou"],
        .profileLastActive: [.en: "last active {when}", .ptBR: "última atividade: {when}"],
        .profileAvatar: [.en: "avatar: {avatar}", .ptBR: "avatar: {avatar}"],
        .hiddenByAdmin: [.en: "  hidden by an admin: only you see it", .ptBR: "  um admin ocultou: só você vê"],
        .feedEmpty: [.en: "Your feed is empty.", .ptBR: "O seu feed está vazio."],
        .columnCompleted: [.en: "completed", .ptBR: "concluído"],
        .columnWho: [.en: "who", .ptBR: "quem"],
        .columnGoal: [.en: "goal", .ptBR: "meta"],
        .columnMilestone: [.en: "milestone", .ptBR: "marco"],
        .boardEmpty: [.en: "Nobody on this leaderboard yet.", .ptBR: "Ninguém neste ranking ainda."],
        .columnRank: [.en: "rank", .ptBR: "posição"],
        .columnGoals: [.en: "goals", .ptBR: "metas"],
        .columnLongestStreak: [.en: "longest streak (days)", .ptBR: "maior sequência (dias)"],
        .columnCurrentStreak: [.en: "current streak (days)", .ptBR: "sequência atual (dias)"],
        .recentValue: [.en: "{title} ({when})", .ptBR: "{title} ({when})"],
        .boardTotal: [.en: "{count} in all", .ptBR: "{count} no total"],
        .searchNone: [
            .en: "No account you can see matches '{text}'.",
            .ptBR: "Nenhuma conta que você possa ver corresponde a '{text}'.",
        ],
    ]

    // MARK: The countdown and progress

    static let countdown: Table = [
        .countdownNotStarted: [
            .en:
                "The countdown has not started. Add goals, then run `lifectl lifetimer start` to begin the 1,356 days.",
            .ptBR:
                "A contagem regressiva ainda não começou. Adicione metas e depois rode `lifectl lifetimer start` para começar os 1.356 dias.",
        ],
        .rowFinished: [.en: "finished", .ptBR: "terminou"],
        .endedValue: [.en: "the 1,356 days ended {when}", .ptBR: "os 1.356 dias terminaram em {when}"],
        .rowGoalsCompleted: [.en: "goals completed", .ptBR: "metas concluídas"],
        .rowMilestonesCompleted: [.en: "milestones completed", .ptBR: "marcos concluídos"],
        .rowOverallProgress: [.en: "overall progress", .ptBR: "progresso geral"],
        .rowActiveDays: [.en: "active days", .ptBR: "dias ativos"],
        .rowLongestStreak: [.en: "longest streak", .ptBR: "maior sequência"],
        .rowLeft: [.en: "left", .ptBR: "faltam"],
        .remaining: [
            .en: "{days} d {hours} h {minutes} m {seconds} s", .ptBR: "{days} d {hours} h {minutes} min {seconds} s",
        ],
        .rowElapsed: [.en: "elapsed", .ptBR: "decorrido"],
        .rowDay: [.en: "day", .ptBR: "dia"],
        .dayOfChallenge: [.en: "{day} of 1,356", .ptBR: "{day} de 1.356"],
        .rowStarted: [.en: "started", .ptBR: "começou"],
        .rowEnds: [.en: "ends", .ptBR: "termina"],
        .endsValue: [.en: "{when} ({zone})", .ptBR: "{when} ({zone})"],
        .columnNumber: [.en: "#", .ptBR: "#"],
        .columnMilestones: [.en: "milestones", .ptBR: "marcos"],
        .columnProgress: [.en: "progress", .ptBR: "progresso"],
        .noGoals: [.en: "No goals yet.", .ptBR: "Nenhuma meta ainda."],
        .progressOverall: [
            .en: "overall {overall} · {done} of {total} goals completed",
            .ptBR: "progresso geral {overall} · {done} de {total} metas concluídas",
        ],
        .progressElapsed: [.en: " · {elapsed} of the time elapsed", .ptBR: " · {elapsed} do tempo decorrido"],
        .paceLine: [.en: "{pace}: {message}", .ptBR: "{pace}: {message}"],
        .paceNotStarted: [.en: "not started", .ptBR: "não começou"],
        .paceAhead: [.en: "ahead", .ptBR: "à frente"],
        .paceOnTrack: [.en: "on track", .ptBR: "no ritmo"],
        .paceBehind: [.en: "behind", .ptBR: "atrás"],
        .paceFinished: [.en: "finished", .ptBR: "terminado"],
        .messageNotStarted: [
            .en: "Write down what matters, then start the clock: 1,356 days begin when you confirm your list.",
            .ptBR:
                "Anote o que importa e depois dispare o relógio: os 1.356 dias começam quando você confirmar a sua lista.",
        ],
        .messageAhead1: [
            .en: "A flying start. Keep the rhythm while the road is long.",
            .ptBR: "Que largada! Mantenha o ritmo enquanto o caminho é longo.",
        ],
        .messageAhead2: [
            .en: "Ahead of the clock. Pick the next milestone while the going is good.",
            .ptBR: "À frente do relógio. Escolha o próximo marco enquanto a maré está boa.",
        ],
        .messageAhead3: [
            .en: "Well ahead with half the time gone. Consider a bolder step.",
            .ptBR: "Bem à frente com metade do tempo já passado. Que tal um passo mais ousado?",
        ],
        .messageAhead4: [
            .en: "Ahead at the home stretch. Finish what you started.",
            .ptBR: "À frente na reta final. Termine o que você começou.",
        ],
        .messageOnTrack1: [
            .en: "Right on pace. Small steps, every week.", .ptBR: "No ritmo certo. Passos pequenos, toda semana.",
        ],
        .messageOnTrack2: [
            .en: "On track. The middle miles are where lists are won.",
            .ptBR: "No ritmo. É no meio do caminho que uma lista se cumpre.",
        ],
        .messageOnTrack3: [
            .en: "Still on pace past halfway. Keep showing up.",
            .ptBR: "Ainda no ritmo depois da metade. Continue firme, dia após dia.",
        ],
        .messageOnTrack4: [
            .en: "On track for the finish. Protect the time you have left.",
            .ptBR: "No ritmo para a chegada. Proteja o tempo que ainda resta.",
        ],
        .messageBehind1: [
            .en: "Behind, but the road is long. One milestone this week changes the picture.",
            .ptBR: "Atrás, mas o caminho é longo. Um marco nesta semana já muda o quadro.",
        ],
        .messageBehind2: [
            .en: "A little behind. Choose one goal and give it the next few days.",
            .ptBR: "Um pouco atrás. Escolha uma meta e dedique a ela os próximos dias.",
        ],
        .messageBehind3: [
            .en: "Behind past halfway. Trim a step, not the goal, and move.",
            .ptBR: "Atrás depois da metade. Corte uma etapa, não a meta, e siga em frente.",
        ],
        .messageBehind4: [
            .en: "Time is short. Pick the goal closest to done and finish it.",
            .ptBR: "O tempo está curto. Escolha a meta mais perto do fim e conclua-a.",
        ],
        .messageFinished: [
            .en: "The 1,356 days are over. Look at what you did with them.",
            .ptBR: "Os 1.356 dias acabaram. Veja o que você fez com eles.",
        ],
    ]

    // MARK: Goals and milestones

    static let goals: Table = [
        .goalListEmpty: [
            .en: "No goals yet. Add one with `lifectl lifetimer goal add TITLE`.",
            .ptBR: "Nenhuma meta ainda. Adicione uma com `lifectl lifetimer goal add TÍTULO`.",
        ],
        .goalPlace: [
            .en: "at {place} ({latitude}, {longitude})", .ptBR: "em {place} ({latitude}, {longitude})",
        ],
        .milestoneDue: [.en: " due {date}", .ptBR: " até {date}"],
        .milestonePublic: [.en: " (public)", .ptBR: " (público)"],
        .milestonePrivate: [.en: " (private)", .ptBR: " (privado)"],
        .goalDeleted: [.en: "Deleted goal {number}, {title}.", .ptBR: "Meta {number} apagada: {title}."],
        .milestoneDeleted: [.en: "Deleted milestone {ref}, {title}.", .ptBR: "Marco {ref} apagado: {title}."],
        .streakStarted: [
            .en: "{count} active days in a row: a streak begins.",
            .ptBR: "{count} dias ativos seguidos: começa uma sequência.",
        ],
        .streakExtended: [
            .en: "{count} active days in a row. Keep it going.", .ptBR: "{count} dias ativos seguidos. Continue assim.",
        ],
    ]

    // MARK: Moderation

    static let moderation: Table = [
        .reported: [.en: "Reported. The admins will see it.", .ptBR: "Denúncia enviada. Os admins vão vê-la."],
        .noReports: [.en: "No reports.", .ptBR: "Nenhuma denúncia."],
        .noOpenReports: [.en: "No open reports.", .ptBR: "Nenhuma denúncia em aberto."],
        .columnID: [.en: "id", .ptBR: "id"],
        .columnWhen: [.en: "when", .ptBR: "quando"],
        .columnBy: [.en: "by", .ptBR: "por"],
        .columnAbout: [.en: "about", .ptBR: "sobre"],
        .columnAccount: [.en: "account", .ptBR: "conta"],
        .columnWhat: [.en: "what", .ptBR: "o quê"],
        .columnReason: [.en: "reason", .ptBR: "motivo"],
        .columnStatus: [.en: "status", .ptBR: "situação"],
        .columnAdmin: [.en: "admin", .ptBR: "admin"],
        .columnDecided: [.en: "decided", .ptBR: "decisão"],
        .columnReport: [.en: "report", .ptBR: "denúncia"],
        .targetAccount: [.en: "account", .ptBR: "conta"],
        .targetGoal: [.en: "goal", .ptBR: "meta"],
        .targetMilestone: [.en: "milestone", .ptBR: "marco"],
        .suspendedMark: [.en: " (suspended)", .ptBR: " (suspensa)"],
        .statusOpen: [.en: "open", .ptBR: "aberta"],
        .statusDecided: [.en: "{action} by {admin}", .ptBR: "{action} por {admin}"],
        .statusDismissed: [.en: "dismiss", .ptBR: "arquivada"],
        .statusHidden: [.en: "hide", .ptBR: "conteúdo ocultado"],
        .statusSuspended: [.en: "suspend", .ptBR: "conta suspensa"],
        .decisionDismiss: [.en: "dismiss", .ptBR: "arquivar"],
        .decisionHide: [.en: "hide", .ptBR: "ocultar"],
        .decisionSuspend: [.en: "suspend", .ptBR: "suspender"],
        .deletedAdminName: [.en: "a deleted admin", .ptBR: "um admin apagado"],
        .deletedAdmin: [.en: "(deleted)", .ptBR: "(apagado)"],
        .deletedReport: [.en: "(deleted)", .ptBR: "(apagada)"],
        .resolvedDismiss: [
            .en: "Dismissed the report about {account}.", .ptBR: "Denúncia sobre {account} arquivada.",
        ],
        .resolvedHide: [
            .en: "Hidden: only {account} sees it now.", .ptBR: "Conteúdo ocultado: agora só {account} o vê.",
        ],
        .resolvedSuspend: [
            .en: "Suspended {account}: no one else sees it now.",
            .ptBR: "Conta {account} suspensa: agora ninguém mais a vê.",
        ],
        .noDecisions: [.en: "No decisions.", .ptBR: "Nenhuma decisão."],
        .suspended: [.en: "Suspended {username}.", .ptBR: "Conta {username} suspensa."],
        .alreadySuspended: [
            .en: "{username} was already suspended; the first suspension stands.",
            .ptBR: "A conta {username} já estava suspensa; vale a primeira suspensão.",
        ],
        .unsuspended: [.en: "Unsuspended {username}.", .ptBR: "Suspensão da conta {username} retirada."],
        .granted: [.en: "{username} is an admin.", .ptBR: "{username} agora é admin."],
        .alreadyAdmin: [.en: "{username} was already an admin.", .ptBR: "{username} já era admin."],
    ]

    // MARK: Notifications

    static let notifications: Table = [
        .notifyReminder: [
            .en: .plural(
                "{count} day left of your 1,356. What will you do with today?",
                "{count} days left of your 1,356. What will you do with today?"),
            .ptBR: .plural(
                "Falta {count} dia dos seus 1.356. O que você vai fazer com o dia de hoje?",
                "Faltam {count} dias dos seus 1.356. O que você vai fazer com o dia de hoje?"),
        ],
        .notifyCheckpoint: [
            .en: "{percent}% of your 1,356 days remain.", .ptBR: "Restam {percent}% dos seus 1.356 dias.",
        ],
        .notifyLastDay: [
            .en: "The last day of your 1,356 begins: one day left.",
            .ptBR: "Começa o último dos seus 1.356 dias: falta um dia.",
        ],
        .notifyMilestoneToday: [
            .en: "Milestone due today: {title}", .ptBR: "Marco com prazo para hoje: {title}",
        ],
        .notifyMilestoneAhead: [
            .en: .plural(
                "Milestone due in {count} day, on {date}: {title}", "Milestone due in {count} days, on {date}: {title}"),
            .ptBR: .plural(
                "Falta {count} dia para o prazo do marco, {date}: {title}",
                "Faltam {count} dias para o prazo do marco, {date}: {title}"),
        ],
        .notifyStreak: [
            .en: "{count} active days in a row. Keep it going.", .ptBR: "{count} dias ativos seguidos. Continue assim.",
        ],
        .kindReminder: [.en: "reminder", .ptBR: "lembrete"],
        .kindMilestone: [.en: "milestone", .ptBR: "marco"],
        .kindStreak: [.en: "streak", .ptBR: "sequência"],
        .kindCheckpoint: [.en: "checkpoint", .ptBR: "ponto de controle"],
        .categoryReminders: [.en: "reminders", .ptBR: "lembretes"],
        .categoryMilestones: [.en: "milestones", .ptBR: "marcos"],
        .categoryStreaks: [.en: "streaks", .ptBR: "sequências"],
        .categoryCheckpoints: [.en: "checkpoints", .ptBR: "pontos de controle"],
        .frequencyDaily: [.en: "daily", .ptBR: "diários"],
        .frequencyWeekly: [.en: "weekly", .ptBR: "semanais"],
        .frequencyEvery: [
            .en: .plural("every {count} day", "every {count} days"),
            .ptBR: .plural("a cada {count} dia", "a cada {count} dias"),
        ],
        .remindersLine: [.en: "reminders {frequency} {at}", .ptBR: "lembretes {frequency} {at}"],
        .advanceLine: [.en: " · milestones also {days} before", .ptBR: " · marcos também {days} antes"],
        .mutedLine: [.en: " · muted: {list}", .ptBR: " · silenciados: {list}"],
        .nothingScheduled: [.en: "Nothing scheduled in these days.", .ptBR: "Nada agendado nesses dias."],
    ]

    // MARK: Pictures

    static let pictures: Table = [
        .pictureNotStarted: [.en: "days, not started", .ptBR: "dias, não começou"],
        .pictureDone: [.en: "Done", .ptBR: "Fim"],
        .pictureCompleted: [.en: "1,356 days completed", .ptBR: "1.356 dias cumpridos"],
        .pictureDaysLeft: [.en: .plural("day left", "days left"), .ptBR: .plural("dia restante", "dias restantes")],
        .pictureElapsed: [.en: "{value}% elapsed", .ptBR: "{value}% decorrido"],
        .pictureHeadline: [
            .en: "day {day} of 1,356: {done}% done, {elapsed}% of the time elapsed",
            .ptBR: "dia {day} de 1.356: {done}% feito, {elapsed}% do tempo decorrido",
        ],
        .pictureNoSeries: [
            .en: "not started: the series begins when the countdown does",
            .ptBR: "não começou: a série começa junto com a contagem regressiva",
        ],
        .pictureDay: [.en: "day {day}", .ptBR: "dia {day}"],
        .legendDone: [.en: "done", .ptBR: "feito"],
        .legendElapsed: [.en: "time elapsed", .ptBR: "tempo decorrido"],
        .legendCompleted: [.en: "milestone completed", .ptBR: "marco concluído"],
        .legendDue: [.en: "milestone due", .ptBR: "marco previsto"],
    ]
}
