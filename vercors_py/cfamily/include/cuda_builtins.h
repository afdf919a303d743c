/* What CUDA's own headers give device code, declared for clang's parser.
 *
 * vercors-py parses a .cu file with `-x cuda --cuda-device-only -nocudainc` and
 * force-includes this file (`-include`), as nvcc force-includes cuda_runtime.h: the
 * CUDA toolkit's headers are not ours to ship, and clang's CUDA wrappers need them
 * (not every libclang wheel has the wrappers either).  Only declarations: the meaning
 * of each name is the mapping's (vercors_py/cfamily), the types are CUDA's, so that
 * clang types every expression as nvcc would.  Sources: the CUDA C++ Programming
 * Guide ("Built-in Variables", "Built-in Vector Types", "Atomic Functions", "Warp
 * Shuffle Functions", "Cooperative Groups") and clang's __clang_cuda_runtime_wrapper.h
 * and __clang_cuda_builtin_vars.h.  __syncthreads() needs no declaration: it is a
 * builtin of clang's NVPTX target.
 */
#ifndef VERCORS_CUDA_BUILTINS_H
#define VERCORS_CUDA_BUILTINS_H

/* Qualifiers: clang's own attributes, as clang's CUDA wrappers spell them. */
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __restrict__ __restrict

/* Types that the runtime header brings in from the C library: stddef.h's, and the
 * short names of glibc's sys/types.h. */
typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
/* stdint.h's exact-width types, which <cstdint> brings in through CUDA's headers: each
 * is the type clang's target says it is (its __INTn_TYPE__ macros), as its own
 * stdint.h defines them. */
typedef __INT8_TYPE__ int8_t;
typedef __INT16_TYPE__ int16_t;
typedef __INT32_TYPE__ int32_t;
typedef __INT64_TYPE__ int64_t;
typedef __UINT8_TYPE__ uint8_t;
typedef __UINT16_TYPE__ uint16_t;
typedef __UINT32_TYPE__ uint32_t;
typedef __UINT64_TYPE__ uint64_t;
typedef __INTPTR_TYPE__ intptr_t;
typedef __UINTPTR_TYPE__ uintptr_t;
typedef __INTMAX_TYPE__ intmax_t;
typedef __UINTMAX_TYPE__ uintmax_t;

/* string.h's block copies, which CUDA's runtime header declares for device code too
 * (block_memory.py maps them).  CUDA's runtime header includes the C library's
 * <string.h> first, whose functions are host functions, and then declares these two
 * `__host__ __device__`; clang refuses a second target for one C function, so
 * string.h's own two are renamed away while it is read here.  Its include guard then
 * keeps a kernel's `#include <string.h>` (or <cstring>, <memory.h>) from reading it
 * again: the kernel sees string.h's host functions and these two, as under nvcc. */
#pragma push_macro("memcpy")
#pragma push_macro("memset")
#define memcpy __vercors_host_memcpy
#define memset __vercors_host_memset
#include <string.h>
#pragma pop_macro("memset")
#pragma pop_macro("memcpy")
extern "C" __host__ __device__ void *memcpy(void *dst, const void *src, size_t n);
extern "C" __host__ __device__ void *memset(void *dst, int value, size_t n);

/* Built-in vector types (vector_types.h): structs of 1 to 4 named components; the two-
 * and four-component ones are aligned to their size, at most 16 bytes; make_<type>
 * builds one from its components. */
#define __VERCORS_VECTORS(T, NAME, ALIGN2, ALIGN4)                         \
  struct NAME##1 { T x; };                                                 \
  struct __align__(ALIGN2) NAME##2 { T x, y; };                            \
  struct NAME##3 { T x, y, z; };                                           \
  struct __align__(ALIGN4) NAME##4 { T x, y, z, w; };                      \
  __host__ __device__ NAME##1 make_##NAME##1(T x);                         \
  __host__ __device__ NAME##2 make_##NAME##2(T x, T y);                    \
  __host__ __device__ NAME##3 make_##NAME##3(T x, T y, T z);               \
  __host__ __device__ NAME##4 make_##NAME##4(T x, T y, T z, T w);
