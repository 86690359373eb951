// SHA-256's compression function (FIPS 180-4) over whole 64-byte blocks,
// with the CPU's SHA extensions when it has them (x86-64 SHA-NI), else
// portable C. Only the blocks: padding and the digest are the caller's
// (Walks' GPXContentHash). Used to hash a GPX file while it is imported
// (SPEC PERF-2): SHA-NI does a 21 MB file in a few milliseconds.
#ifndef CSHA256_H
#define CSHA256_H

#include <stddef.h>
#include <stdint.h>

/// Updates `state` (the eight working words, host order) with `blocks`
/// blocks of 64 bytes at `data`.
void csha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks);

/// 1 when `csha256_blocks` uses the CPU's SHA extensions, else 0.
int csha256_uses_extensions(void);

#endif
