/* What OpenCL C gives a kernel, for gcc (-x c): the work-item functions read from the
 * oracle's runtime, barrier() with the real values of the fence flags (the runtime
 * orders only the memory they name), half as the 2-byte _Float16, the address-space
 * qualifiers. A __local variable is static in the section `oracle_shared` (one copy
 * per group: the runtime clears it before each group); a __local pointer is a plain
 * pointer: the oracle rewrites that use of the qualifier to __oracle_local_ptr before
 * compiling (the qualifier alone cannot say which of the two it is). */
#ifndef ORACLE_OPENCL_STUB_H
#define ORACLE_OPENCL_STUB_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <tgmath.h>
#include "oracle_annotations.h"
#include "oracle_atomics.h"

unsigned oracle_id(int which, int dim);
void oracle_barrier(unsigned flags);

typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef _Float16 half;

#define get_local_id(d) ((size_t)oracle_id(0, (d)))
#define get_group_id(d) ((size_t)oracle_id(1, (d)))
#define get_local_size(d) ((size_t)oracle_id(2, (d)))
#define get_num_groups(d) ((size_t)oracle_id(3, (d)))
/* The launch's global offset (the header's --global_offset=, passed as defines by the
 * oracle), which get_global_id includes (OpenCL C 1.2, 6.12.1); 0 for a dimension
 * beyond the third. */
#ifndef ORACLE_GLOBAL_OFFSET_0
#define ORACLE_GLOBAL_OFFSET_0 0
#endif
#ifndef ORACLE_GLOBAL_OFFSET_1
#define ORACLE_GLOBAL_OFFSET_1 0
#endif
#ifndef ORACLE_GLOBAL_OFFSET_2
#define ORACLE_GLOBAL_OFFSET_2 0
#endif
#define get_global_offset(d) ((size_t)((d) == 0 ? ORACLE_GLOBAL_OFFSET_0 : (d) == 1 ? ORACLE_GLOBAL_OFFSET_1 \
                                       : (d) == 2 ? ORACLE_GLOBAL_OFFSET_2 : 0))
#define get_global_id(d) (get_group_id(d) * get_local_size(d) + get_local_id(d) + get_global_offset(d))
#define get_global_size(d) (get_num_groups(d) * get_local_size(d))
#define get_work_dim() ((uint)oracle_id(4, 0))

#define CLK_LOCAL_MEM_FENCE 1
#define CLK_GLOBAL_MEM_FENCE 2
#define CLK_IMAGE_MEM_FENCE 4
#define barrier(flags) oracle_barrier((unsigned)(flags))
#define work_group_barrier(flags, ...) oracle_barrier((unsigned)(flags))
#define mem_fence(flags) ((void)(flags))
#define read_mem_fence(flags) ((void)(flags))
#define write_mem_fence(flags) ((void)(flags))

#define __kernel
#define kernel
#define __global
#define global
#define __constant const
#define constant const
#define __private
#define private
#define __local static __attribute__((section("oracle_shared")))
#define local static __attribute__((section("oracle_shared")))
#define __oracle_local_ptr

/* Asynchronous copies (6.12.10), as one execution OpenCL allows: the group's first
 * work-item moves every element when it calls the copy, in the barrier interval of the
 * call (the runtime runs the work-items of a group in turn, the first first, so the copy
 * is complete before any other reaches its wait). The stride of a strided copy is on the
 * global side: the source of a copy into local memory. An event is a number that names
 * no copy of its own; a wait and a prefetch do nothing more. */
typedef size_t event_t;
int oracle_is_local(const volatile void *p);
#define async_work_group_strided_copy(dst, src, n, stride, event) ({ \
    __typeof__(&*(dst)) _od = (dst); __typeof__(&*(src)) _os = (src); \
    size_t _on = (n), _ostride = (stride); event_t _oe = (event); \
    if (get_local_id(0) == 0 && get_local_id(1) == 0 && get_local_id(2) == 0) { \
        int _oin = oracle_is_local(_od); \
        for (size_t _oi = 0; _oi < _on; _oi++) \
            _od[_oin ? _oi : _oi * _ostride] = _os[_oin ? _oi * _ostride : _oi]; \
    } \
    _oe ? _oe : (event_t)1; })
#define async_work_group_copy(dst, src, n, event) async_work_group_strided_copy(dst, src, n, 1, event)
#define wait_group_events(n, events) ((void)(n), (void)(events))
#define prefetch(p, n) ((void)(p), (void)(n))

#define min(a, b) ({ __typeof__(a) _oa = (a); __typeof__(b) _ob = (b); _oa < _ob ? _oa : _ob; })
#define max(a, b) ({ __typeof__(a) _oa = (a); __typeof__(b) _ob = (b); _oa < _ob ? _ob : _oa; })
#define clamp(x, lo, hi) min(max((x), (lo)), (hi))
#define mul24(a, b) ((a) * (b))
#define mad24(a, b, c) ((a) * (b) + (c))
#define mad(a, b, c) ((a) * (b) + (c))

/* Vector types of 2, 4, 8 and 16 components as gcc's generic vectors (same size and
 * component order as OpenCL's; `(int4){a, b, c, d}` and `v[i]` work, swizzles such as
 * `.x` do not), and shuffle/shuffle2 as gcc's __builtin_shuffle, which takes each mask
 * component modulo the number of components it chooses among, as OpenCL takes its low
 * bits. */
#define ORACLE_VECTORS(T, NAME) \
  typedef T NAME##2 __attribute__((vector_size(2 * sizeof(T)))); \
  typedef T NAME##4 __attribute__((vector_size(4 * sizeof(T)))); \
  typedef T NAME##8 __attribute__((vector_size(8 * sizeof(T)))); \
  typedef T NAME##16 __attribute__((vector_size(16 * sizeof(T))));
ORACLE_VECTORS(char, char)
ORACLE_VECTORS(uchar, uchar)
ORACLE_VECTORS(short, short)
ORACLE_VECTORS(ushort, ushort)
ORACLE_VECTORS(int, int)
ORACLE_VECTORS(uint, uint)
ORACLE_VECTORS(long, long)
ORACLE_VECTORS(ulong, ulong)
ORACLE_VECTORS(float, float)
#undef ORACLE_VECTORS
/* Variadic: a compound literal's commas are not between parentheses. */
#define shuffle(...) __builtin_shuffle(__VA_ARGS__)
#define shuffle2(...) __builtin_shuffle(__VA_ARGS__)
#endif
