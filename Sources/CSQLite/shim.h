#ifndef LIFECTL_CSQLITE_SHIM_H
#define LIFECTL_CSQLITE_SHIM_H
#include <sqlite3.h>

/* Turns off SQLite's memory statistics, which lifectl never reads: with them
** on, every allocation SQLite makes takes a global mutex and updates two
** counters, a fifth of the instructions of parsing the schema that every
** process pays on its first statement (PERF-5, docs/benchmarks.md).
** sqlite3_config is variadic, which Swift cannot call, hence this wrapper.
** It only takes effect before SQLite initializes (the first connection);
** afterwards SQLite answers SQLITE_MISUSE and nothing changes. */
static inline int lifectl_sqlite3_memstatus_off(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif
