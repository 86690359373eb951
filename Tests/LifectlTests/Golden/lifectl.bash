#!/bin/bash

__lifectl_cursor_index_in_current_word() {
    local remaining="${COMP_LINE}"

    local word
    for word in "${COMP_WORDS[@]::COMP_CWORD}"; do
        remaining="${remaining##*([[:space:]])"${word}"*([[:space:]])}"
    done

    local -ir index="$((COMP_POINT - ${#COMP_LINE} + ${#remaining}))"
    if [[ "${index}" -le 0 ]]; then
        printf 0
    else
        printf %s "${index}"
    fi
}

# positional arguments:
#
# - 1: the current (sub)command's count of positional arguments
#
# required variables:
#
# - repeating_flags: the repeating flags that the current (sub)command can accept
# - non_repeating_flags: the non-repeating flags that the current (sub)command can accept
# - repeating_options: the repeating options that the current (sub)command can accept
# - non_repeating_options: the non-repeating options that the current (sub)command can accept
# - positional_number: value ignored
# - unparsed_words: unparsed words from the current command line
#
# modified variables:
#
# - non_repeating_flags: remove flags for this (sub)command that are already on the command line
# - non_repeating_options: remove options for this (sub)command that are already on the command line
# - positional_number: set to the current positional number
# - unparsed_words: remove all flags, options, and option values for this (sub)command
__lifectl_offer_flags_options() {
    local -ir positional_count="${1}"
    positional_number=0

    local was_flag_option_terminator_seen=false
    local is_parsing_option_value=false

    local -ar unparsed_word_indices=("${!unparsed_words[@]}")
    local -i word_index
    for word_index in "${unparsed_word_indices[@]}"; do
        if "${is_parsing_option_value}"; then
            # This word is an option value:
            # Reset marker for next word iff not currently the last word
            [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]] && is_parsing_option_value=false
            unset "unparsed_words[${word_index}]"
            # Do not process this word as a flag or an option
            continue
        fi

        local word="${unparsed_words["${word_index}"]}"
        if ! "${was_flag_option_terminator_seen}"; then
            case "${word}" in
            --)
                unset "unparsed_words[${word_index}]"
                # by itself -- is a flag/option terminator, but if it is the last word, it is the start of a completion
                if [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]]; then
                    was_flag_option_terminator_seen=true
                fi
                continue
                ;;
            -*)
                # ${word} is a flag or an option
                # If ${word} is an option, mark that the next word to be parsed is an option value
                local option
                for option in "${repeating_options[@]}" "${non_repeating_options[@]}"; do
                    [[ "${word}" = "${option}" ]] && is_parsing_option_value=true && break
                done

                # Remove ${word} from ${non_repeating_flags} or ${non_repeating_options} so it isn't offered again
                local not_found=true
                local -i index
                for index in "${!non_repeating_flags[@]}"; do
                    if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                        unset "non_repeating_flags[${index}]"
                        non_repeating_flags=("${non_repeating_flags[@]}")
                        not_found=false
                        break
                    fi
                done
                if "${not_found}"; then
                    for index in "${!non_repeating_flags[@]}"; do
                        if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                            unset "non_repeating_flags[${index}]"
                            non_repeating_flags=("${non_repeating_flags[@]}")
                            break
                        fi
                    done
                fi
                unset "unparsed_words[${word_index}]"
                continue
                ;;
            esac
        fi

        # ${word} is neither a flag, nor an option, nor an option value
        if [[ "${positional_number}" -lt "${positional_count}" || "${positional_count}" -lt 0 ]]; then
            # ${word} is a positional
            ((positional_number++))
            unset "unparsed_words[${word_index}]"
        else
            if [[ -z "${word}" ]]; then
                # Could be completing a flag, option, or subcommand
                positional_number=-1
            else
                # ${word} is a subcommand or invalid, so stop processing this (sub)command
                positional_number=-2
            fi
            break
        fi
    done

    unparsed_words=("${unparsed_words[@]}")

    if\
        ! "${was_flag_option_terminator_seen}"\
        && ! "${is_parsing_option_value}"\
        && [[ ("${cur}" = -* && "${positional_number}" -ge 0) || "${positional_number}" -eq -1 ]]
    then
        COMPREPLY+=($(compgen -W "${repeating_flags[*]} ${non_repeating_flags[*]} ${repeating_options[*]} ${non_repeating_options[*]}" -- "${cur}"))
    fi
}

