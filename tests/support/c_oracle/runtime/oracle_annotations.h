/* GPUVerify's annotation functions, evaluated where they stand (C and C++).
 * Assertions and invariants are checked in the thread that reaches them; preconditions
 * of the kernel and assumptions mark a launch the kernel does not allow (the runtime
 * tells a kernel's __requires from a helper's by the call depth). Postconditions and
 * candidate invariants are not evaluated: their argument is dropped unread, so the
 * oracle may miss a false one, never invent one. */
#ifndef ORACLE_ANNOTATIONS_H
#define ORACLE_ANNOTATIONS_H
#ifdef __cplusplus
extern "C" {
#endif
void oracle_assert(int ok);
void oracle_assume(int ok);
void oracle_require(int ok);
#ifdef __cplusplus
}
#endif
#define __assert(e) oracle_assert((e) ? 1 : 0)
#define __global_assert(e) oracle_assert((e) ? 1 : 0)
#define __invariant(e) oracle_assert((e) ? 1 : 0)
#define __global_invariant(e) oracle_assert((e) ? 1 : 0)
#define __requires(e) oracle_require((e) ? 1 : 0)
#define __global_requires(e) oracle_require((e) ? 1 : 0)
#define __assume(e) oracle_assume((e) ? 1 : 0)
#define __ensures(e) ((void)0)
#define __global_ensures(e) ((void)0)
#define __candidate_invariant(e) ((void)0)
#define __candidate_global_invariant(e) ((void)0)
#define __function_wide_invariant(e) ((void)0)
#define __function_wide_candidate_invariant(e) ((void)0)
#define __implies(a, b) (!(a) || (b))
#define __enabled() 1
#endif
