# Shared by scripts/test, scripts/demo and scripts/bench: install what a fresh
# Debian machine with Swift 6 lacks, and nothing it already has.

# ensure_packages PKG… : apt-get install the Debian packages that are absent.
ensure_packages() {
  local missing=()
  for pkg in "$@"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "==> installing ${missing[*]}" >&2
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq >&2
  $sudo apt-get install -y -qq "${missing[@]}" >&2
}

# ensure_swift : Swift 6 must be on PATH (it is not a Debian package).
ensure_swift() {
  if ! command -v swift >/dev/null 2>&1; then
    for dir in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
      [ -x "$dir/swift" ] && export PATH="$dir:$PATH" && return 0
    done
    echo "error: swift is not installed; install Swift 6 from swift.org first" >&2
    exit 69
  fi
}

# The build's system libraries: SQLite (CSQLite), libpq (CPostgres, the
# server's client, which lifectl links) and zlib (CZlib, which inflates
# .gpx.gz files).
ensure_base() {
  ensure_swift
  ensure_packages libsqlite3-dev sqlite3 libpq-dev zlib1g-dev
}

# ensure_ics_oracle : the test oracle for calendar files (Python's icalendar,
# a real RFC 5545 parser), in a venv under .build, installed from PyPI here,
# before the tests run, so no test reaches the network.
ensure_ics_oracle() {
  local venv=.build/ics-venv
  "$venv/bin/python3" -c 'import icalendar' 2>/dev/null && return 0
  ensure_packages python3 python3-venv
  echo "==> installing the icalendar test oracle in $venv" >&2
  python3 -m venv "$venv" >&2
  "$venv/bin/python3" -m pip install -q icalendar >&2
}

# ensure_pdf_oracle : the test oracle for PDF files (pypdf, a strict PDF
# reader), in .build/venv-pdf, installed from PyPI here, before the tests run.
ensure_pdf_oracle() {
  local venv=.build/venv-pdf
  "$venv/bin/python" -c 'import pypdf' 2>/dev/null && return 0
  ensure_packages python3 python3-venv
  echo "==> installing the pypdf test oracle in $venv" >&2
  python3 -m venv "$venv" >&2
  "$venv/bin/python" -m pip install -q pypdf >&2
}