__lifectl_add_completions() {
    local completion
    while IFS='' read -r completion; do
        COMPREPLY+=("${completion}")
    done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
}

__lifectl_custom_complete() {
    if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
        local -ar words=("${COMP_WORDS[@]}")
    else
        local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
    fi

    "${COMP_WORDS[0]}" "${@}" "${words[@]}"
}

_lifectl() {
    local state
    state="$(shopt -p;shopt -po)"
    trap "${state//$'\n'/;}" RETURN
    shopt -s extglob
    set +o history +o posix

    local -xr SAP_SHELL=bash
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(IFS='.';printf %s "${BASH_VERSINFO[*]}")"
    local -r SAP_SHELL_VERSION

    local -r cur="${2}"
    local -r prev="${3}"

    local -i positional_number
    local -a unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")

    local -a repeating_flags=()
    local -a non_repeating_flags=(--version -h --help)
    local -a repeating_options=()
    local -a non_repeating_options=()
    __lifectl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    db|settings|finite|lifetimer|walks|hereafter|dailymenu|search|today|week|calendar|stats|export|import|sync|server|login|logout|help)
        # Offer subcommand argument completions
        "_lifectl_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'db settings finite lifetimer walks hereafter dailymenu search today week calendar stats export import sync server login logout help' -- "${cur}"))
        ;;
    esac
}

_lifectl_db() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __lifectl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    init|migrate|status|check|backup|path|schema)
        # Offer subcommand argument completions
        "_lifectl_db_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'init migrate status check backup path schema' -- "${cur}"))
        ;;
    esac
}

_lifectl_db_init() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_db_migrate() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_db_status() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_db_check() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_db_backup() {
    repeating_flags=()
    non_repeating_flags=(--json --force --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_db_path() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_db_schema() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_settings() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __lifectl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    show|set)
        # Offer subcommand argument completions
        "_lifectl_settings_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'show set' -- "${cur}"))
        ;;
    esac
}

_lifectl_settings_show() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_settings_set() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --time-zone --units)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--time-zone')
        __lifectl_add_completions -W "$(__lifectl_custom_complete ---completion settings set -- --time-zone "${COMP_CWORD}" "$(__lifectl_cursor_index_in_current_word)")"
        return
        ;;
    '--units')
        __lifectl_add_completions -W 'metric'$'\n''imperial'
        return
        ;;
    esac
}

_lifectl_finite() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __lifectl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    setup|status|mark|unmark|show|grid|phase|settings|notifications|widget|reveal)
        # Offer subcommand argument completions
        "_lifectl_finite_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'setup status mark unmark show grid phase settings notifications widget reveal' -- "${cur}"))
        ;;
    esac
}

_lifectl_finite_setup() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --birthday --life-expectancy)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--birthday')
        return
        ;;
    '--life-expectancy')
        return
        ;;
    esac
}

_lifectl_finite_status() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_finite_mark() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --date --rating --category --phrase)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--date')
        return
        ;;
    '--rating')
        return
        ;;
    '--category')
        __lifectl_add_completions -W 'work'$'\n''health'$'\n''growth'$'\n''relationships'$'\n''rest'$'\n''adventure'
        return
        ;;
    '--phrase')
        return
        ;;
    esac
}

_lifectl_finite_unmark() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --date)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--date')
        return
        ;;
    esac
}

_lifectl_finite_show() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --date)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--date')
        return
        ;;
    esac
}

