// libpq, PostgreSQL's own C client (Debian libpq-dev; Homebrew libpq). Only
// the server module links it (docs/design.md, "The server's client").
// pkg-config usually puts libpq-fe.h on the include path; Debian also
// installs it under postgresql/.
#if __has_include(<libpq-fe.h>)
#include <libpq-fe.h>
#else
#include <postgresql/libpq-fe.h>
#endif
