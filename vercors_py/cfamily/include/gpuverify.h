/* GPUVerify's annotation functions, declared so that kernels written for GPUVerify
 * parse; included by cuda_builtins.h and opencl_builtins.h.
 *
 * Their meaning is GPUVerify's (its documentation, "Advanced features", and the test
 * suite in ../shared/peers); what each becomes in vercors-py is the table of
 * cfamily/clang_gpuverify.py, documented in docs/cfamily.md ("Annotations").  GPUVerify's own header defines several of them as
 * macros over others (`__no_read(p)` as `!__read(p)`, `__same_group` as a comparison of
 * group ids); here each is a function of its own, so the typed tree still names the
 * annotation the kernel wrote.  Only the three that take a type, or declare something,
 * stay macros.
 */
#ifndef VERCORS_GPUVERIFY_H
#define VERCORS_GPUVERIFY_H

#ifdef __CUDA__
#define __VERCORS_SPEC __attribute__((device))
#else
#define __VERCORS_SPEC
#endif

/* Contracts, invariants and assertions; the `global` forms are stated of every thread. */
__VERCORS_SPEC void __requires(bool e);
__VERCORS_SPEC void __ensures(bool e);
__VERCORS_SPEC void __global_requires(bool e);
__VERCORS_SPEC void __global_ensures(bool e);
__VERCORS_SPEC void __invariant(bool e);
__VERCORS_SPEC void __global_invariant(bool e);
__VERCORS_SPEC void __candidate_invariant(bool e);
__VERCORS_SPEC void __candidate_global_invariant(bool e);
__VERCORS_SPEC void __function_wide_invariant(bool e);
__VERCORS_SPEC void __function_wide_candidate_invariant(bool e);
__VERCORS_SPEC void __assert(bool e);
__VERCORS_SPEC void __global_assert(bool e);
__VERCORS_SPEC void __assume(bool e);
__VERCORS_SPEC bool __implies(bool a, bool b);
__VERCORS_SPEC bool __enabled(void);
__VERCORS_SPEC bool __dominator_enabled(void);

/* The value a helper returns, and a parameter's value at entry, in postconditions. */
__VERCORS_SPEC int __return_val_int(void);
__VERCORS_SPEC bool __return_val_bool(void);
__VERCORS_SPEC void *__return_val_ptr(void);
__VERCORS_SPEC void *__return_val_funptr(void);
#define __return_val_funptr(T) ((T)__return_val_funptr())
#ifdef __OPENCL_C_VERSION__
int4 __return_val_int4(void);
#endif
__VERCORS_SPEC int __old_int(int e);
__VERCORS_SPEC bool __old_bool(bool e);

/* Two threads at once: the other thread's value of an expression. */
__VERCORS_SPEC int __other_int(int e);
__VERCORS_SPEC bool __other_bool(bool e);
__VERCORS_SPEC bool __uniform_int(int e);
__VERCORS_SPEC bool __uniform_bool(bool e);
__VERCORS_SPEC bool __distinct_int(int e);
__VERCORS_SPEC bool __distinct_bool(bool e);
__VERCORS_SPEC bool __all(bool e);
__VERCORS_SPEC bool __exclusive(bool e);
__VERCORS_SPEC bool __same_group(void);
#define __same_group __same_group()

/* Barrier invariants: a fact, and the threads (or, binary, pairs of threads) it is
 * instantiated for; GPUVerify numbers them by arity up to 20. */
#ifdef __OPENCL_C_VERSION__
#pragma OPENCL EXTENSION __cl_clang_variadic_functions : enable
#endif
__VERCORS_SPEC void __barrier_invariant(bool e, ...);
__VERCORS_SPEC void __barrier_invariant_binary(bool e, ...);
#define __VERCORS_BARRIER_INVARIANT(N)                              \
  __VERCORS_SPEC void __barrier_invariant_##N(bool e, ...);         \
  __VERCORS_SPEC void __barrier_invariant_binary_##N(bool e, ...);
__VERCORS_BARRIER_INVARIANT(0) __VERCORS_BARRIER_INVARIANT(1) __VERCORS_BARRIER_INVARIANT(2)
__VERCORS_BARRIER_INVARIANT(3) __VERCORS_BARRIER_INVARIANT(4) __VERCORS_BARRIER_INVARIANT(5)
__VERCORS_BARRIER_INVARIANT(6) __VERCORS_BARRIER_INVARIANT(7) __VERCORS_BARRIER_INVARIANT(8)
__VERCORS_BARRIER_INVARIANT(9) __VERCORS_BARRIER_INVARIANT(10) __VERCORS_BARRIER_INVARIANT(11)
__VERCORS_BARRIER_INVARIANT(12) __VERCORS_BARRIER_INVARIANT(13) __VERCORS_BARRIER_INVARIANT(14)
__VERCORS_BARRIER_INVARIANT(15) __VERCORS_BARRIER_INVARIANT(16) __VERCORS_BARRIER_INVARIANT(17)
__VERCORS_BARRIER_INVARIANT(18) __VERCORS_BARRIER_INVARIANT(19) __VERCORS_BARRIER_INVARIANT(20)
#undef __VERCORS_BARRIER_INVARIANT
#ifdef __OPENCL_C_VERSION__
#pragma OPENCL EXTENSION __cl_clang_variadic_functions : disable
#endif

