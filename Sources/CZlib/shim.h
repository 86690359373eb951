#ifndef LIFECTL_CZLIB_SHIM_H
#define LIFECTL_CZLIB_SHIM_H
#include <zlib.h>
#endif