_lifectl_finite_grid() {
    repeating_flags=()
    non_repeating_flags=(--json --force --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --svg --view)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--svg')
        __lifectl_add_completions -f
        return
        ;;
    '--view')
        __lifectl_add_completions -W 'color'$'\n''bw'
        return
        ;;
    esac
}

_lifectl_finite_phase() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __lifectl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    add|list|edit|delete)
        # Offer subcommand argument completions
        "_lifectl_finite_phase_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'add list edit delete' -- "${cur}"))
        ;;
    esac
}

_lifectl_finite_phase_add() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --from --to --colour --color)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--from')
        return
        ;;
    '--to')
        return
        ;;
    '--colour'|'--color')
        __lifectl_add_completions -W 'sky'$'\n''violet'$'\n''magenta'$'\n''indigo'$'\n''slate'$'\n''pink'
        return
        ;;
    esac
}

_lifectl_finite_phase_list() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_finite_phase_edit() {
    repeating_flags=()
    non_repeating_flags=(--json --no-end --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --name --from --to --colour --color)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--name')
        return
        ;;
    '--from')
        return
        ;;
    '--to')
        return
        ;;
    '--colour'|'--color')
        __lifectl_add_completions -W 'sky'$'\n''violet'$'\n''magenta'$'\n''indigo'$'\n''slate'$'\n''pink'
        return
        ;;
    esac
}

_lifectl_finite_phase_delete() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_finite_settings() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --life-expectancy --view --biometric-lock --daily-notification --time --time-zone)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--life-expectancy')
        return
        ;;
    '--view')
        __lifectl_add_completions -W 'color'$'\n''bw'
        return
        ;;
    '--biometric-lock')
        __lifectl_add_completions -W 'on'$'\n''off'
        return
        ;;
    '--daily-notification')
        __lifectl_add_completions -W 'on'$'\n''off'
        return
        ;;
    '--time')
        return
        ;;
    '--time-zone')
        __lifectl_add_completions -W "$(__lifectl_custom_complete ---completion finite settings -- --time-zone "${COMP_CWORD}" "$(__lifectl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_lifectl_finite_notifications() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --from --days)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--from')
        return
        ;;
    '--days')
        return
        ;;
    esac
}

_lifectl_finite_widget() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --limit)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--limit')
        return
        ;;
    esac
}

_lifectl_finite_reveal() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_lifetimer() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    esac

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    account|goal|milestone|start|countdown|progress|follow|unfollow|block|unblock|followers|following|profile|feed|leaderboard|search|report|admin|notifications|settings|about|publish|unpublish)
        # Offer subcommand argument completions
        "_lifectl_lifetimer_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'account goal milestone start countdown progress follow unfollow block unblock followers following profile feed leaderboard search report admin notifications settings about publish unpublish' -- "${cur}"))
        ;;
    esac
}

_lifectl_lifetimer_account() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __lifectl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    create|show|edit|link|unlink|delete)
        # Offer subcommand argument completions
        "_lifectl_lifetimer_account_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'create show edit link unlink delete' -- "${cur}"))
        ;;
    esac
}

_lifectl_lifetimer_account_create() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server --email --provider --subject --bio --avatar --visibility --time-zone)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    '--email')
        return
        ;;
    '--provider')
        __lifectl_add_completions -W 'email'$'\n''google'$'\n''apple'
        return
        ;;
    '--subject')
        return
        ;;
    '--bio')
        return
        ;;
    '--avatar')
        __lifectl_add_completions -f
        return
        ;;
    '--visibility')
        __lifectl_add_completions -W 'public'$'\n''private'
        return
        ;;
    '--time-zone')
        __lifectl_add_completions -W "$(__lifectl_custom_complete ---completion lifetimer account create -- --time-zone "${COMP_CWORD}" "$(__lifectl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_lifectl_lifetimer_account_show() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    esac
}

