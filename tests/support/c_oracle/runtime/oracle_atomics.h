/* CUDA's and OpenCL's atomic functions, for the oracle: each is one atomic access of the
 * runtime (oracle_atomic, at the call's place in the kernel: ORACLE_HERE), then the load
 * and store of the update, which are not instrumented (no_sanitize_thread): the threads
 * run one at a time, so the update is atomic, and the runtime sees one access, not a read
 * and a write. Integer arithmetic wraps in the cell's unsigned twin (CUDA's and OpenCL's
 * atomics are two's complement operations, never undefined); CUDA's atomicInc and
 * atomicDec are ((old >= v) ? 0 : old + 1) and (((old == 0) || (old > v)) ? v : old - 1).
 * Included by cuda_stub.h (overloads, C++) and opencl_stub.h (_Generic, C). */
#ifndef ORACLE_ATOMICS_H
#define ORACLE_ATOMICS_H
#ifdef __cplusplus
extern "C" void oracle_atomic(volatile void *address, unsigned size, void *pc);
#else
void oracle_atomic(volatile void *address, unsigned size, void *pc);
#endif

/* An address of the kernel's code at the atomic call: the return address of a call
 * made there. */
__attribute__((noinline, no_sanitize_thread, unused)) static void *oracle_here(void) {
  return __builtin_return_address(0);
}
#define ORACLE_HERE oracle_here()

#define ORACLE_ATOMIC_FN __attribute__((no_sanitize_thread, unused)) static
#define ORACLE_ATOMIC_BEGIN(T) oracle_atomic(p, sizeof(T), pc); T old = *p;
#define ORACLE_ATOMIC_BINARY(T, NAME, OP, NEW)                                   \
  ORACLE_ATOMIC_FN T oracle_atomic_##OP##_##NAME(volatile T *p, T v, void *pc) { \
    ORACLE_ATOMIC_BEGIN(T) *p = (NEW); return old; }
#define ORACLE_ATOMIC_INTEGERS(T, U, NAME)                                                        \
  ORACLE_ATOMIC_BINARY(T, NAME, add, (T)((U)old + (U)v))                                          \
  ORACLE_ATOMIC_BINARY(T, NAME, sub, (T)((U)old - (U)v))                                          \
  ORACLE_ATOMIC_BINARY(T, NAME, xchg, v)                                                          \
  ORACLE_ATOMIC_BINARY(T, NAME, min, old < v ? old : v)                                           \
  ORACLE_ATOMIC_BINARY(T, NAME, max, old > v ? old : v)                                           \
  ORACLE_ATOMIC_BINARY(T, NAME, and, old & v)                                                     \
  ORACLE_ATOMIC_BINARY(T, NAME, or, old | v)                                                      \
  ORACLE_ATOMIC_BINARY(T, NAME, xor, old ^ v)                                                     \
  ORACLE_ATOMIC_BINARY(T, NAME, incb, old >= v ? (T)0 : (T)(old + 1))                             \
  ORACLE_ATOMIC_BINARY(T, NAME, decb, (old == 0 || old > v) ? v : (T)(old - 1))                   \
  ORACLE_ATOMIC_FN T oracle_atomic_inc_##NAME(volatile T *p, void *pc) {                          \
    ORACLE_ATOMIC_BEGIN(T) *p = (T)((U)old + 1u); return old; }                                   \
  ORACLE_ATOMIC_FN T oracle_atomic_dec_##NAME(volatile T *p, void *pc) {                          \
    ORACLE_ATOMIC_BEGIN(T) *p = (T)((U)old - 1u); return old; }                                   \
  ORACLE_ATOMIC_FN T oracle_atomic_cmpxchg_##NAME(volatile T *p, T expected, T v, void *pc) {     \
    ORACLE_ATOMIC_BEGIN(T) *p = old == expected ? v : old; return old; }
ORACLE_ATOMIC_INTEGERS(int, unsigned int, int)
ORACLE_ATOMIC_INTEGERS(unsigned int, unsigned int, uint)
ORACLE_ATOMIC_INTEGERS(long, unsigned long, long)
ORACLE_ATOMIC_INTEGERS(unsigned long, unsigned long, ulong)
ORACLE_ATOMIC_INTEGERS(unsigned long long, unsigned long long, ullong)
ORACLE_ATOMIC_BINARY(float, float, add, old + v)
ORACLE_ATOMIC_BINARY(float, float, xchg, v)
#undef ORACLE_ATOMIC_INTEGERS
#undef ORACLE_ATOMIC_BINARY
#undef ORACLE_ATOMIC_BEGIN
#undef ORACLE_ATOMIC_FN

#ifdef __cplusplus
/* CUDA: one overload per cell type; the _block and _system variants are the same. */
#define ORACLE_CUDA_BINARY(OP)                                                                         \
  static inline int oracle_cuda_##OP(int *p, int v, void *pc) { return oracle_atomic_##OP##_int(p, v, pc); } \
  static inline unsigned oracle_cuda_##OP(unsigned *p, unsigned v, void *pc) {                         \
    return oracle_atomic_##OP##_uint(p, v, pc); }                                                      \
  static inline unsigned long long oracle_cuda_##OP(unsigned long long *p, unsigned long long v, void *pc) { \
    return oracle_atomic_##OP##_ullong(p, v, pc); }
