/*
** PERF-1 peer (SPEC §9): the work of main.swift written directly against the
** SQLite C API, to be built with -O2 by scripts/bench. Same pragmas, same
** table, same values, same checksum, same output line.
**
** Usage: lifedb-bench-peer [ROWS] [FOLDER]   (defaults: 1,000,000 rows, /tmp)
**
** The text values are made before the clock starts, as in main.swift.
*/
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double seconds(clockid_t clock) {
  struct timespec now;
  clock_gettime(clock, &now);
  return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static double monotonic_seconds(void) { return seconds(CLOCK_MONOTONIC); }

/* CPU used by the process: with the wall time it tells waiting from work. */
static double cpu_seconds(void) { return seconds(CLOCK_PROCESS_CPUTIME_ID); }

static void check(sqlite3 *db, int code, const char *what) {
  if (code != SQLITE_OK && code != SQLITE_DONE && code != SQLITE_ROW) {
    fprintf(stderr, "%s: %s (%d)\n", what, sqlite3_errmsg(db), code);
    exit(70);
  }
}

/* Row i's text: "row-<i>-" then i % 23 letters 'x'; answers its length. */
static int make_text(char *out, long i) {
  int n = sprintf(out, "row-%ld-", i);
  int pad = (int)(i % 23);
  memset(out + n, 'x', (size_t)pad);
  out[n + pad] = 0;
  return n + pad;
}

struct checksum {
  int64_t a;
  double b;
  long text_bytes;
  long rows;
};

/* The insert phase: one IMMEDIATE transaction, one prepared statement,
** bind-step-reset per row. Not inlined, so that a profiler shows it whole. */
static __attribute__((noinline)) void insert_rows(sqlite3 *db, long rows, const char *arena, const size_t *offset,
                                                  const int *length) {
  check(db, sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL), "begin");
  sqlite3_stmt *insert;
  check(db,
        sqlite3_prepare_v3(db, "INSERT INTO t (a, b, c) VALUES (?, ?, ?)", -1, SQLITE_PREPARE_PERSISTENT, &insert,
                           NULL),
        "prepare insert");
  for (long i = 0; i < rows; i++) {
    check(db, sqlite3_bind_int64(insert, 1, (sqlite3_int64)i), "bind a");
    check(db, sqlite3_bind_double(insert, 2, (double)i * 0.5), "bind b");
    check(db, sqlite3_bind_text(insert, 3, arena + offset[i], length[i], SQLITE_STATIC), "bind c");
    check(db, sqlite3_step(insert), "step insert");
    sqlite3_reset(insert);
  }
  sqlite3_finalize(insert);
  check(db, sqlite3_exec(db, "COMMIT", NULL, NULL, NULL), "commit");
}

/* The read phase: every row, every column, summed into the checksum. */
static __attribute__((noinline)) void read_rows(sqlite3 *db, struct checksum *sum) {
  sqlite3_stmt *select;
  check(db, sqlite3_prepare_v3(db, "SELECT a, b, c FROM t", -1, SQLITE_PREPARE_PERSISTENT, &select, NULL),
        "prepare select");
  int code;
  while ((code = sqlite3_step(select)) == SQLITE_ROW) {
    sum->a += sqlite3_column_int64(select, 0);
    sum->b += sqlite3_column_double(select, 1);
    const unsigned char *c = sqlite3_column_text(select, 2);
    if (c) sum->text_bytes += sqlite3_column_bytes(select, 2);
    sum->rows++;
  }
  check(db, code, "step select");
  sqlite3_finalize(select);
}

int main(int argc, char **argv) {
  long rows = argc > 1 ? atol(argv[1]) : 1000000;
  const char *folder = argc > 2 ? argv[2] : "/tmp";
  char path[4096];
  snprintf(path, sizeof path, "%s/peer.db", folder);
  char extra[4200];
  unlink(path);
  snprintf(extra, sizeof extra, "%s-wal", path);
  unlink(extra);
  snprintf(extra, sizeof extra, "%s-shm", path);
  unlink(extra);

  /* One arena of NUL-terminated texts, with offsets and lengths. */
  char *arena = malloc((size_t)rows * 48 + 1);
  size_t *offset = malloc(sizeof(size_t) * (size_t)(rows + 1));
  int *length = malloc(sizeof(int) * (size_t)(rows + 1));
  if (!arena || !offset || !length) return 71;
  size_t used = 0;
  for (long i = 0; i < rows; i++) {
    offset[i] = used;
    length[i] = make_text(arena + used, i);
    used += (size_t)length[i] + 1;
  }

  /* LifeDB's process-wide setting (Sources/CSQLite/shim.h): memory
  ** statistics off, so that both programs run SQLite configured alike. */
  sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
  sqlite3 *db;
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
  check(db, sqlite3_open_v2(path, &db, flags, NULL), "open");
  sqlite3_extended_result_codes(db, 1);
  sqlite3_busy_timeout(db, 10000);
  check(db, sqlite3_exec(db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL), "foreign_keys");
  check(db, sqlite3_exec(db, "PRAGMA journal_mode = WAL", NULL, NULL, NULL), "journal_mode");
  check(db, sqlite3_exec(db, "PRAGMA synchronous = NORMAL", NULL, NULL, NULL), "synchronous");
  check(db, sqlite3_exec(db, "CREATE TABLE t (a INTEGER, b REAL, c TEXT)", NULL, NULL, NULL), "create");

  double insert_start = monotonic_seconds();
  double insert_cpu_start = cpu_seconds();
  insert_rows(db, rows, arena, offset, length);
  double insert_cpu_seconds = cpu_seconds() - insert_cpu_start;
  double insert_seconds = monotonic_seconds() - insert_start;

  struct checksum sum = {0, 0, 0, 0};
  double read_start = monotonic_seconds();
  double read_cpu_start = cpu_seconds();
  read_rows(db, &sum);
  double read_cpu_seconds = cpu_seconds() - read_cpu_start;
  double read_seconds = monotonic_seconds() - read_start;
  sqlite3_close(db);
  unlink(path);

  if (sum.rows != rows) {
    fprintf(stderr, "read %ld rows, wrote %ld\n", sum.rows, rows);
    return 70;
  }
  printf("PERF1 impl=c rows=%ld insert_s=%.6f read_s=%.6f insert_cpu_s=%.6f read_cpu_s=%.6f checksum=%lld:%.1f:%ld\n",
         rows, insert_seconds, read_seconds, insert_cpu_seconds, read_cpu_seconds, (long long)sum.a, sum.b,
         sum.text_bytes);
  free(arena);
  free(offset);
  free(length);
  return 0;
}
