/* SPDX-License-Identifier: GPL-2.0 */
/* prng.h - small seeded PRNG (splitmix64) so every random run can be replayed. */
#ifndef REL_PRNG_H
#define REL_PRNG_H

#include <stdint.h>

struct rel_prng {
	uint64_t s;
};

static inline void rel_prng_seed(struct rel_prng *p, uint64_t seed)
{
	p->s = seed;
}

static inline uint64_t rel_prng_next(struct rel_prng *p)
{
	uint64_t z = (p->s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Uniform in [0, n), n > 0 (modulo bias is irrelevant here). */
static inline uint32_t rel_prng_below(struct rel_prng *p, uint32_t n)
{
	return (uint32_t)(rel_prng_next(p) % n);
}

#endif /* REL_PRNG_H */