_lifectl_lifetimer_account_edit() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server --username --bio --avatar --email --visibility --time-zone)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    '--username')
        return
        ;;
    '--bio')
        return
        ;;
    '--avatar')
        __lifectl_add_completions -f
        return
        ;;
    '--email')
        return
        ;;
    '--visibility')
        __lifectl_add_completions -W 'public'$'\n''private'
        return
        ;;
    '--time-zone')
        __lifectl_add_completions -W "$(__lifectl_custom_complete ---completion lifetimer account edit -- --time-zone "${COMP_CWORD}" "$(__lifectl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_lifectl_lifetimer_account_link() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server)
    __lifectl_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    esac
}

_lifectl_lifetimer_account_unlink() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server)
    __lifectl_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    esac
}

_lifectl_lifetimer_account_delete() {
    repeating_flags=()
    non_repeating_flags=(--json --yes --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    esac
}

_lifectl_lifetimer_goal() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __lifectl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    add|list|edit|complete|reopen|delete)
        # Offer subcommand argument completions
        "_lifectl_lifetimer_goal_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'add list edit complete reopen delete' -- "${cur}"))
        ;;
    esac
}

_lifectl_lifetimer_goal_add() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server --description --at --place --cover)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    '--description')
        return
        ;;
    '--at')
        return
        ;;
    '--place')
        return
        ;;
    '--cover')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_lifetimer_goal_list() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    esac
}

_lifectl_lifetimer_goal_edit() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server --title --description --at --place --cover)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    '--title')
        return
        ;;
    '--description')
        return
        ;;
    '--at')
        return
        ;;
    '--place')
        return
        ;;
    '--cover')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_lifetimer_goal_complete() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    esac
}

_lifectl_lifetimer_goal_reopen() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    esac
}

_lifectl_lifetimer_goal_delete() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    esac
}

_lifectl_lifetimer_milestone() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __lifectl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    add|complete|reopen|edit|delete)
        # Offer subcommand argument completions
        "_lifectl_lifetimer_milestone_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'add complete reopen edit delete' -- "${cur}"))
        ;;
    esac
}

_lifectl_lifetimer_milestone_add() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server --due --visibility)
    __lifectl_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    '--due')
        return
        ;;
    '--visibility')
        __lifectl_add_completions -W 'public'$'\n''private'
        return
        ;;
    esac
}

_lifectl_lifetimer_milestone_complete() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    esac
}

_lifectl_lifetimer_milestone_reopen() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    esac
}

_lifectl_lifetimer_milestone_edit() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server --title --due --visibility)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    '--title')
        return
        ;;
    '--due')
        return
        ;;
    '--visibility')
        __lifectl_add_completions -W 'public'$'\n''private'
        return
        ;;
    esac
}

_lifectl_lifetimer_milestone_delete() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    esac
}

_lifectl_lifetimer_start() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    esac
}

_lifectl_lifetimer_countdown() {
    repeating_flags=()
    non_repeating_flags=(--json --force --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server --svg)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    '--svg')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_lifetimer_progress() {
    repeating_flags=()
    non_repeating_flags=(--json --force --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server --svg)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    '--svg')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_lifetimer_follow() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    esac
}

_lifectl_lifetimer_unfollow() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    esac
}

_lifectl_lifetimer_block() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    esac
}

_lifectl_lifetimer_unblock() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    esac
}

_lifectl_lifetimer_followers() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server --limit --after)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    '--limit')
        return
        ;;
    '--after')
        return
        ;;
    esac
}

_lifectl_lifetimer_following() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server --limit --after)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    '--limit')
        return
        ;;
    '--after')
        return
        ;;
    esac
}

_lifectl_lifetimer_profile() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    esac
}

_lifectl_lifetimer_feed() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server --limit)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    '--limit')
        return
        ;;
    esac
}

_lifectl_lifetimer_leaderboard() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server --by --limit)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    '--by')
        __lifectl_add_completions -W 'longest'$'\n''current'
        return
        ;;
    '--limit')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __lifectl_add_completions -W 'goals'$'\n''streaks'$'\n''recent'
        return
        ;;
    esac
}

