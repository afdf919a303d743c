/* What OpenCL C 1.2 gives a kernel beyond the language itself, declared for clang's
 * parser.
 *
 * vercors-py parses a .cl file with `-x cl -cl-std=CL1.2 -cl-no-stdinc` and clang's
 * `-fdeclare-opencl-builtins`, and force-includes this file (`-include`).  Clang then
 * declares every built-in function of the OpenCL C specification itself (get_local_id,
 * barrier, the maths, the atomics, vload/vstore, convert_*, async copies, ...; from
 * its OpenCLBuiltins.td) with the specification's overloads, but leaves to a header
 * the types and constants those functions are written in: clang's own opencl-c-base.h,
 * which the libclang wheels do not all ship.  This file is that part, with the values
 * of the specification (OpenCL C 1.2, section 6.1 "Supported data types", 6.12.8
 * "Synchronization functions", 6.12.14 "Image read and write functions").  The
 * language's types (half, bool, event_t, image2d_t, sampler_t) and its address
 * spaces are clang's.
 */
#ifndef VERCORS_OPENCL_BUILTINS_H
#define VERCORS_OPENCL_BUILTINS_H

/* Without a generic address space (OpenCL C 1.2), each built-in taking a pointer has an
 * overload per named address space; clang declares those only under this feature macro,
 * which opencl-c-base.h defines. */
#define __opencl_c_named_address_space_builtins 1

/* The OpenCL version of the device (6.10 "Preprocessor Directives and Macros"), which
 * clang predefines only for some targets. */
#ifndef __OPENCL_VERSION__
#define __OPENCL_VERSION__ 120
#endif

/* Scalar types (6.1.1). */
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;
typedef __INTPTR_TYPE__ intptr_t;
typedef __UINTPTR_TYPE__ uintptr_t;

/* Vector types (6.1.2): n components of a scalar type, n in 2, 3, 4, 8, 16. */
#define __VERCORS_VECTORS(T, NAME)                                  \
  typedef T NAME##2 __attribute__((ext_vector_type(2)));            \
  typedef T NAME##3 __attribute__((ext_vector_type(3)));            \
  typedef T NAME##4 __attribute__((ext_vector_type(4)));            \
  typedef T NAME##8 __attribute__((ext_vector_type(8)));            \
  typedef T NAME##16 __attribute__((ext_vector_type(16)));
__VERCORS_VECTORS(char, char)
__VERCORS_VECTORS(uchar, uchar)
__VERCORS_VECTORS(short, short)
__VERCORS_VECTORS(ushort, ushort)
__VERCORS_VECTORS(int, int)
__VERCORS_VECTORS(uint, uint)
__VERCORS_VECTORS(long, long)
__VERCORS_VECTORS(ulong, ulong)
__VERCORS_VECTORS(float, float)
__VERCORS_VECTORS(double, double)
__VERCORS_VECTORS(half, half)
#undef __VERCORS_VECTORS

/* Fences of barrier() and mem_fence() (6.12.8), as bits. */
typedef uint cl_mem_fence_flags;
#define CLK_LOCAL_MEM_FENCE 0x01
#define CLK_GLOBAL_MEM_FENCE 0x02
#define CLK_IMAGE_MEM_FENCE 0x04

/* Sampler properties (6.12.14.1), as bits of a sampler_t constant. */
#define CLK_ADDRESS_NONE 0
#define CLK_ADDRESS_CLAMP_TO_EDGE 2
#define CLK_ADDRESS_CLAMP 4
#define CLK_ADDRESS_REPEAT 6
#define CLK_ADDRESS_MIRRORED_REPEAT 8
#define CLK_NORMALIZED_COORDS_FALSE 0
#define CLK_NORMALIZED_COORDS_TRUE 1
#define CLK_FILTER_NEAREST 0x10
#define CLK_FILTER_LINEAR 0x20

/* Constants (6.12.2 "Math Constants", 6.12.3 and the limits of 6.1.1). */
#define NULL ((void *)0)
#define MAXFLOAT __FLT_MAX__
#define HUGE_VALF __builtin_huge_valf()
#define HUGE_VAL __builtin_huge_val()
#define INFINITY __builtin_inff()
#define NAN __builtin_nanf("")
#define FLT_MAX __FLT_MAX__
#define FLT_MIN __FLT_MIN__
#define FLT_EPSILON __FLT_EPSILON__
#define DBL_MAX __DBL_MAX__
#define M_PI_F 3.14159274101257f
#define M_PI 3.141592653589793115998
#define CHAR_BIT 8
#define SCHAR_MAX 127
#define SCHAR_MIN (-127 - 1)
#define UCHAR_MAX 255
#define SHRT_MAX 32767
#define SHRT_MIN (-32767 - 1)
#define USHRT_MAX 65535
#define INT_MAX 2147483647
#define INT_MIN (-2147483647 - 1)
#define UINT_MAX 0xffffffffU
#define LONG_MAX 0x7fffffffffffffffL
#define LONG_MIN (-0x7fffffffffffffffL - 1)
#define ULONG_MAX 0xffffffffffffffffUL

#include "gpuverify.h"

#endif
