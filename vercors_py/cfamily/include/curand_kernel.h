/* cuRAND's device API (curand_kernel.h) for the XORWOW generator, the default
 * `curandState`: the state is the struct of cuRAND's header, field for field (so that
 * sizeof and every field's offset are cuRAND's), and each function reads and writes
 * exactly the fields cuRAND's function does, in the same order and under the same
 * conditions.  The numbers themselves: the XORWOW step is cuRAND's (Marsaglia's
 * xorwow, which cuRAND documents as its XORWOW generator); what cuRAND computes from a
 * state or from the arguments with code it does not document (the state curand_init
 * seeds and skips ahead to, the float a distribution makes of the raw bits) is a
 * function without a body: `const`, an uninterpreted function, the same result for the
 * same arguments, in its type's range and no narrower (the seeded state: a new value
 * per call, below).
 * Force-included with CUDA's built-ins (cuda_builtins.h), as GPUVerify's cuda.h includes
 * its cuRAND header; a kernel's own `#include <curand_kernel.h>` finds this file and
 * adds nothing.  The mapping inlines these functions as the kernel's own helpers
 * (vercors_py/cfamily/curand.py; docs/cfamily.md, "cuRAND").  MTGP32's state is laid
 * out as cuRAND's, its functions declared without a body and refused at each call; the
 * other generators (MRG32k3a, Philox, Sobol) are incomplete types, never given a state
 * of our invention. */
#ifndef VERCORS_CURAND_KERNEL_H
#define VERCORS_CURAND_KERNEL_H

struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

struct curandStateMRG32k3a;
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;
struct curandStatePhilox4_32_10;
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;
struct curandStateSobol32;
typedef struct curandStateSobol32 curandStateSobol32_t;
struct curandStateScrambledSobol32;
typedef struct curandStateScrambledSobol32 curandStateScrambledSobol32_t;
struct curandStateSobol64;
typedef struct curandStateSobol64 curandStateSobol64_t;
struct curandStateScrambledSobol64;
typedef struct curandStateScrambledSobol64 curandStateScrambledSobol64_t;
/* MTGP32's state and the parameters it points at, as cuRAND's curand_mtgp32.h lays
 * them out (200 parameter sets, tables of 16, a state of 1024 words). */
struct mtgp32_kernel_params {
  unsigned int pos_tbl[200];
  unsigned int param_tbl[200][16];
  unsigned int temper_tbl[200][16];
  unsigned int single_temper_tbl[200][16];
  unsigned int sh1_tbl[200];
  unsigned int sh2_tbl[200];
  unsigned int mask[1];
};
typedef struct mtgp32_kernel_params mtgp32_kernel_params_t;
struct curandStateMtgp32 {
  unsigned int s[1024];
  int offset;
  int pIdx;
  mtgp32_kernel_params_t *k;
};
typedef struct curandStateMtgp32 curandStateMtgp32_t;

/* The state curand_init seeds: `field` 0-4 is v[i], 5 is d, after seeding with `seed`
 * and skipping ahead `subsequence` * 2^67 + `offset` numbers.  Not `const`: a new
 * unknown value per call (more than cuRAND's deterministic seeding, never less), so two
 * threads seeding one state are a race also under --benign-writes, as GPUVerify reads
 * it; a function of this header accesses no memory, so no verdict states that. */
__device__ unsigned int __curand_xorwow_seeded(unsigned int field, unsigned long long seed,
                                               unsigned long long subsequence,
                                               unsigned long long offset);
__device__ float __curand_uniform_of(unsigned int x) __attribute__((const));
__device__ double __curand_uniform_double_of(unsigned int x, unsigned int y) __attribute__((const));
__device__ float __curand_box_muller_first(unsigned int x, unsigned int y) __attribute__((const));
__device__ float __curand_box_muller_second(unsigned int x, unsigned int y) __attribute__((const));
__device__ double __curand_box_muller_double_first(unsigned int x0, unsigned int x1, unsigned int y0,
                                                   unsigned int y1) __attribute__((const));
__device__ double __curand_box_muller_double_second(unsigned int x0, unsigned int x1, unsigned int y0,
                                                    unsigned int y1) __attribute__((const));
__device__ float __curand_log_normal_of(float normal, float mean, float stddev) __attribute__((const));
__device__ double __curand_log_normal_double_of(double normal, double mean, double stddev)
    __attribute__((const));

/* cuRAND's curand_init writes d and v (seeding, then skipping ahead in place, each
 * step rewriting them), then the four Box-Muller fields. */
