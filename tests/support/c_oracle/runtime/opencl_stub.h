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

#define min(a, b) ({ __typeof__(a) _oa = (a); __typeof__(b) _ob = (b); _oa < _ob ? _oa : _ob; })
#define max(a, b) ({ __typeof__(a) _oa = (a); __typeof__(b) _ob = (b); _oa < _ob ? _ob : _oa; })
#define clamp(x, lo, hi) min(max((x), (lo)), (hi))
#define mul24(a, b) ((a) * (b))
#define mad24(a, b, c) ((a) * (b) + (c))
#define mad(a, b, c) ((a) * (b) + (c))
#endif