__VERCORS_VECTORS(signed char, char, 2, 4)
__VERCORS_VECTORS(unsigned char, uchar, 2, 4)
__VERCORS_VECTORS(short, short, 4, 8)
__VERCORS_VECTORS(unsigned short, ushort, 4, 8)
__VERCORS_VECTORS(int, int, 8, 16)
__VERCORS_VECTORS(unsigned int, uint, 8, 16)
__VERCORS_VECTORS(long, long, 16, 16)
__VERCORS_VECTORS(unsigned long, ulong, 16, 16)
__VERCORS_VECTORS(long long, longlong, 16, 16)
__VERCORS_VECTORS(unsigned long long, ulonglong, 16, 16)
__VERCORS_VECTORS(float, float, 8, 16)
__VERCORS_VECTORS(double, double, 16, 16)
#undef __VERCORS_VECTORS

/* dim3: a uint3 whose components default to 1 (vector_types.h). */
struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3() const { return uint3{x, y, z}; }
};

/* Built-in variables: the thread's index in its block, the block's in the grid, and their
 * sizes, as nvcc declares them (device_launch_parameters.h); warpSize is 32 on every
 * architecture (clang's __clang_cuda_builtin_vars.h). */
extern const __device__ uint3 threadIdx;
extern const __device__ uint3 blockIdx;
extern const __device__ dim3 blockDim;
extern const __device__ dim3 gridDim;
__device__ const int warpSize = 32;

/* Synchronisation (besides __syncthreads): barriers that also count or combine a
 * predicate over the block, and memory fences of the block, the device, the system. */
__device__ int __syncthreads_count(int predicate);
__device__ int __syncthreads_and(int predicate);
__device__ int __syncthreads_or(int predicate);
__device__ void __threadfence_block(void);
__device__ void __threadfence(void);
__device__ void __threadfence_system(void);

/* Atomic functions: each returns the old value of *address; the _block and _system
 * variants (compute capability 6.0) are atomic within a block or across devices. */
#define __VERCORS_ATOMICS(T, S)                               \
  __device__ T atomicAdd##S(T *address, T val);               \
  __device__ T atomicSub##S(T *address, T val);               \
  __device__ T atomicExch##S(T *address, T val);              \
  __device__ T atomicMin##S(T *address, T val);               \
  __device__ T atomicMax##S(T *address, T val);               \
  __device__ T atomicAnd##S(T *address, T val);               \
  __device__ T atomicOr##S(T *address, T val);                \
  __device__ T atomicXor##S(T *address, T val);               \
  __device__ T atomicCAS##S(T *address, T compare, T val);
/* ((old >= val) ? 0 : (old + 1)) and (((old == 0) || (old > val)) ? val : (old - 1)) */
#define __VERCORS_ATOMICS_SCOPE(S)                                                \
  __VERCORS_ATOMICS(int, S)                                                       \
  __VERCORS_ATOMICS(unsigned int, S)                                              \
  __VERCORS_ATOMICS(unsigned long long int, S)                                    \
  __device__ float atomicAdd##S(float *address, float val);                       \
  __device__ double atomicAdd##S(double *address, double val);                    \
  __device__ float atomicExch##S(float *address, float val);                      \
  __device__ unsigned int atomicInc##S(unsigned int *address, unsigned int val);  \
  __device__ unsigned int atomicDec##S(unsigned int *address, unsigned int val);
__VERCORS_ATOMICS_SCOPE()
__VERCORS_ATOMICS_SCOPE(_block)
__VERCORS_ATOMICS_SCOPE(_system)
#undef __VERCORS_ATOMICS_SCOPE
#undef __VERCORS_ATOMICS