_lifectl_lifetimer_search() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server --limit)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    '--limit')
        return
        ;;
    esac
}

_lifectl_lifetimer_report() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server --reason)
    __lifectl_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    '--reason')
        return
        ;;
    esac
}

_lifectl_lifetimer_admin() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __lifectl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    reports|resolve|decisions|suspend|unsuspend|grant)
        # Offer subcommand argument completions
        "_lifectl_lifetimer_admin_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'reports resolve decisions suspend unsuspend grant' -- "${cur}"))
        ;;
    esac
}

_lifectl_lifetimer_admin_reports() {
    repeating_flags=()
    non_repeating_flags=(--json --open --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    esac
}

_lifectl_lifetimer_admin_resolve() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server --reason)
    __lifectl_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    '--reason')
        return
        ;;
    esac
}

_lifectl_lifetimer_admin_decisions() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    esac
}

_lifectl_lifetimer_admin_suspend() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server --reason)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    '--reason')
        return
        ;;
    esac
}

_lifectl_lifetimer_admin_unsuspend() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    esac
}

_lifectl_lifetimer_admin_grant() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    esac
}

_lifectl_lifetimer_notifications() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server --from --days --frequency --every --time --advance --reminders --milestones --streaks --checkpoints)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    '--from')
        return
        ;;
    '--days')
        return
        ;;
    '--frequency')
        __lifectl_add_completions -W 'daily'$'\n''weekly'$'\n''every'
        return
        ;;
    '--every')
        return
        ;;
    '--time')
        return
        ;;
    '--advance')
        return
        ;;
    '--reminders')
        __lifectl_add_completions -W 'on'$'\n''off'
        return
        ;;
    '--milestones')
        __lifectl_add_completions -W 'on'$'\n''off'
        return
        ;;
    '--streaks')
        __lifectl_add_completions -W 'on'$'\n''off'
        return
        ;;
    '--checkpoints')
        __lifectl_add_completions -W 'on'$'\n''off'
        return
        ;;
    esac
}

_lifectl_lifetimer_settings() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server --theme --clock --language --visibility --time-zone)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    '--theme')
        __lifectl_add_completions -W 'light'$'\n''dark'$'\n''system'
        return
        ;;
    '--clock')
        __lifectl_add_completions -W '12h'$'\n''24h'
        return
        ;;
    '--language')
        __lifectl_add_completions -W 'en'$'\n''pt-BR'
        return
        ;;
    '--visibility')
        __lifectl_add_completions -W 'public'$'\n''private'
        return
        ;;
    '--time-zone')
        __lifectl_add_completions -W "$(__lifectl_custom_complete ---completion lifetimer settings -- --time-zone "${COMP_CWORD}" "$(__lifectl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_lifectl_lifetimer_about() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server --language)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    '--language')
        __lifectl_add_completions -W 'en'$'\n''pt-BR'
        return
        ;;
    esac
}

_lifectl_lifetimer_publish() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    esac
}

_lifectl_lifetimer_unpublish() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as --server)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    '--server')
        return
        ;;
    esac
}

_lifectl_walks() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __lifectl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    import|record|list|show|doodle|gallery|export|stats|delete|prune|settings)
        # Offer subcommand argument completions
        "_lifectl_walks_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'import record list show doodle gallery export stats delete prune settings' -- "${cur}"))
        ;;
    esac
}

_lifectl_walks_import() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_walks_record() {
    repeating_flags=()
    non_repeating_flags=(--json --resume --finish --ack --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --name)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--name')
        return
        ;;
    esac
}

_lifectl_walks_list() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --limit)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--limit')
        return
        ;;
    esac
}

_lifectl_walks_show() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --sketch)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--sketch')
        __lifectl_add_completions -W 'on'$'\n''off'
        return
        ;;
    esac
}

_lifectl_walks_doodle() {
    repeating_flags=()
    non_repeating_flags=(--json --force --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --svg --pdf --size)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--svg')
        __lifectl_add_completions -f
        return
        ;;
    '--pdf')
        __lifectl_add_completions -f
        return
        ;;
    '--size')
        return
        ;;
    esac
}

