#compdef lifectl

__lifectl_complete() {
    local -ar non_empty_completions=("${@:#(|:*)}")
    local -ar empty_completions=("${(M)@:#(|:*)}")
    _describe -V '' non_empty_completions -- empty_completions -P $'\'\''
}

__lifectl_custom_complete() {
    local -a completions
    completions=("${(@f)"$("${command_name}" "${@}" "${command_line[@]}")"}")
    if [[ "${#completions[@]}" -gt 1 ]]; then
        __lifectl_complete "${completions[@]:0:-1}"
    fi
}

__lifectl_cursor_index_in_current_word() {
    if [[ -z "${QIPREFIX}${IPREFIX}${PREFIX}" ]]; then
        printf 0
    else
        printf %s "${#${(z)LBUFFER}[-1]}"
    fi
}

_lifectl() {
    emulate -RL zsh -G
    setopt extendedglob nullglob numericglobsort
    unsetopt aliases banghist

    local -xr SAP_SHELL=zsh
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(builtin emulate zsh -c 'printf %s "${ZSH_VERSION}"')"
    local -r SAP_SHELL_VERSION

    local context state state_descr line
    local -A opt_args

    local -r command_name="${words[1]}"
    local -ar command_line=("${words[@]}")
    local -ir current_word_index="$((CURRENT - 1))"

    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'db:Create, migrate, inspect, check and back up the database file.'
            'settings:Show or change what every product shares: time zone and units.'
            'finite:Your life in weeks: setup, status, marks, life phases, the grid, notifications and the widget.'
            'lifetimer:The 1,356-day challenge: goals, milestones, the countdown, progress, and the people you follow.'
            'walks:Only Walks: import GPX, record live, list, show, doodles, gallery, export, stats, prune.'
            'hereafter:Notes to future-you, locked in time and pinned to a place: plant, visit, read, reply.'
            'dailymenu:Micro-rituals: the day'\''s menu, rituals with moods, Moments, seasons, warmth, stamps, the calendar.'
            'search:Search the words of every product: week phrases, walk names, discovered messages, goals, milestones.'
            'today:One page of today across the products: your week of life, walks, notes, milestones and rituals.'
            'week:One page of a week (Monday to Sunday) across the products, as text, JSON or an SVG picture.'
            'calendar:Write the coming notifications of every product as an iCalendar (.ics) file.'
            'stats:Your life statistics across the products, from this file only: text, JSON or a one-page SVG.'
            'export:Write every product'\''s data to one JSON file (a lossless backup, or a file to sync).'
            'import:Merge an export file into the database: newer edits win, nothing moves back, importing twice changes nothing more.'
            'sync:Sync this device with your other devices through a shared folder or the service'\''s hub, encrypted end to end.'
            'server:The PostgreSQL server of LifeTimer'\''s social graph: apply its schema, see its state.'
            'login:Sign in to the service with an e-mail address and a password.'
            'logout:Sign out of the service and forget the session kept here.'
            'help:Show subcommand help information.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        db|settings|finite|lifetimer|walks|hereafter|dailymenu|search|today|week|calendar|stats|export|import|sync|server|login|logout|help)
            "_lifectl_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_lifectl_db() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'init:Create the database (mode 0600) and bring its schema up to date.'
            'migrate:Apply the migrations this build knows that the database lacks.'
            'status:Show the file, its size, schema version, migrations and rows per product.'
            'check:Check the file: integrity, foreign keys, schema, and every product'\''s own rules.'
            'backup:Copy the database to a new file, consistent even while others write.'
            'path:Print which database file is in use, and why.'
            'schema:Print the full schema as SQL.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        init|migrate|status|check|backup|path|schema)
            "_lifectl_db_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_lifectl_db_init() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_db_migrate() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_db_status() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_db_check() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_db_backup() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':file:_files'
        '--force[Replace FILE if it already exists.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_db_path() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_db_schema() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_settings() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'show:Print the shared settings.'
            'set:Change the shared settings; all changes are saved together or not at all.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        show|set)
            "_lifectl_settings_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_lifectl_settings_show() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_settings_set() {
    local -i ret=1
    local -ar ___units=('metric' 'imperial')
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--time-zone[IANA name (Europe/Berlin), or '\''system'\'' to follow TZ.]:zone:{__lifectl_custom_complete ---completion settings set -- --time-zone "${current_word_index}" "$(__lifectl_cursor_index_in_current_word)"}'
        '--units[How distances are shown.]:units:{__lifectl_complete "${___units[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_finite() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'setup:Set your birthday (and optionally your life expectancy).'
            'status:Show the current week, weeks lived and weeks remaining.'
            'mark:Mark a week: a rating 1–5, an optional category and phrase.'
            'unmark:Remove a week'\''s mark.'
            'show:Show one week: its dates, its mark and the life phases it is in.'
            'grid:Draw your life as a grid of weeks in the terminal, or write the SVG poster.'
            'phase:Name the chapters of your life: phases drawn on the grid and the poster.'
            'settings:Show or change Finite'\''s settings.'
            'notifications:The notification schedule: the daily number and the milestones (computed, never sent).'
            'widget:What the widgets show, and when the number next changes.'
            'reveal:The data of the reveal animation: weeks to fill, year thuds, pace, the pulsing week.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        setup|status|mark|unmark|show|grid|phase|settings|notifications|widget|reveal)
            "_lifectl_finite_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_lifectl_finite_setup() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--birthday[Your birthday, YYYY-MM-DD.]:date:'
        '--life-expectancy[Whole years, 1–120 (default 80).]:years:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_finite_status() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_finite_mark() {
    local -i ret=1
    local -ar ___category=('work' 'health' 'growth' 'relationships' 'rest' 'adventure')
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':week:'
        '--date[The week holding this date instead (2026-03-01, yesterday, -2w …).]:date:'
        '--rating[1 Awful, 2 Hard, 3 Okay, 4 Good, 5 Great.]:1-5:'
        '--category[What defined the week.]:category:{__lifectl_complete "${___category[@]}"}'
        '--phrase[One line about the week, at most 140 characters.]:text:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_finite_unmark() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':week:'
        '--date[The week holding this date instead (2026-03-01, yesterday, -2w …).]:date:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_finite_show() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':week:'
        '--date[The week holding this date instead (2026-03-01, yesterday, -2w …).]:date:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_finite_grid() {
    local -i ret=1
    local -ar ___view=('color' 'bw')
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--svg[Write the poster to this SVG file.]:file:_files'
        '--force[Replace FILE if it already exists.]'
        '--view[How the grid is drawn (default\: the view setting).]:mode:{__lifectl_complete "${___view[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_finite_phase() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'add:Add a life phase: a name, a first week and (unless it is ongoing) a last week.'
            'list:List the life phases, by first week, with the letters the grid shows them by.'
            'edit:Change a life phase: its name, weeks or colour.'
            'delete:Delete a life phase (its weeks and their marks stay as they are).'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        add|list|edit|delete)
            "_lifectl_finite_phase_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_lifectl_finite_phase_add() {
    local -i ret=1
    local -ar ___colour=('sky' 'violet' 'magenta' 'indigo' 'slate' 'pink')
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':name:'
        '--from[A week number (1900, 1,900) or a date (1996-09-01, yesterday, -2w …)\: the week holding it.]:week|date:'
        '--to[The last week, included (default\: ongoing). A week number (1900, 1,900) or a date (1996-09-01, yesterday, -2w …)\: the week holding it.]:week|date:'
        '(--colour --color)'{--colour,--color}'[sky, violet, magenta, indigo, slate or pink (default\: the first no phase uses).]:colour:{__lifectl_complete "${___colour[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_finite_phase_list() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_finite_phase_edit() {
    local -i ret=1
    local -ar ___colour=('sky' 'violet' 'magenta' 'indigo' 'slate' 'pink')
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':name:'
        '--name[A new name.]:name:'
        '--from[A week number (1900, 1,900) or a date (1996-09-01, yesterday, -2w …)\: the week holding it.]:week|date:'
        '--to[The last week, included. A week number (1900, 1,900) or a date (1996-09-01, yesterday, -2w …)\: the week holding it.]:week|date:'
        '--no-end[Make the phase ongoing\: no last week.]'
        '(--colour --color)'{--colour,--color}'[sky, violet, magenta, indigo, slate or pink (default\: the first no phase uses).]:colour:{__lifectl_complete "${___colour[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_finite_phase_delete() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':name:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_finite_settings() {
    local -i ret=1
    local -ar ___view=('color' 'bw')
    local -ar ___biometric_lock=('on' 'off')
    local -ar ___daily_notification=('on' 'off')
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--life-expectancy[Whole years, 1–120.]:years:'
        '--view[How the grid is drawn.]:mode:{__lifectl_complete "${___view[@]}"}'
        '--biometric-lock[Lock Finite behind the device'\''s biometrics.]:on|off:{__lifectl_complete "${___biometric_lock[@]}"}'
        '--daily-notification[The daily number.]:on|off:{__lifectl_complete "${___daily_notification[@]}"}'
        '--time[Local time of the daily notification, HH\:MM.]:time:'
        '--time-zone[IANA name (Europe/Berlin), or '\''system'\''.]:zone:{__lifectl_custom_complete ---completion finite settings -- --time-zone "${current_word_index}" "$(__lifectl_cursor_index_in_current_word)"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_finite_notifications() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--from[First local day (default today).]:date:'
        '--days[How many days, 1–366 (default 7).]:n:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_finite_widget() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--limit[How many future changes to list, 0–520 (default 8).]:n:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_finite_reveal() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'account:Create, show, edit or delete an account; link and unlink sign-in identities.'
            'goal:Add, list, edit, complete or delete goals (1–20, locked once the countdown starts).'
            'milestone:Add, complete, edit or delete a goal'\''s milestones (named GOAL.STEP, such as 2.1).'
            'start:Confirm your list and start the 1,356-day countdown. It cannot be paused, reset or extended.'
            'countdown:Time left of the 1,356 days, the percentage elapsed, and a summary once finished.'
            'progress:Progress per goal and overall, whether you are ahead, on track or behind, and a message.'
            'follow:Follow a public account: its public milestones join your feed.'
            'unfollow:Stop following an account.'
            'block:Block an account: each of you disappears for the other, and follows both ways end.'
            'unblock:Lift a block (follows it removed stay removed).'
            'followers:Who follows an account (default yours), among the accounts you can see.'
            'following:Whom an account (default yours) follows, among the accounts you can see.'
            'profile:An account'\''s public view (default yours): bio, stats, goal summaries, public milestones.'
            'feed:Public milestones completed by the accounts you follow, newest first.'
            'leaderboard:Rankings among the accounts you can see: goals completed, streaks of active days, recent milestones.'
            'search:Find accounts you can see by part of their username.'
            'report:Report an account, a goal or a milestone to the admins, with a reason.'
            'admin:For admins: list and resolve reports, suspend and unsuspend accounts, make another admin.'
            'notifications:The notifications LifeTimer would send, and their preferences.'
            'settings:Show or change theme, 12/24-hour clock, language, visibility and time zone.'
            'about:The rules of the 1,356-day challenge.'
            'publish:Put your account on the server (--server or $LIFECTL_SERVER), or bring it up to date there.'
            'unpublish:Delete your account from the server for good (--server or $LIFECTL_SERVER); this device keeps its copy.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        account|goal|milestone|start|countdown|progress|follow|unfollow|block|unblock|followers|following|profile|feed|leaderboard|search|report|admin|notifications|settings|about|publish|unpublish)
            "_lifectl_lifetimer_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_lifectl_lifetimer_account() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'create:Create an account; the first one created is the owner'\''s.'
            'show:Show your own account, private fields included.'
            'edit:Change your username, bio, avatar, e-mail, visibility or time zone.'
            'link:Link a sign-in identity to your account (several may be linked).'
            'unlink:Unlink a sign-in identity from your account.'
            'delete:Delete your account and everything it owns, for good.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        create|show|edit|link|unlink|delete)
            "_lifectl_lifetimer_account_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_lifectl_lifetimer_account_create() {
    local -i ret=1
    local -ar ___provider=('email' 'google' 'apple')
    local -ar ___visibility=('public' 'private')
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        ':username:'
        '--email[E-mail address (never shown to others).]:email:'
        '--provider[Sign-in provider.]:provider:{__lifectl_complete "${___provider[@]}"}'
        '--subject[The provider'\''s id for this person.]:subject:'
        '--bio[A short bio (160 characters at most).]:bio:'
        '--avatar[Avatar image path or URL.]:path:_files'
        '--visibility[Who may see the account (default private).]:visibility:{__lifectl_complete "${___visibility[@]}"}'
        '--time-zone[IANA zone (default the owner'\''s).]:zone:{__lifectl_custom_complete ---completion lifetimer account create -- --time-zone "${current_word_index}" "$(__lifectl_cursor_index_in_current_word)"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_account_show() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_account_edit() {
    local -i ret=1
    local -ar ___visibility=('public' 'private')
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        '--username[A new username.]:username:'
        '--bio[A short bio ('\'''\'' clears it).]:bio:'
        '--avatar[Avatar path or URL ('\'''\'' clears it).]:path:_files'
        '--email[E-mail ('\'''\'' clears it).]:email:'
        '--visibility[Who may see the account.]:visibility:{__lifectl_complete "${___visibility[@]}"}'
        '--time-zone[IANA zone (Europe/Berlin).]:zone:{__lifectl_custom_complete ---completion lifetimer account edit -- --time-zone "${current_word_index}" "$(__lifectl_cursor_index_in_current_word)"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_account_link() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        ':provider:'
        ':subject:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_account_unlink() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        ':provider:'
        ':subject:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_account_delete() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        '--yes[Confirm\: delete the account and everything it owns, for good.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_goal() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'add:Add a goal (before the start; at most 20 ever, deleted ones count).'
            'list:Your goals with their milestones.'
            'edit:Change a goal; after the start only its description, place and cover.'
            'complete:Mark a goal completed.'
            'reopen:Mark a completed goal as not completed.'
            'delete:Delete a goal and its milestones (before the start only; it still counts towards 20).'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        add|list|edit|complete|reopen|delete)
            "_lifectl_lifetimer_goal_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_lifectl_lifetimer_goal_add() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        ':title:'
        '--description[A description (2,000 characters at most).]:description:'
        '--at[The goal'\''s place, in decimal degrees (69.65,18.96).]:lat,lon:'
        '--place[The place'\''s name.]:place:'
        '--cover[Cover image path or URL.]:path:_files'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_goal_list() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_goal_edit() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        ':number:'
        '--title[A new title (refused after the start).]:title:'
        '--description[A new description ('\'''\'' clears it).]:description:'
        '--at[The goal'\''s place, in decimal degrees (69.65,18.96).]:lat,lon:'
        '--place[The place'\''s name.]:place:'
        '--cover[Cover image path or URL ('\'''\'' clears it).]:path:_files'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_goal_complete() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        ':number:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_goal_reopen() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        ':number:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_goal_delete() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        ':number:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_milestone() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'add:Add a milestone at the end of a goal'\''s list (allowed after the start).'
            'complete:Mark a milestone completed now (an active day).'
            'reopen:Mark a milestone as not completed.'
            'edit:Change a milestone'\''s title, due date or visibility.'
            'delete:Delete a milestone (the others keep their numbers).'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        add|complete|reopen|edit|delete)
            "_lifectl_lifetimer_milestone_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_lifectl_lifetimer_milestone_add() {
    local -i ret=1
    local -ar ___visibility=('public' 'private')
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        ':goal:'
        ':title:'
        '--due[Due date (2027-04-01, +3m, friday …).]:date:'
        '--visibility[public\: on your public profile and your followers'\'' feeds once completed (default private).]:visibility:{__lifectl_complete "${___visibility[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_milestone_complete() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        ':milestone:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_milestone_reopen() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        ':milestone:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_milestone_edit() {
    local -i ret=1
    local -ar ___visibility=('public' 'private')
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        ':milestone:'
        '--title[A new title.]:title:'
        '--due[Due date, or none.]:date:'
        '--visibility[public or private.]:visibility:{__lifectl_complete "${___visibility[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_milestone_delete() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        ':milestone:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_start() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_countdown() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        '--svg[Also draw the countdown as SVG into this file.]:file:_files'
        '--force[Replace FILE if it already exists.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_progress() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        '--svg[Also draw progress against time as SVG into this file.]:file:_files'
        '--force[Replace FILE if it already exists.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_follow() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        ':username:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_unfollow() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        ':username:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_block() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        ':username:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_unblock() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        ':username:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_followers() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        ':username:'
        '--limit[At most this many (1–500); default all.]:limit:'
        '--after[Start after this username (the last one of the page before).]:username:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_following() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        ':username:'
        '--limit[At most this many (1–500); default all.]:limit:'
        '--after[Start after this username (the last one of the page before).]:username:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_profile() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        ':username:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_feed() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        '--limit[At most this many items (1–500).]:limit:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_leaderboard() {
    local -i ret=1
    local -ar _kind=('goals' 'streaks' 'recent')
    local -ar ___by=('longest' 'current')
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        ':kind:{__lifectl_complete "${_kind[@]}"}'
        '--by[For streaks\: longest (default) or current.]:measure:{__lifectl_complete "${___by[@]}"}'
        '--limit[At most this many rows (1–500).]:limit:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_search() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        ':text:'
        '--limit[At most this many (1–500).]:limit:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_report() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        ':kind:'
        ':target:'
        '--reason[Why (500 characters at most).]:reason:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_admin() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'reports:Every report, newest first, with its status (open, or the latest decision).'
            'resolve:Decide on a report: dismiss it, hide the goal or milestone, or suspend the account.'
            'decisions:Every decision on a report, newest first: who decided, when, what and why.'
            'suspend:Suspend an account: no one else sees it until it is unsuspended.'
            'unsuspend:Lift a suspension.'
            'grant:Make another account an admin.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        reports|resolve|decisions|suspend|unsuspend|grant)
            "_lifectl_lifetimer_admin_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_lifectl_lifetimer_admin_reports() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        '--open[Only the reports no admin has decided on.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_admin_resolve() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        ':report:'
        ':action:'
        '--reason[Why (500 characters at most).]:reason:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_admin_decisions() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_admin_suspend() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        ':username:'
        '--reason[Why.]:reason:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_admin_unsuspend() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        ':username:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_admin_grant() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        ':username:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_notifications() {
    local -i ret=1
    local -ar ___frequency=('daily' 'weekly' 'every')
    local -ar ___reminders=('on' 'off')
    local -ar ___milestones=('on' 'off')
    local -ar ___streaks=('on' 'off')
    local -ar ___checkpoints=('on' 'off')
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        '--from[First local date (default today).]:date:'
        '--days[How many days to list.]:days:'
        '--frequency[Reminders\: daily, weekly or every (N days, with --every).]:frequency:{__lifectl_complete "${___frequency[@]}"}'
        '--every[N for --frequency every (1–365).]:days:'
        '--time[Local time of reminders, HH\:MM.]:time:'
        '--advance[Also remind this many days before a milestone'\''s due date (0–365; 0\: only on the day).]:days:'
        '--reminders[Reminders.]:on|off:{__lifectl_complete "${___reminders[@]}"}'
        '--milestones[Milestones'\'' due dates.]:on|off:{__lifectl_complete "${___milestones[@]}"}'
        '--streaks[Streaks of 3+ active days.]:on|off:{__lifectl_complete "${___streaks[@]}"}'
        '--checkpoints[Checkpoints (50 %, 25 %, the last day).]:on|off:{__lifectl_complete "${___checkpoints[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_settings() {
    local -i ret=1
    local -ar ___theme=('light' 'dark' 'system')
    local -ar ___clock=('12h' '24h')
    local -ar ___language=('en' 'pt-BR')
    local -ar ___visibility=('public' 'private')
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        '--theme[The colours.]:theme:{__lifectl_complete "${___theme[@]}"}'
        '--clock[How times are printed.]:clock:{__lifectl_complete "${___clock[@]}"}'
        '--language[The language LifeTimer speaks.]:language:{__lifectl_complete "${___language[@]}"}'
        '--visibility[Who may see the account.]:visibility:{__lifectl_complete "${___visibility[@]}"}'
        '--time-zone[IANA zone (Europe/Berlin).]:zone:{__lifectl_custom_complete ---completion lifetimer settings -- --time-zone "${current_word_index}" "$(__lifectl_cursor_index_in_current_word)"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_about() {
    local -i ret=1
    local -ar ___language=('en' 'pt-BR')
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        '--language[The language (default\: the acting account'\''s, else en).]:language:{__lifectl_complete "${___language[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_publish() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_lifetimer_unpublish() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Act as this account (default\: the owner'\''s).]:username:'
        '--server[Run a social command on this PostgreSQL server as the --as account (default\: $LIFECTL_SERVER).]:url:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_walks() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'import:Import GPX files: each track becomes a walk.'
            'record:Record a walk live from lat,lon,time[,ele,accuracy] lines on stdin.'
            'list:List walks, newest first: date, distance, duration and pace.'
            'show:Show one walk: its figures and a braille sketch of the path.'
            'doodle:Draw one walk as a pencil doodle (SVG).'
            'gallery:Draw every walk as a doodle in one gallery (SVG or a self-contained HTML page).'
            'export:Export a walk as GPX 1.1, GeoJSON or an SVG doodle.'
            'stats:Your walks in figures: per week and month, walk length, recordings saved, achievements.'
            'delete:Delete a walk, its points and its doodle.'
            'prune:Drop the points of walks before a date, keeping their summaries and doodles.'
            'settings:Show Only Walks'\'' settings: units.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        import|record|list|show|doodle|gallery|export|stats|delete|prune|settings)
            "_lifectl_walks_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_lifectl_walks_import() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '*:file-or-folder:_files'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_walks_record() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--name[A name for the walk.]:name:'
        '--resume[Continue the interrupted recording with the points on stdin.]'
        '--finish[Save the interrupted recording as it is, without reading stdin.]'
        '--ack[Print `ack LINE SEQ` on stderr once the point on input line LINE is saved as point SEQ (from 1).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_walks_list() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--limit[Show at most this many walks.]:n:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_walks_show() {
    local -i ret=1
    local -ar ___sketch=('on' 'off')
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':id:'
        '--sketch[The braille sketch of the path (default on).]:on|off:{__lifectl_complete "${___sketch[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_walks_doodle() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':id:'
        '--svg[Write the doodle to this SVG file.]:file:_files'
        '--pdf[Write a printable walk sheet (A4 PDF) to this file.]:file:_files'
        '--force[Replace FILE if it already exists.]'
        '--size[The square'\''s side in points (default 512).]:points:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_walks_gallery() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--svg[Write the gallery as one SVG file.]:file:_files'
        '--html[Write the gallery as one HTML page.]:file:_files'
        '--force[Replace FILE if it already exists.]'
        '--columns[2 or 3 columns (default 3).]:n:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_walks_export() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':id:'
        '--gpx[Write GPX 1.1 to this file.]:file:_files'
        '--geojson[Write a GeoJSON Feature to this file.]:file:_files'
        '--svg[Write the doodle to this SVG file.]:file:_files'
        '--pdf[Write a printable walk sheet (A4 PDF) to this file.]:file:_files'
        '--force[Replace FILE if it already exists.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_walks_stats() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--since[Count from this day\: 2026-01-01, -6m, -1y… (default\: everything).]:date:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_walks_delete() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':id:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_walks_prune() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--before[Walks dated before this day (2024-01-01, -6m …).]:date:'
        '--yes[Confirm\: drop the points, for good.]'
        '--dry-run[Only list the walks it would prune; change nothing.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_walks_settings() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_hereafter() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'onboard:Tell Hereafter your first name; running it again changes the name.'
            'plant:Leave a message at a place, locked until a date.'
            'edit:Change the words or the place of a note that is still locked.'
            'delete:Delete a note, locked or not, and its photo.'
            'visit:Be at a place now: discover what has unlocked within 150 m.'
            'read:Open a discovered message and mark it read.'
            'reply:Answer a discovered message in its thread, optionally locked until a date.'
            'thread:One place'\''s messages, oldest first, replies with the time since.'
            'list:Every message: id, thread, state, place, dates, and the words once discovered.'
            'geofences:The regions to monitor from here now (at most 20 of 150 m), and the change from before.'
            'chat:The whole story as a chat: Hereafter on the left, you on the right.'
            'notifications:Turn a kind of notification on or off: unlocks, anniversaries.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        onboard|plant|edit|delete|visit|read|reply|thread|list|geofences|chat|notifications)
            "_lifectl_hereafter_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_lifectl_hereafter_onboard() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--name[Your first name, at most 50 characters.]:name:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_hereafter_plant() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--text[The message, 1–500 characters.]:text:'
        '--at[Where, in decimal degrees (52.5163,13.3777).]:lat,lon:'
        '--place[The place'\''s name, at most 100 characters.]:name:'
        '--unlock[The date it unlocks\: tomorrow or later (2027-03-01, +1y …).]:date:'
        '--photo[A JPEG, PNG or HEIC image, at most 10 MB.]:file:_files'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_hereafter_edit() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':id:'
        '--text[The new words, 1–500 characters.]:text:'
        '--place[The place'\''s new name, at most 100 characters.]:name:'
        '--no-place[Remove the note'\''s place name.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_hereafter_delete() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':id:'
        '--with-replies[Delete the replies below the note too.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_hereafter_visit() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--at[Where you are, in decimal degrees.]:lat,lon:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_hereafter_read() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':id:'
        '--save-photo[Write the message'\''s photo to this file.]:file:_files'
        '--force[Replace the --save-photo file if it already exists.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_hereafter_reply() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':id:'
        '--text[The reply, 1–500 characters.]:text:'
        '--unlock[Lock the reply until this date (tomorrow or later).]:date:'
        '--photo[A JPEG, PNG or HEIC image, at most 10 MB.]:file:_files'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_hereafter_thread() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':id:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_hereafter_list() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--search[Only discovered messages containing this.]:words:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_hereafter_geofences() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--at[Where you are, in decimal degrees.]:lat,lon:'
        '--previous[The thread ids registered before, comma-separated (whole ids).]:ids:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_hereafter_chat() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_hereafter_notifications() {
    local -i ret=1
    local -ar ___unlocks=('on' 'off')
    local -ar ___anniversaries=('on' 'off')
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--unlocks[Tell when a note unlocks where you are.]:on|off:{__lifectl_complete "${___unlocks[@]}"}'
        '--anniversaries[Remind you, a year on, of a note you found.]:on|off:{__lifectl_complete "${___anniversaries[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_dailymenu() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'activities:List the catalogue and your own rituals: each one'\''s id, title, category, energy and minutes.'
            'activity:Your own rituals: add one, change it, remove it from the menu or restore it.'
            'favorite:Mark an activity as a favourite (it comes up more often), or off.'
            'hide:Hide an activity from the menu, or off to bring it back. Kept on this device only.'
            'exclude:Leave a whole category out of the menu, or off to include it. Kept on this device only.'
            'menu:A few suggestions for the day, the same all day long.'
            'start:Start a ritual, with how you feel if you like (low, okay, good).'
            'complete:Complete a ritual (started or not), with mood and feedback if you like.'
            'undo:Undo a ritual logged by mistake (the latest, or the one named); everything it brought follows.'
            'share:One ritual (the latest, or the one named) as a line to paste to a friend.'
            'calendar:The month grid: completed, mood lifted, several. Or write it as an SVG sheet.'
            'day:One day'\''s rituals with moods, feedback and Moments.'
            'profile:Your name, since when, totals, Moments, season, warmth and stamps.'
            'stamps:Your stamp collection, each with the day it was earned. Or write it as an SVG sheet.'
            'insights:Mood before and after, per category and over the last 26 weeks. Or write it as an SVG or a PDF.'
            'settings:Show or change your name, mood sharing, colour theme and time zone.'
            'delete-all:Delete all your DailyMenu data: rituals, moods, preferences, profile. Asks for --yes.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        activities|activity|favorite|hide|exclude|menu|start|complete|undo|share|calendar|day|profile|stamps|insights|settings|delete-all)
            "_lifectl_dailymenu_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_lifectl_dailymenu_activities() {
    local -i ret=1
    local -ar ___category=('move' 'breathe' 'create' 'connect' 'outdoors' 'nourish' 'tidy' 'learn')
    local -ar ___energy=('low' 'medium' 'high')
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--category[Only this category (id or name).]:category:{__lifectl_complete "${___category[@]}"}'
        '--energy[Only this energy.]:energy:{__lifectl_complete "${___energy[@]}"}'
        '--all[Also list the rituals of your own you removed.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_dailymenu_activity() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'add:Add a ritual of your own.'
            'edit:Change a ritual of your own: its title, energy, minutes or how-to (not its category).'
            'remove:Take a ritual of your own off the menu; the rituals you did of it stay in your history.'
            'restore:Put a ritual of your own you removed back on the menu.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        add|edit|remove|restore)
            "_lifectl_dailymenu_activity_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_lifectl_dailymenu_activity_add() {
    local -i ret=1
    local -ar ___category=('move' 'breathe' 'create' 'connect' 'outdoors' 'nourish' 'tidy' 'learn')
    local -ar ___energy=('low' 'medium' 'high')
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':title:'
        '--category[Its category (id or name).]:category:{__lifectl_complete "${___category[@]}"}'
        '--energy[The energy it takes.]:energy:{__lifectl_complete "${___energy[@]}"}'
        '--minutes[About how long it takes, 1–60.]:minutes:'
        '--how-to[One line on how to do it.]:text:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_dailymenu_activity_edit() {
    local -i ret=1
    local -ar ___energy=('low' 'medium' 'high')
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':activity:'
        '--title[A new title, 1–60 characters.]:title:'
        '--energy[The energy it takes.]:energy:{__lifectl_complete "${___energy[@]}"}'
        '--minutes[1–60.]:minutes:'
        '--how-to[A new how-to line.]:text:'
        '--no-how-to[Remove the how-to line.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_dailymenu_activity_remove() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':activity:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_dailymenu_activity_restore() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':activity:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_dailymenu_favorite() {
    local -i ret=1
    local -ar _on|off=('on' 'off')
    local -ar arg_specs=(
        ':activity:'
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':on|off:{__lifectl_complete "${_on|off[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_dailymenu_hide() {
    local -i ret=1
    local -ar _on|off=('on' 'off')
    local -ar arg_specs=(
        ':activity:'
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':on|off:{__lifectl_complete "${_on|off[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_dailymenu_exclude() {
    local -i ret=1
    local -ar _on|off=('on' 'off')
    local -ar arg_specs=(
        ':category:'
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':on|off:{__lifectl_complete "${_on|off[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_dailymenu_menu() {
    local -i ret=1
    local -ar ___energy=('low' 'medium' 'high')
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--date[The day'\''s menu for this date (default today).]:date:'
        '--energy[Only this energy.]:energy:{__lifectl_complete "${___energy[@]}"}'
        '--why[Show each suggestion'\''s weight and why.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_dailymenu_start() {
    local -i ret=1
    local -ar ___mood_before=('low' 'okay' 'good')
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':activity:'
        '--mood-before[How you feel before; leave it out to skip.]:mood:{__lifectl_complete "${___mood_before[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_dailymenu_complete() {
    local -i ret=1
    local -ar ___mood_before=('low' 'okay' 'good')
    local -ar ___mood_after=('lower' 'same' 'better')
    local -ar ___feedback=('loved' 'nice' 'not-for-me')
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':activity:'
        '--mood-before[How you felt before (default\: the start'\''s).]:mood:{__lifectl_complete "${___mood_before[@]}"}'
        '--mood-after[How you feel after, compared with before.]:mood:{__lifectl_complete "${___mood_after[@]}"}'
        '--feedback[What you thought of it.]:word:{__lifectl_complete "${___feedback[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_dailymenu_undo() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':id:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_dailymenu_share() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':id:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_dailymenu_calendar() {
    local -i ret=1
    local -ar ___category=('move' 'breathe' 'create' 'connect' 'outdoors' 'nourish' 'tidy' 'learn')
    local -ar ___feedback=('loved' 'nice' 'not-for-me')
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--month[The month (default this one).]:YYYY-MM:'
        '--category[Only rituals of this category (id or name).]:category:{__lifectl_complete "${___category[@]}"}'
        '--mood-lifted[Only rituals that lifted your mood.]'
        '--feedback[Only rituals with this feedback.]:word:{__lifectl_complete "${___feedback[@]}"}'
        '--svg[Write the picture to this SVG file instead.]:file:_files'
        '--force[Replace FILE if it already exists.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_dailymenu_day() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '*:date:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_dailymenu_profile() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_dailymenu_stamps() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--svg[Write the picture to this SVG file instead.]:file:_files'
        '--force[Replace FILE if it already exists.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_dailymenu_insights() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--svg[Write the picture to this SVG file instead.]:file:_files'
        '--force[Replace FILE if it already exists.]'
        '--pdf[Write a printable mood report (A4 PDF) to this file.]:file:_files'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_dailymenu_settings() {
    local -i ret=1
    local -ar ___share_mood=('on' 'off')
    local -ar ___theme=('morning-cafe' 'garden-party' 'sunset-bistro' 'plain')
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--name[Your display name (empty to clear).]:name:'
        '--share-mood[Share your mood in the share card.]:on|off:{__lifectl_complete "${___share_mood[@]}"}'
        '--theme[A theme you have unlocked, or plain.]:theme:{__lifectl_complete "${___theme[@]}"}'
        '--time-zone[IANA time zone shared by every product.]:zone:{__lifectl_custom_complete ---completion dailymenu settings -- --time-zone "${current_word_index}" "$(__lifectl_cursor_index_in_current_word)"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_dailymenu_delete-all() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--yes[Confirm\: delete everything, for good.]'
        '--dry-run[Only say what would be deleted; delete nothing.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_search() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--as[Search LifeTimer as this account (default\: the owner'\''s).]:username:'
        '*:words:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_today() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_week() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--date[A day of the week to show\: 2026-03-01, today, yesterday, friday, -1w… (default\: today).]:date:'
        '--svg[Write the one-page summary picture to this SVG file.]:file:_files'
        '--force[Replace FILE if it already exists.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_calendar() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--ics[The .ics file to write.]:file:_files'
        '--days[How many days ahead, 1 to 366.]:n:'
        '--force[Replace FILE if it already exists.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_stats() {
    local -i ret=1
    local -ar ___product=('finite' 'walks' 'hereafter' 'lifetimer' 'dailymenu')
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--product[Only this product.]:product:{__lifectl_complete "${___product[@]}"}'
        '--since[Count from this day\: 2026-01-01, -6m, -1y… (default\: everything).]:date:'
        '--svg[Write the one-page picture of small charts to this SVG file.]:file:_files'
        '--force[Replace FILE if it already exists.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_export() {
    local -i ret=1
    local -ar ___only=('finite' 'walks' 'hereafter' 'lifetimer' 'dailymenu')
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[The file to write.]:file:_files'
        '--only[Only this product.]:product:{__lifectl_complete "${___only[@]}"}'
        '--for-sync[Leave out what stays on this device\: DailyMenu'\''s hidden activities and excluded categories, and moods when mood sharing is off.]'
        '--force[Replace FILE if it already exists.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_import() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':file:_files'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_sync() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'folder:Sync through a shared folder or the service'\''s hub (what `lifectl sync --dir DIR --key FILE` runs).'
            'key:Make the key that encrypts your bundles.'
            'export:Write this device'\''s changes as an encrypted bundle.'
            'import:Apply another device'\''s bundle: one transaction, and applying it again changes nothing.'
            'status:Show this device'\''s id, the devices it has heard from, pending changes, what is set aside and the last sync.'
            'retry:Apply the bundles kept on this device again now (set aside by an import, or from a newer lifectl).'
            'forget:Stop applying a device'\''s bundles (a device that is gone, or that must not come back).'
            'new-id:Give this database a new device id (after copying the database file to another machine).'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        folder|key|export|import|status|retry|forget|new-id)
            "_lifectl_sync_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_lifectl_sync_folder() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--dir[The shared folder.]:dir:_files -/'
        '--server[Sync through the service'\''s hub instead of a folder (signed in with `lifectl login`).]:url:'
        '--key[The key file (`lifectl sync key new`).]:file:_files'
        '--accept-skew[Apply bundles whose clock is more than 24 hours ahead of this device'\''s, and remember that clock as accepted.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_sync_key() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'new:Write a new random key to FILE (mode 0600); copy it to each of your devices yourself.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        new)
            "_lifectl_sync_key_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_lifectl_sync_key_new() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':file:_files'
        '--force[Replace FILE if it already exists.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_sync_export() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--key[The key file.]:file:_files'
        '--peer[Only what this device (its id, or the start of it) has not seen.]:device:'
        ':out:_files'
        '--force[Replace OUT if it already exists.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_sync_import() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--key[The key file.]:file:_files'
        '--accept-skew[Apply a bundle whose clock is more than 24 hours ahead of this device'\''s, and remember that clock as accepted.]'
        ':in:_files'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_sync_status() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_sync_retry() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--key[The key file.]:file:_files'
        '--accept-skew[Apply bundles whose clock is more than 24 hours ahead of this device'\''s, and remember that clock.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_sync_forget() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        ':device:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_sync_new-id() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The database file.]:path:_files'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_server() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'migrate:Apply the server migrations (Schema/server/) this build knows that the server lacks.'
            'status:The server'\''s migrations, rows per table, row-level security policies and lint findings.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        migrate|status)
            "_lifectl_server_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_lifectl_server_migrate() {
    local -i ret=1
    local -ar arg_specs=(
        '--server[The server (default\: $LIFECTL_SERVER).]:url:'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_server_status() {
    local -i ret=1
    local -ar arg_specs=(
        '--server[The server (default\: $LIFECTL_SERVER).]:url:'
        '--json[Print one JSON document instead of text (shapes in docs/json.md).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_login() {
    local -i ret=1
    local -ar arg_specs=(
        '--server[The service (default\: $LIFECTL_SERVICE).]:url:'
        '--email[Your e-mail address (asked for when absent).]:address:'
        '--password-file[A file holding the password on its first line.]:path:'
        '--sign-up[Make the account first.]'
        '--provider[Sign in with an ID token from apple or google.]:provider:'
        '--id-token-file[A file holding the ID token (with --provider).]:path:'
        '--nonce[The nonce the ID token was issued for (with --provider).]:text:'
        '--status[Tell who this device is signed in as, asking the service whether it still holds.]'
        '--json[With --status\: print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_logout() {
    local -i ret=1
    local -ar arg_specs=(
        '--server[The service (default\: $LIFECTL_SERVICE).]:url:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_lifectl_help() {
    local -i ret=1
    local -ar arg_specs=(
        '*:subcommands:'
        '--version[Show the version.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

if [[ "${funcstack[1]}" = _lifectl ]]; then
    _lifectl "${@}"
else
    compdef _lifectl lifectl
fi
