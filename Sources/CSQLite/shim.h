#ifndef LIFECTL_CSQLITE_SHIM_H
#define LIFECTL_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