/* Facts about the accesses a thread made through a pointer since the last barrier, and
 * about the pointer itself.  A pointer of any element type; in OpenCL of any address
 * space, hence one overload per address space. */
#ifdef __OPENCL_C_VERSION__
#define __VERCORS_POINTER_QUERY(R, NAME, ...)                                                 \
  R __attribute__((overloadable)) NAME(const volatile __global void *p, ##__VA_ARGS__);     \
  R __attribute__((overloadable)) NAME(const volatile __local void *p, ##__VA_ARGS__);      \
  R __attribute__((overloadable)) NAME(const volatile __constant void *p, ##__VA_ARGS__);   \
  R __attribute__((overloadable)) NAME(const volatile __private void *p, ##__VA_ARGS__);
#else
#define __VERCORS_POINTER_QUERY(R, NAME, ...) \
  __VERCORS_SPEC R NAME(const volatile void *p, ##__VA_ARGS__);
#endif
__VERCORS_POINTER_QUERY(void, __requires_fresh_array)
__VERCORS_POINTER_QUERY(bool, __read)
__VERCORS_POINTER_QUERY(bool, __write)
__VERCORS_POINTER_QUERY(bool, __no_read)
__VERCORS_POINTER_QUERY(bool, __no_write)
__VERCORS_POINTER_QUERY(bool, __read_implies, bool e)
__VERCORS_POINTER_QUERY(bool, __write_implies, bool e)
__VERCORS_POINTER_QUERY(__SIZE_TYPE__, __read_offset_bytes)
__VERCORS_POINTER_QUERY(__SIZE_TYPE__, __write_offset_bytes)
__VERCORS_POINTER_QUERY(__SIZE_TYPE__, __read_offset)
__VERCORS_POINTER_QUERY(__SIZE_TYPE__, __write_offset)
__VERCORS_POINTER_QUERY(int, __ptr_base)
__VERCORS_POINTER_QUERY(__SIZE_TYPE__, __ptr_offset_bytes)
__VERCORS_POINTER_QUERY(void, __reads_from)
__VERCORS_POINTER_QUERY(void, __writes_to)
__VERCORS_POINTER_QUERY(bool, __atomic_has_taken_value, __SIZE_TYPE__ offset, unsigned int value)
#undef __VERCORS_POINTER_QUERY
/* A ghost copy of an array: dst is src's contents at this point. */
#ifdef __OPENCL_C_VERSION__
void __attribute__((overloadable)) __array_snapshot(__global void *dst, const __global void *src);
void __attribute__((overloadable)) __array_snapshot(__local void *dst, const __local void *src);
#else
__VERCORS_SPEC void __array_snapshot(void *dst, const void *src);
#endif
/* Read permission for a barrier invariant: GPUVerify's header reads the cell into a
 * local of type T, a real read (checked for races as any other). */
#define __read_permission(T, e) { T __read_permission_value = (e); }

/* Conditional values and additions that do not overflow, of each integer type. */
#define __VERCORS_INTEGER_HELPERS(T)                                                             \
  __VERCORS_SPEC T __attribute__((overloadable)) __ite(bool c, T a, T b);                     \
  __VERCORS_SPEC unsigned T __attribute__((overloadable)) __ite(bool c, unsigned T a, unsigned T b); \
  __VERCORS_SPEC T __add_noovfl_##T(T a, T b);                                                 \
  __VERCORS_SPEC unsigned T __add_noovfl_unsigned_##T(unsigned T a, unsigned T b);
__VERCORS_INTEGER_HELPERS(char)
__VERCORS_INTEGER_HELPERS(short)
__VERCORS_INTEGER_HELPERS(int)
__VERCORS_INTEGER_HELPERS(long)
#undef __VERCORS_INTEGER_HELPERS
__VERCORS_SPEC bool __ite(bool c, bool a, bool b) __attribute__((overloadable));
/* Whether the sum of the arguments fits their type (GPUVerify's predicate, of 1 to 20
 * arguments of one unsigned type): one overload per type and arity, as GPUVerify's header
 * has, so that clang picks the type and converts the arguments to it. */
#define __VERCORS_ARGS_1(T) T
#define __VERCORS_ARGS_2(T) __VERCORS_ARGS_1(T), T
#define __VERCORS_ARGS_3(T) __VERCORS_ARGS_2(T), T
#define __VERCORS_ARGS_4(T) __VERCORS_ARGS_3(T), T
#define __VERCORS_ARGS_5(T) __VERCORS_ARGS_4(T), T
#define __VERCORS_ARGS_6(T) __VERCORS_ARGS_5(T), T
#define __VERCORS_ARGS_7(T) __VERCORS_ARGS_6(T), T
#define __VERCORS_ARGS_8(T) __VERCORS_ARGS_7(T), T
#define __VERCORS_ARGS_9(T) __VERCORS_ARGS_8(T), T
#define __VERCORS_ARGS_10(T) __VERCORS_ARGS_9(T), T
#define __VERCORS_ARGS_11(T) __VERCORS_ARGS_10(T), T
#define __VERCORS_ARGS_12(T) __VERCORS_ARGS_11(T), T
#define __VERCORS_ARGS_13(T) __VERCORS_ARGS_12(T), T
#define __VERCORS_ARGS_14(T) __VERCORS_ARGS_13(T), T
#define __VERCORS_ARGS_15(T) __VERCORS_ARGS_14(T), T
#define __VERCORS_ARGS_16(T) __VERCORS_ARGS_15(T), T
#define __VERCORS_ARGS_17(T) __VERCORS_ARGS_16(T), T
#define __VERCORS_ARGS_18(T) __VERCORS_ARGS_17(T), T
#define __VERCORS_ARGS_19(T) __VERCORS_ARGS_18(T), T
#define __VERCORS_ARGS_20(T) __VERCORS_ARGS_19(T), T
#define __VERCORS_NOOVFL(N)                                                                   \
  __VERCORS_SPEC bool __attribute__((overloadable)) __add_noovfl(__VERCORS_ARGS_##N(unsigned char));  \
  __VERCORS_SPEC bool __attribute__((overloadable)) __add_noovfl(__VERCORS_ARGS_##N(unsigned short)); \
  __VERCORS_SPEC bool __attribute__((overloadable)) __add_noovfl(__VERCORS_ARGS_##N(unsigned int));   \
  __VERCORS_SPEC bool __attribute__((overloadable)) __add_noovfl(__VERCORS_ARGS_##N(unsigned long));
__VERCORS_NOOVFL(1) __VERCORS_NOOVFL(2) __VERCORS_NOOVFL(3) __VERCORS_NOOVFL(4) __VERCORS_NOOVFL(5)
__VERCORS_NOOVFL(6) __VERCORS_NOOVFL(7) __VERCORS_NOOVFL(8) __VERCORS_NOOVFL(9) __VERCORS_NOOVFL(10)
__VERCORS_NOOVFL(11) __VERCORS_NOOVFL(12) __VERCORS_NOOVFL(13) __VERCORS_NOOVFL(14) __VERCORS_NOOVFL(15)
__VERCORS_NOOVFL(16) __VERCORS_NOOVFL(17) __VERCORS_NOOVFL(18) __VERCORS_NOOVFL(19) __VERCORS_NOOVFL(20)
#undef __VERCORS_NOOVFL
#undef __VERCORS_ARGS_1
#undef __VERCORS_ARGS_2
#undef __VERCORS_ARGS_3
#undef __VERCORS_ARGS_4
#undef __VERCORS_ARGS_5
#undef __VERCORS_ARGS_6
#undef __VERCORS_ARGS_7
#undef __VERCORS_ARGS_8
#undef __VERCORS_ARGS_9
#undef __VERCORS_ARGS_10
#undef __VERCORS_ARGS_11
#undef __VERCORS_ARGS_12
#undef __VERCORS_ARGS_13
#undef __VERCORS_ARGS_14
#undef __VERCORS_ARGS_15
#undef __VERCORS_ARGS_16
#undef __VERCORS_ARGS_17
#undef __VERCORS_ARGS_18
#undef __VERCORS_ARGS_19
#undef __VERCORS_ARGS_20

/* Uninterpreted functions: declared, never defined, so nothing is known of them but
 * their type and that, as GPUVerify reads them (its header makes NAME call a function
 * that its translator keeps uninterpreted), the same arguments give the same result
 * and no memory is touched: C's `const` attribute says exactly that. */
#define DECLARE_UF_UNARY(NAME, A, R) __VERCORS_SPEC R __attribute__((const)) NAME(A);
#define DECLARE_UF_BINARY(NAME, A, B, R) __VERCORS_SPEC R __attribute__((const)) NAME(A, B);

/* Helpers GPUVerify defines by their arithmetic. */
#define __is_pow2(x) ((((x) & ((x) - 1)) == 0))
#define __mod_pow2(x, y) (((y) - 1) & (x))
/* An axiom: a fact about the kernel's constants, as a function of no arguments. */
#define __VERCORS_AXIOM_NAME(n) __VERCORS_AXIOM_NAME2(__axiom, n)
#define __VERCORS_AXIOM_NAME2(a, n) a##n
#define __axiom(e) __VERCORS_SPEC bool __VERCORS_AXIOM_NAME(__COUNTER__)(void) { return (e); }

#endif