_lifectl_walks_gallery() {
    repeating_flags=()
    non_repeating_flags=(--json --force --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --svg --html --columns)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--svg')
        __lifectl_add_completions -f
        return
        ;;
    '--html')
        __lifectl_add_completions -f
        return
        ;;
    '--columns')
        return
        ;;
    esac
}

_lifectl_walks_export() {
    repeating_flags=()
    non_repeating_flags=(--json --force --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --gpx --geojson --svg --pdf)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--gpx')
        __lifectl_add_completions -f
        return
        ;;
    '--geojson')
        __lifectl_add_completions -f
        return
        ;;
    '--svg')
        __lifectl_add_completions -f
        return
        ;;
    '--pdf')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_walks_stats() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --since)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--since')
        return
        ;;
    esac
}

_lifectl_walks_delete() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_walks_prune() {
    repeating_flags=()
    non_repeating_flags=(--json --yes --dry-run --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --before)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--before')
        return
        ;;
    esac
}

_lifectl_walks_settings() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_hereafter() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __lifectl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    onboard|plant|edit|delete|visit|read|reply|thread|list|geofences|chat|notifications)
        # Offer subcommand argument completions
        "_lifectl_hereafter_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'onboard plant edit delete visit read reply thread list geofences chat notifications' -- "${cur}"))
        ;;
    esac
}

_lifectl_hereafter_onboard() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --name)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--name')
        return
        ;;
    esac
}

_lifectl_hereafter_plant() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --text --at --place --unlock --photo)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--text')
        return
        ;;
    '--at')
        return
        ;;
    '--place')
        return
        ;;
    '--unlock')
        return
        ;;
    '--photo')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_hereafter_edit() {
    repeating_flags=()
    non_repeating_flags=(--json --no-place --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --text --place)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--text')
        return
        ;;
    '--place')
        return
        ;;
    esac
}

_lifectl_hereafter_delete() {
    repeating_flags=()
    non_repeating_flags=(--json --with-replies --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_hereafter_visit() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --at)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--at')
        return
        ;;
    esac
}

_lifectl_hereafter_read() {
    repeating_flags=()
    non_repeating_flags=(--json --force --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --save-photo)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--save-photo')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_hereafter_reply() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --text --unlock --photo)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--text')
        return
        ;;
    '--unlock')
        return
        ;;
    '--photo')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_hereafter_thread() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_hereafter_list() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --search)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--search')
        return
        ;;
    esac
}

_lifectl_hereafter_geofences() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --at --previous)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--at')
        return
        ;;
    '--previous')
        return
        ;;
    esac
}

_lifectl_hereafter_chat() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_hereafter_notifications() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --unlocks --anniversaries)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--unlocks')
        __lifectl_add_completions -W 'on'$'\n''off'
        return
        ;;
    '--anniversaries')
        __lifectl_add_completions -W 'on'$'\n''off'
        return
        ;;
    esac
}

_lifectl_dailymenu() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __lifectl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    activities|activity|favorite|hide|exclude|menu|start|complete|undo|share|calendar|day|profile|stamps|insights|settings|delete-all)
        # Offer subcommand argument completions
        "_lifectl_dailymenu_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'activities activity favorite hide exclude menu start complete undo share calendar day profile stamps insights settings delete-all' -- "${cur}"))
        ;;
    esac
}

_lifectl_dailymenu_activities() {
    repeating_flags=()
    non_repeating_flags=(--json --all --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --category --energy)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--category')
        __lifectl_add_completions -W 'move'$'\n''breathe'$'\n''create'$'\n''connect'$'\n''outdoors'$'\n''nourish'$'\n''tidy'$'\n''learn'
        return
        ;;
    '--energy')
        __lifectl_add_completions -W 'low'$'\n''medium'$'\n''high'
        return
        ;;
    esac
}