/* Warp-level functions; mask names the lanes taking part, width a sub-warp size. */
__device__ void __syncwarp(unsigned int mask = 0xffffffff);
__device__ unsigned int __activemask(void);
__device__ unsigned int __ballot_sync(unsigned int mask, int predicate);
__device__ unsigned int __ballot(int predicate);     /* before CUDA 9, without a mask */
__device__ int __any_sync(unsigned int mask, int predicate);
__device__ int __all_sync(unsigned int mask, int predicate);
#define __VERCORS_SHUFFLES(T)                                                                 \
  __device__ T __shfl_sync(unsigned int mask, T var, int srcLane, int width = warpSize);      \
  __device__ T __shfl_up_sync(unsigned int mask, T var, unsigned int delta, int width = warpSize); \
  __device__ T __shfl_down_sync(unsigned int mask, T var, unsigned int delta, int width = warpSize); \
  __device__ T __shfl_xor_sync(unsigned int mask, T var, int laneMask, int width = warpSize);
__VERCORS_SHUFFLES(int)
__VERCORS_SHUFFLES(unsigned int)
__VERCORS_SHUFFLES(long long)
__VERCORS_SHUFFLES(unsigned long long)
__VERCORS_SHUFFLES(float)
__VERCORS_SHUFFLES(double)
#undef __VERCORS_SHUFFLES

/* Integer functions (CUDA Math API, "Integer Intrinsics" and min/max/abs overloads). */
__device__ int __mul24(int x, int y);
__device__ unsigned int __umul24(unsigned int x, unsigned int y);
__device__ int __mulhi(int x, int y);
__device__ unsigned int __umulhi(unsigned int x, unsigned int y);
__device__ int __popc(unsigned int x);
__device__ int __popcll(unsigned long long x);
__device__ int __clz(int x);
__device__ int __ffs(int x);
__device__ unsigned int __brev(unsigned int x);
#define __VERCORS_MIN_MAX(T)          \
  __device__ T min(T a, T b);         \
  __device__ T max(T a, T b);
__VERCORS_MIN_MAX(int)
__VERCORS_MIN_MAX(unsigned int)
__VERCORS_MIN_MAX(long)
__VERCORS_MIN_MAX(unsigned long)
__VERCORS_MIN_MAX(long long)
__VERCORS_MIN_MAX(unsigned long long)
__VERCORS_MIN_MAX(float)
__VERCORS_MIN_MAX(double)
/* A signed and an unsigned argument of one width compare as unsigned, as C's usual
 * arithmetic conversions do (CUDA declares these mixed overloads too). */
#define __VERCORS_MIXED_MIN_MAX(S, U)                                     \
  __device__ U min(S a, U b); __device__ U min(U a, S b);                 \
  __device__ U max(S a, U b); __device__ U max(U a, S b);
__VERCORS_MIXED_MIN_MAX(int, unsigned int)
__VERCORS_MIXED_MIN_MAX(long, unsigned long)
__VERCORS_MIXED_MIN_MAX(long long, unsigned long long)
#undef __VERCORS_MIXED_MIN_MAX
#undef __VERCORS_MIN_MAX
__device__ int abs(int x);
__device__ long labs(long x);
__device__ long long llabs(long long x);

/* Floating-point functions (CUDA Math API): the double function (sqrt), its float
 * twin (sqrtf), and the float overload (sqrt(float)) that C++'s <cmath> adds. */
#define __VERCORS_MATH1(NAME)                     \
  __device__ double NAME(double x);               \
  __device__ float NAME##f(float x);              \
  __device__ float NAME(float x);
#define __VERCORS_MATH2(NAME)                     \
  __device__ double NAME(double x, double y);     \
  __device__ float NAME##f(float x, float y);     \
  __device__ float NAME(float x, float y);