ORACLE_CUDA_BINARY(add) ORACLE_CUDA_BINARY(sub) ORACLE_CUDA_BINARY(xchg) ORACLE_CUDA_BINARY(min)
ORACLE_CUDA_BINARY(max) ORACLE_CUDA_BINARY(and) ORACLE_CUDA_BINARY(or) ORACLE_CUDA_BINARY(xor)
#undef ORACLE_CUDA_BINARY
static inline float oracle_cuda_add(float *p, float v, void *pc) { return oracle_atomic_add_float(p, v, pc); }
static inline float oracle_cuda_xchg(float *p, float v, void *pc) { return oracle_atomic_xchg_float(p, v, pc); }
static inline int oracle_cuda_cas(int *p, int e, int v, void *pc) { return oracle_atomic_cmpxchg_int(p, e, v, pc); }
static inline unsigned oracle_cuda_cas(unsigned *p, unsigned e, unsigned v, void *pc) {
  return oracle_atomic_cmpxchg_uint(p, e, v, pc); }
static inline unsigned long long oracle_cuda_cas(unsigned long long *p, unsigned long long e,
                                                 unsigned long long v, void *pc) {
  return oracle_atomic_cmpxchg_ullong(p, e, v, pc); }
#define atomicAdd(p, v) oracle_cuda_add((p), (v), ORACLE_HERE)
#define atomicSub(p, v) oracle_cuda_sub((p), (v), ORACLE_HERE)
#define atomicExch(p, v) oracle_cuda_xchg((p), (v), ORACLE_HERE)
#define atomicMin(p, v) oracle_cuda_min((p), (v), ORACLE_HERE)
#define atomicMax(p, v) oracle_cuda_max((p), (v), ORACLE_HERE)
#define atomicAnd(p, v) oracle_cuda_and((p), (v), ORACLE_HERE)
#define atomicOr(p, v) oracle_cuda_or((p), (v), ORACLE_HERE)
#define atomicXor(p, v) oracle_cuda_xor((p), (v), ORACLE_HERE)
#define atomicInc(p, v) oracle_atomic_incb_uint((p), (v), ORACLE_HERE)
#define atomicDec(p, v) oracle_atomic_decb_uint((p), (v), ORACLE_HERE)
#define atomicCAS(p, e, v) oracle_cuda_cas((p), (e), (v), ORACLE_HERE)
#define atomicAdd_block atomicAdd
#define atomicSub_block atomicSub
#define atomicExch_block atomicExch
#define atomicMin_block atomicMin
#define atomicMax_block atomicMax
#define atomicAnd_block atomicAnd
#define atomicOr_block atomicOr
#define atomicXor_block atomicXor
#define atomicInc_block atomicInc
#define atomicDec_block atomicDec
#define atomicCAS_block atomicCAS
#define atomicAdd_system atomicAdd
#define atomicSub_system atomicSub
#define atomicExch_system atomicExch
#define atomicMin_system atomicMin
#define atomicMax_system atomicMax
#define atomicAnd_system atomicAnd
#define atomicOr_system atomicOr
#define atomicXor_system atomicXor
#define atomicInc_system atomicInc
#define atomicDec_system atomicDec
#define atomicCAS_system atomicCAS
#else
/* OpenCL C: atomic_OP and atom_OP, by the cell's type (qualifiers dropped by _Generic's
 * lvalue conversion of *p). */
#define ORACLE_OPENCL(OP, p, ...)                                                                      \
  _Generic(*(p), int: oracle_atomic_##OP##_int, unsigned int: oracle_atomic_##OP##_uint,               \
           long: oracle_atomic_##OP##_long, unsigned long: oracle_atomic_##OP##_ulong)((p), __VA_ARGS__)
#define atomic_add(p, v) ORACLE_OPENCL(add, p, (v), ORACLE_HERE)
#define atomic_sub(p, v) ORACLE_OPENCL(sub, p, (v), ORACLE_HERE)
#define atomic_xchg(p, v)                                                                              \
  _Generic(*(p), int: oracle_atomic_xchg_int, unsigned int: oracle_atomic_xchg_uint,                   \
           long: oracle_atomic_xchg_long, unsigned long: oracle_atomic_xchg_ulong,                     \
           float: oracle_atomic_xchg_float)((p), (v), ORACLE_HERE)
#define atomic_min(p, v) ORACLE_OPENCL(min, p, (v), ORACLE_HERE)
#define atomic_max(p, v) ORACLE_OPENCL(max, p, (v), ORACLE_HERE)
#define atomic_and(p, v) ORACLE_OPENCL(and, p, (v), ORACLE_HERE)
#define atomic_or(p, v) ORACLE_OPENCL(or, p, (v), ORACLE_HERE)
#define atomic_xor(p, v) ORACLE_OPENCL(xor, p, (v), ORACLE_HERE)
#define atomic_inc(p) ORACLE_OPENCL(inc, p, ORACLE_HERE)
#define atomic_dec(p) ORACLE_OPENCL(dec, p, ORACLE_HERE)
#define atomic_cmpxchg(p, e, v) ORACLE_OPENCL(cmpxchg, p, (e), (v), ORACLE_HERE)
#define atom_add atomic_add
#define atom_sub atomic_sub
#define atom_xchg atomic_xchg
#define atom_min atomic_min
#define atom_max atomic_max
#define atom_and atomic_and
#define atom_or atomic_or
#define atom_xor atomic_xor
#define atom_inc atomic_inc
#define atom_dec atomic_dec
#define atom_cmpxchg atomic_cmpxchg
#endif
#endif
