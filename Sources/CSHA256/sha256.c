#include "csha256.h"

static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

#define ROTR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

// The textbook compression (FIPS 180-4, 6.2.2).
static void blocks_portable(uint32_t state[8], const uint8_t *data, size_t blocks) {
    while (blocks--) {
        uint32_t w[64];
        for (int t = 0; t < 16; t++) {
            w[t] = (uint32_t)data[4 * t] << 24 | (uint32_t)data[4 * t + 1] << 16 | (uint32_t)data[4 * t + 2] << 8
                   | (uint32_t)data[4 * t + 3];
        }
        for (int t = 16; t < 64; t++) {
            uint32_t s0 = ROTR(w[t - 15], 7) ^ ROTR(w[t - 15], 18) ^ (w[t - 15] >> 3);
            uint32_t s1 = ROTR(w[t - 2], 17) ^ ROTR(w[t - 2], 19) ^ (w[t - 2] >> 10);
            w[t] = w[t - 16] + s0 + w[t - 7] + s1;
        }
        uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
        uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
        for (int t = 0; t < 64; t++) {
            uint32_t t1 = h + (ROTR(e, 6) ^ ROTR(e, 11) ^ ROTR(e, 25)) + ((e & f) ^ (~e & g)) + K[t] + w[t];
            uint32_t t2 = (ROTR(a, 2) ^ ROTR(a, 13) ^ ROTR(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
            h = g; g = f; f = e; e = d + t1;
            d = c; c = b; b = a; a = t1 + t2;
        }
        state[0] += a; state[1] += b; state[2] += c; state[3] += d;
        state[4] += e; state[5] += f; state[6] += g; state[7] += h;
        data += 64;
    }
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <cpuid.h>
#include <immintrin.h>

// Intel's SHA extensions: the state as ABEF and CDGH, four rounds per pair
// of sha256rnds2, the schedule by sha256msg1/msg2 (Intel's white paper
// "Intel SHA Extensions", 2013).
__attribute__((target("sha,sse4.1,ssse3")))
static void blocks_extensions(uint32_t state[8], const uint8_t *data, size_t blocks) {
    const __m128i shuffle = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    __m128i tmp = _mm_loadu_si128((const __m128i *)&state[0]);
    __m128i state1 = _mm_loadu_si128((const __m128i *)&state[4]);
    tmp = _mm_shuffle_epi32(tmp, 0xB1);           // CDAB
    state1 = _mm_shuffle_epi32(state1, 0x1B);     // EFGH
    __m128i state0 = _mm_alignr_epi8(tmp, state1, 8);  // ABEF
    state1 = _mm_blend_epi16(state1, tmp, 0xF0);  // CDGH

    while (blocks--) {
        __m128i abef = state0, cdgh = state1;
        __m128i msg[4];
        for (int group = 0; group < 16; group++) {
            __m128i words;
            if (group < 4) {
                words = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * group)), shuffle);
            } else {
                __m128i x4 = msg[group & 3], x3 = msg[(group + 1) & 3], x2 = msg[(group + 2) & 3],
                        x1 = msg[(group + 3) & 3];
                words = _mm_sha256msg1_epu32(x4, x3);
                words = _mm_add_epi32(words, _mm_alignr_epi8(x1, x2, 4));
                words = _mm_sha256msg2_epu32(words, x1);
            }
            msg[group & 3] = words;
            __m128i k = _mm_loadu_si128((const __m128i *)&K[4 * group]);
            __m128i rounds = _mm_add_epi32(words, k);
            state1 = _mm_sha256rnds2_epu32(state1, state0, rounds);
            rounds = _mm_shuffle_epi32(rounds, 0x0E);
            state0 = _mm_sha256rnds2_epu32(state0, state1, rounds);
        }
        state0 = _mm_add_epi32(state0, abef);
        state1 = _mm_add_epi32(state1, cdgh);
        data += 64;
    }

    tmp = _mm_shuffle_epi32(state0, 0x1B);        // FEBA
    state1 = _mm_shuffle_epi32(state1, 0xB1);     // DCHG
    state0 = _mm_blend_epi16(tmp, state1, 0xF0);  // DCBA
    state1 = _mm_alignr_epi8(state1, tmp, 8);     // HGFE
    _mm_storeu_si128((__m128i *)&state[0], state0);
    _mm_storeu_si128((__m128i *)&state[4], state1);
}

static int has_extensions(void) {
    unsigned int a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    int sse41 = (c >> 19) & 1, ssse3 = (c >> 9) & 1;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return sse41 && ssse3 && ((b >> 29) & 1);
}

int csha256_uses_extensions(void) {
    static int known = -1;
    if (known < 0) known = has_extensions();
    return known;
}

void csha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks) {
    if (csha256_uses_extensions()) {
        blocks_extensions(state, data, blocks);
    } else {
        blocks_portable(state, data, blocks);
    }
}
#else
int csha256_uses_extensions(void) { return 0; }

void csha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks) { blocks_portable(state, data, blocks); }
#endif