_lifectl_dailymenu_activity() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __lifectl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    add|edit|remove|restore)
        # Offer subcommand argument completions
        "_lifectl_dailymenu_activity_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'add edit remove restore' -- "${cur}"))
        ;;
    esac
}

_lifectl_dailymenu_activity_add() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --category --energy --minutes --how-to)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--category')
        __lifectl_add_completions -W 'move'$'\n''breathe'$'\n''create'$'\n''connect'$'\n''outdoors'$'\n''nourish'$'\n''tidy'$'\n''learn'
        return
        ;;
    '--energy')
        __lifectl_add_completions -W 'low'$'\n''medium'$'\n''high'
        return
        ;;
    '--minutes')
        return
        ;;
    '--how-to')
        return
        ;;
    esac
}

_lifectl_dailymenu_activity_edit() {
    repeating_flags=()
    non_repeating_flags=(--json --no-how-to --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --title --energy --minutes --how-to)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--title')
        return
        ;;
    '--energy')
        __lifectl_add_completions -W 'low'$'\n''medium'$'\n''high'
        return
        ;;
    '--minutes')
        return
        ;;
    '--how-to')
        return
        ;;
    esac
}

_lifectl_dailymenu_activity_remove() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_dailymenu_activity_restore() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_dailymenu_favorite() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    2)
        __lifectl_add_completions -W 'on'$'\n''off'
        return
        ;;
    esac
}

_lifectl_dailymenu_hide() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    2)
        __lifectl_add_completions -W 'on'$'\n''off'
        return
        ;;
    esac
}

_lifectl_dailymenu_exclude() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    2)
        __lifectl_add_completions -W 'on'$'\n''off'
        return
        ;;
    esac
}

_lifectl_dailymenu_menu() {
    repeating_flags=()
    non_repeating_flags=(--json --why --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --date --energy)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--date')
        return
        ;;
    '--energy')
        __lifectl_add_completions -W 'low'$'\n''medium'$'\n''high'
        return
        ;;
    esac
}

_lifectl_dailymenu_start() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --mood-before)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--mood-before')
        __lifectl_add_completions -W 'low'$'\n''okay'$'\n''good'
        return
        ;;
    esac
}

_lifectl_dailymenu_complete() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --mood-before --mood-after --feedback)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--mood-before')
        __lifectl_add_completions -W 'low'$'\n''okay'$'\n''good'
        return
        ;;
    '--mood-after')
        __lifectl_add_completions -W 'lower'$'\n''same'$'\n''better'
        return
        ;;
    '--feedback')
        __lifectl_add_completions -W 'loved'$'\n''nice'$'\n''not-for-me'
        return
        ;;
    esac
}

_lifectl_dailymenu_undo() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_dailymenu_share() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_dailymenu_calendar() {
    repeating_flags=()
    non_repeating_flags=(--json --mood-lifted --force --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --month --category --feedback --svg)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--month')
        return
        ;;
    '--category')
        __lifectl_add_completions -W 'move'$'\n''breathe'$'\n''create'$'\n''connect'$'\n''outdoors'$'\n''nourish'$'\n''tidy'$'\n''learn'
        return
        ;;
    '--feedback')
        __lifectl_add_completions -W 'loved'$'\n''nice'$'\n''not-for-me'
        return
        ;;
    '--svg')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_dailymenu_day() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_dailymenu_profile() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_dailymenu_stamps() {
    repeating_flags=()
    non_repeating_flags=(--json --force --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --svg)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--svg')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_dailymenu_insights() {
    repeating_flags=()
    non_repeating_flags=(--json --force --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --svg --pdf)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--svg')
        __lifectl_add_completions -f
        return
        ;;
    '--pdf')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_dailymenu_settings() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --name --share-mood --theme --time-zone)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--name')
        return
        ;;
    '--share-mood')
        __lifectl_add_completions -W 'on'$'\n''off'
        return
        ;;
    '--theme')
        __lifectl_add_completions -W 'morning-cafe'$'\n''garden-party'$'\n''sunset-bistro'$'\n''plain'
        return
        ;;
    '--time-zone')
        __lifectl_add_completions -W "$(__lifectl_custom_complete ---completion dailymenu settings -- --time-zone "${COMP_CWORD}" "$(__lifectl_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_lifectl_dailymenu_delete-all() {
    repeating_flags=()
    non_repeating_flags=(--json --yes --dry-run --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_search() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --as)
    __lifectl_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--as')
        return
        ;;
    esac
}

_lifectl_today() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_week() {
    repeating_flags=()
    non_repeating_flags=(--json --force --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --date --svg)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--date')
        return
        ;;
    '--svg')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_calendar() {
    repeating_flags=()
    non_repeating_flags=(--json --force --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --ics --days)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--ics')
        __lifectl_add_completions -f
        return
        ;;
    '--days')
        return
        ;;
    esac
}