__device__ static __inline__ void curand_init(unsigned long long seed, unsigned long long subsequence,
                                              unsigned long long offset, curandStateXORWOW_t *state) {
  state->d = __curand_xorwow_seeded(5, seed, subsequence, offset);
  state->v[0] = __curand_xorwow_seeded(0, seed, subsequence, offset);
  state->v[1] = __curand_xorwow_seeded(1, seed, subsequence, offset);
  state->v[2] = __curand_xorwow_seeded(2, seed, subsequence, offset);
  state->v[3] = __curand_xorwow_seeded(3, seed, subsequence, offset);
  state->v[4] = __curand_xorwow_seeded(4, seed, subsequence, offset);
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.f;
  state->boxmuller_extra_double = 0.;
}

/* One xorwow step: reads and writes v[0..4] and d, never the Box-Muller fields. */
__device__ static __inline__ unsigned int curand(curandStateXORWOW_t *state) {
  unsigned int t = state->v[0] ^ (state->v[0] >> 2);
  state->v[0] = state->v[1];
  state->v[1] = state->v[2];
  state->v[2] = state->v[3];
  state->v[3] = state->v[4];
  state->v[4] = (state->v[4] ^ (state->v[4] << 4)) ^ (t ^ (t << 1));
  state->d += 362437;
  return state->v[4] + state->d;
}

__device__ static __inline__ float curand_uniform(curandStateXORWOW_t *state) {
  unsigned int x = curand(state);
  return __curand_uniform_of(x);
}

__device__ static __inline__ double curand_uniform_double(curandStateXORWOW_t *state) {
  unsigned int x = curand(state);
  unsigned int y = curand(state);
  return __curand_uniform_double_of(x, y);
}

/* Box-Muller makes two numbers of two draws: the first is returned, the second kept
 * in the state for the next call, which draws nothing. */
__device__ static __inline__ float curand_normal(curandStateXORWOW_t *state) {
  if (state->boxmuller_flag != 1) {
    unsigned int x = curand(state);
    unsigned int y = curand(state);
    state->boxmuller_extra = __curand_box_muller_second(x, y);
    state->boxmuller_flag = 1;
    return __curand_box_muller_first(x, y);
  }
  state->boxmuller_flag = 0;
  return state->boxmuller_extra;
}

__device__ static __inline__ double curand_normal_double(curandStateXORWOW_t *state) {
  if (state->boxmuller_flag_double != 1) {
    unsigned int x0 = curand(state);
    unsigned int x1 = curand(state);
    unsigned int y0 = curand(state);
    unsigned int y1 = curand(state);
    state->boxmuller_extra_double = __curand_box_muller_double_second(x0, x1, y0, y1);
    state->boxmuller_flag_double = 1;
    return __curand_box_muller_double_first(x0, x1, y0, y1);
  }
  state->boxmuller_flag_double = 0;
  return state->boxmuller_extra_double;
}

__device__ static __inline__ float curand_log_normal(curandStateXORWOW_t *state, float mean, float stddev) {
  float normal = curand_normal(state);
  return __curand_log_normal_of(normal, mean, stddev);
}

__device__ static __inline__ double curand_log_normal_double(curandStateXORWOW_t *state, double mean,
                                                             double stddev) {
  double normal = curand_normal_double(state);
  return __curand_log_normal_double_of(normal, mean, stddev);
}

/* MTGP32: a state that the threads of a block draw from together, which cuRAND's functions
 * synchronise with barriers of the block and index with parameters the host chose; not
 * mapped (vercors_py/cfamily/curand.py refuses a call of these at its place). */
__device__ unsigned int curand(curandStateMtgp32_t *state);
__device__ float curand_uniform(curandStateMtgp32_t *state);
__device__ float curand_normal(curandStateMtgp32_t *state);
__device__ double curand_uniform_double(curandStateMtgp32_t *state);
__device__ double curand_normal_double(curandStateMtgp32_t *state);
__device__ float curand_log_normal(curandStateMtgp32_t *state, float mean, float stddev);
__device__ double curand_log_normal_double(curandStateMtgp32_t *state, double mean, double stddev);
__device__ unsigned int curand_mtgp32_specific(curandStateMtgp32_t *state, unsigned char index, unsigned char n);
__device__ float curand_mtgp32_single(curandStateMtgp32_t *state);
__device__ float curand_mtgp32_single_specific(curandStateMtgp32_t *state, unsigned char index, unsigned char n);

#endif
