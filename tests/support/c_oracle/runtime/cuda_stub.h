/* What CUDA gives a kernel, for g++ (-x c++): ids and sizes read from the oracle's
 * runtime, __syncthreads() as its barrier (fencing all memory), and the qualifiers.
 * __shared__ variables are static (one copy per program, which the runtime clears
 * before each block, so each block has its own) and live in the section
 * `oracle_shared`, which tells the runtime that they are block-local memory. */
#ifndef ORACLE_CUDA_STUB_H
#define ORACLE_CUDA_STUB_H
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <tuple>
#include "oracle_annotations.h"
#include "oracle_atomics.h"

extern "C" unsigned oracle_id(int which, int dim);
extern "C" void oracle_barrier(unsigned flags);

struct uint3 { unsigned int x, y, z; };
struct dim3 { unsigned int x, y, z; };
static inline uint3 oracle_ids(int which) {
    uint3 r = {oracle_id(which, 0), oracle_id(which, 1), oracle_id(which, 2)};
    return r;
}
static inline dim3 oracle_dims(int which) {
    dim3 r = {oracle_id(which, 0), oracle_id(which, 1), oracle_id(which, 2)};
    return r;
}
/* CUDA's vector types (vector_types.h): plain structs, the four-component ones aligned
 * to 16 bytes (8 for two components of 4 bytes), and their make_ functions. */
#define ORACLE_VECTOR(T, NAME) \
  struct __attribute__((aligned(2 * sizeof(T)))) NAME##2 { T x, y; }; \
  struct __attribute__((aligned(4 * sizeof(T)))) NAME##4 { T x, y, z, w; }; \
  static inline NAME##2 make_##NAME##2(T x, T y) { NAME##2 r = {x, y}; return r; } \
  static inline NAME##4 make_##NAME##4(T x, T y, T z, T w) { NAME##4 r = {x, y, z, w}; return r; }
ORACLE_VECTOR(float, float)
ORACLE_VECTOR(int, int)
ORACLE_VECTOR(unsigned int, uint)
ORACLE_VECTOR(signed char, char)
#undef ORACLE_VECTOR

#define threadIdx (oracle_ids(0))
#define blockIdx (oracle_ids(1))
#define blockDim (oracle_dims(2))
#define gridDim (oracle_dims(3))
#define warpSize 32

#define __syncthreads() oracle_barrier(3u)
#define __threadfence() ((void)0)
#define __threadfence_block() ((void)0)
#define __threadfence_system() ((void)0)

#define __global__
#define __device__
#define __host__
#define __constant__
#define __managed__
#define __noinline__ __attribute__((noinline))
#define __forceinline__ inline
#define __launch_bounds__(...)
#define __shared__ static __attribute__((section("oracle_shared")))
/* Dynamic shared memory: the oracle rewrites each `extern __shared__ T s[];` to
 * `extern T s[] ORACLE_DYNAMIC_SHARED;`, so that every such array of the program, whatever
 * its name and type, is this one block of the section `oracle_shared` (one per block,
 * cleared before each, as CUDA gives one per block at one address). Its size is the
 * launch's third argument, which GPUVerify's header does not carry: ORACLE_DYNAMIC_SHARED_BYTES. */
#ifndef ORACLE_DYNAMIC_SHARED_BYTES
#define ORACLE_DYNAMIC_SHARED_BYTES 4096
#endif
#define ORACLE_DYNAMIC_SHARED __asm__("oracle_dynamic_shared")
__attribute__((section("oracle_shared"), aligned(16), used)) char oracle_dynamic_shared_block[ORACLE_DYNAMIC_SHARED_BYTES]
    ORACLE_DYNAMIC_SHARED;

/* CUDA's min and max of two numbers, in the usual arithmetic conversions. */
template <class A, class B> static inline auto min(A a, B b) -> decltype(a + b) { return a < b ? a : b; }
template <class A, class B> static inline auto max(A a, B b) -> decltype(a + b) { return a < b ? b : a; }
/* The low 32 bits of the product of the operands' low 24 bits, sign-extended for
 * __mul24 (CUDA Math API, "Integer Intrinsics"; PTX mul24.lo). */
static inline int __mul24(int a, int b) {
  long long x = (long long)(a & 0xffffff) - ((a & 0x800000) ? 0x1000000 : 0);
  long long y = (long long)(b & 0xffffff) - ((b & 0x800000) ? 0x1000000 : 0);
  return (int)(unsigned)(x * y);
}
static inline unsigned __umul24(unsigned a, unsigned b) {
  return (unsigned)((unsigned long long)(a & 0xffffff) * (b & 0xffffff));
}
#endif