_lifectl_stats() {
    repeating_flags=()
    non_repeating_flags=(--json --force --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --product --since --svg)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--product')
        __lifectl_add_completions -W 'finite'$'\n''walks'$'\n''hereafter'$'\n''lifetimer'$'\n''dailymenu'
        return
        ;;
    '--since')
        return
        ;;
    '--svg')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_export() {
    repeating_flags=()
    non_repeating_flags=(--for-sync --force --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --json --only)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--json')
        __lifectl_add_completions -f
        return
        ;;
    '--only')
        __lifectl_add_completions -W 'finite'$'\n''walks'$'\n''hereafter'$'\n''lifetimer'$'\n''dailymenu'
        return
        ;;
    esac
}

_lifectl_import() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_sync() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __lifectl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    folder|key|export|import|status|retry|forget|new-id)
        # Offer subcommand argument completions
        "_lifectl_sync_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'folder key export import status retry forget new-id' -- "${cur}"))
        ;;
    esac
}

_lifectl_sync_folder() {
    repeating_flags=()
    non_repeating_flags=(--json --accept-skew --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --dir --server --key)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--dir')
        __lifectl_add_completions -d
        return
        ;;
    '--server')
        return
        ;;
    '--key')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_sync_key() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __lifectl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    new)
        # Offer subcommand argument completions
        "_lifectl_sync_key_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'new' -- "${cur}"))
        ;;
    esac
}

_lifectl_sync_key_new() {
    repeating_flags=()
    non_repeating_flags=(--json --force --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_sync_export() {
    repeating_flags=()
    non_repeating_flags=(--json --force --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --key --peer)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--key')
        __lifectl_add_completions -f
        return
        ;;
    '--peer')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_sync_import() {
    repeating_flags=()
    non_repeating_flags=(--json --accept-skew --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --key)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--key')
        __lifectl_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_sync_status() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_sync_retry() {
    repeating_flags=()
    non_repeating_flags=(--json --accept-skew --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --key)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    '--key')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_sync_forget() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_sync_new-id() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        __lifectl_add_completions -f
        return
        ;;
    esac
}

_lifectl_server() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __lifectl_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    migrate|status)
        # Offer subcommand argument completions
        "_lifectl_server_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'migrate status' -- "${cur}"))
        ;;
    esac
}

_lifectl_server_migrate() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--server)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    esac
}

_lifectl_server_status() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--server)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    esac
}

_lifectl_login() {
    repeating_flags=()
    non_repeating_flags=(--sign-up --status --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--server --email --password-file --provider --id-token-file --nonce)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--email')
        return
        ;;
    '--password-file')
        return
        ;;
    '--provider')
        return
        ;;
    '--id-token-file')
        return
        ;;
    '--nonce')
        return
        ;;
    esac
}

_lifectl_logout() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--server)
    __lifectl_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    esac
}

_lifectl_help() {
    repeating_flags=()
    non_repeating_flags=(--version)
    repeating_options=()
    non_repeating_options=()
    __lifectl_offer_flags_options -1
}

complete -o filenames -F _lifectl lifectl
