# The demo tour's headings (scripts/demo). Bold only on a terminal and when
# NO_COLOR is unset or empty (https://no-color.org), as lifectl itself does:
# piped into a file or a pager the tour is plain text, with no ANSI codes.

chapter() {
  if [ -t 1 ] && [ -z "${NO_COLOR:-}" ]; then
    printf '\n\033[1m== %s ==\033[0m\n' "$*"
  else
    printf '\n== %s ==\n' "$*"
  fi
}