__VERCORS_MATH1(sqrt) __VERCORS_MATH1(rsqrt) __VERCORS_MATH1(cbrt)
__VERCORS_MATH1(exp) __VERCORS_MATH1(exp2) __VERCORS_MATH1(exp10) __VERCORS_MATH1(expm1)
__VERCORS_MATH1(log) __VERCORS_MATH1(log2) __VERCORS_MATH1(log10) __VERCORS_MATH1(log1p)
__VERCORS_MATH1(sin) __VERCORS_MATH1(cos) __VERCORS_MATH1(tan)
__VERCORS_MATH1(asin) __VERCORS_MATH1(acos) __VERCORS_MATH1(atan)
__VERCORS_MATH1(sinh) __VERCORS_MATH1(cosh) __VERCORS_MATH1(tanh)
__VERCORS_MATH1(fabs) __VERCORS_MATH1(floor) __VERCORS_MATH1(ceil) __VERCORS_MATH1(round)
__VERCORS_MATH1(trunc) __VERCORS_MATH1(erf)
__VERCORS_MATH2(pow) __VERCORS_MATH2(atan2) __VERCORS_MATH2(fmod) __VERCORS_MATH2(fmin)
__VERCORS_MATH2(fmax) __VERCORS_MATH2(hypot)
#undef __VERCORS_MATH1
#undef __VERCORS_MATH2
__device__ double fma(double x, double y, double z);
__device__ float fmaf(float x, float y, float z);
/* Sine and cosine at once, stored through the pointers. */
__device__ void sincos(double x, double *sptr, double *cptr);
__device__ void sincosf(float x, float *sptr, float *cptr);
__device__ void __sincosf(float x, float *sptr, float *cptr);
/* Fast, less accurate float intrinsics ("Intrinsic Functions"). */
__device__ float __expf(float x);
__device__ float __exp10f(float x);
__device__ float __logf(float x);
__device__ float __log2f(float x);
__device__ float __log10f(float x);
__device__ float __sinf(float x);
__device__ float __cosf(float x);
__device__ float __tanf(float x);
__device__ float __powf(float x, float y);
__device__ float __fdividef(float x, float y);
__device__ float __saturatef(float x);
__device__ float __fsqrt_rn(float x);
__device__ float __fmul_rn(float x, float y);
__device__ float __fadd_rn(float x, float y);
/* The same operations with the other roundings (_rz toward zero, _ru up, _rd down). */
#define __VERCORS_ROUNDED(R)                                  \
  __device__ float __fadd_##R(float x, float y);              \
  __device__ float __fsub_##R(float x, float y);              \
  __device__ float __fmul_##R(float x, float y);              \
  __device__ float __fdiv_##R(float x, float y);              \
  __device__ float __fmaf_##R(float x, float y, float z);     \
  __device__ float __frcp_##R(float x);                       \
  __device__ double __dadd_##R(double x, double y);           \
  __device__ double __dsub_##R(double x, double y);           \
  __device__ double __dmul_##R(double x, double y);           \
  __device__ double __ddiv_##R(double x, double y);           \
  __device__ double __fma_##R(double x, double y, double z);  \
  __device__ double __drcp_##R(double x);                     \
  __device__ double __dsqrt_##R(double x);
__VERCORS_ROUNDED(rn) __VERCORS_ROUNDED(rz) __VERCORS_ROUNDED(ru) __VERCORS_ROUNDED(rd)
#undef __VERCORS_ROUNDED
__device__ float __fsqrt_rz(float x);
__device__ float __fsqrt_ru(float x);
__device__ float __fsqrt_rd(float x);
__device__ float __frsqrt_rn(float x);
#define NULL __null
#define INFINITY __builtin_huge_valf()
#define NAN __builtin_nanf("")
#define FLT_MAX __FLT_MAX__
#define FLT_MIN __FLT_MIN__
#define FLT_EPSILON __FLT_EPSILON__
#define DBL_MAX __DBL_MAX__
#define INT_MAX __INT_MAX__
#define INT_MIN (-__INT_MAX__ - 1)
#define UINT_MAX (__INT_MAX__ * 2U + 1U)

/* Texture references (texture_types.h, texture_fetch_functions.h): the legacy API that
 * GPUVerify's suite still uses; a fetch reads one element.  The attribute makes a
 * texture a variable of the device, as in the CUDA headers. */
enum cudaTextureReadMode { cudaReadModeElementType, cudaReadModeNormalizedFloat };
template <class T, int dim = 1, enum cudaTextureReadMode mode = cudaReadModeElementType>
struct __attribute__((device_builtin_texture_type)) texture {};
template <class T> __device__ T tex1Dfetch(texture<T, 1, cudaReadModeElementType> t, int x);

#include "cooperative_groups.h"
#include "curand_kernel.h"
#include "cuda_runtime.h"

#include "gpuverify.h"

#endif
