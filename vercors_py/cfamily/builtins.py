"""What `cuda.h` and OpenCL C provide, as the mapping needs it: the thread and group ids
and sizes per dimension, the barriers and their fences, and the names the front end
recognises in order to refuse them (atomics, warp intrinsics) or to treat them as
uninterpreted (floating-point maths).
"""
from __future__ import annotations

import enum

from ..syntax import ast as A
from . import ctypes as C


class Quantity(enum.Enum):
    LOCAL_ID = "local id"
    GROUP_ID = "group id"
    LOCAL_SIZE = "local size"
    NUM_GROUPS = "number of groups"
    GLOBAL_ID = "global id"
    GLOBAL_SIZE = "global size"


CUDA_VECTORS: dict[str, Quantity] = {
    "threadIdx": Quantity.LOCAL_ID, "blockIdx": Quantity.GROUP_ID,
    "blockDim": Quantity.LOCAL_SIZE, "gridDim": Quantity.NUM_GROUPS,
}
CUDA_FIELDS = {"x": 0, "y": 1, "z": 2}

OPENCL_FUNCTIONS: dict[str, Quantity] = {
    "get_local_id": Quantity.LOCAL_ID, "get_group_id": Quantity.GROUP_ID,
    "get_local_size": Quantity.LOCAL_SIZE, "get_num_groups": Quantity.NUM_GROUPS,
    "get_global_id": Quantity.GLOBAL_ID, "get_global_size": Quantity.GLOBAL_SIZE,
}

OPENCL_WORK_DIM = "get_work_dim"

# The C type of the built-ins: CUDA's uint3/dim3 components, OpenCL's size_t.
CUDA_TYPE = C.UINT
OPENCL_TYPE = C.SIZE_T

# One dimension: the quantities are the language's reserved names.
RESERVED: dict[Quantity, str] = {
    Quantity.LOCAL_ID: "lid", Quantity.GROUP_ID: "gid", Quantity.LOCAL_SIZE: "gsize",
    Quantity.NUM_GROUPS: "ngroups", Quantity.GLOBAL_ID: "tid", Quantity.GLOBAL_SIZE: "tcount",
}

# CUDA's limits, the same on every device since compute capability 3.0: at most 1024
# threads per block (64 along z) and 2^31 - 1 blocks along x, 65535 along y and z
# (docs/cfamily.md, "Launch configuration").
CUDA_MAX_BLOCK = 1024
CUDA_MAX_BLOCK_Z = 64
CUDA_MAX_GRID_X = 2**31 - 1
CUDA_MAX_GRID_YZ = 65535

BARRIERS_CUDA = {"__syncthreads"}
BARRIERS_OPENCL = {"barrier", "work_group_barrier"}
# Their values in OpenCL's headers, for code that stores them in a variable.
FENCE_FLAG_VALUES = {"CLK_LOCAL_MEM_FENCE": 1, "CLK_GLOBAL_MEM_FENCE": 2, "CLK_IMAGE_MEM_FENCE": 4}
# Floating-point constants of math.h / OpenCL C, uninterpreted like other float literals.
FLOAT_CONSTANTS = {"INFINITY": "float", "NAN": "float", "FLT_MAX": "float", "FLT_MIN": "float",
                   "FLT_EPSILON": "float", "DBL_MAX": "double", "HUGE_VALF": "float", "MAXFLOAT": "float"}
FENCE_FLAGS = {
    "CLK_LOCAL_MEM_FENCE": (A.Fence.LOCAL,),
    "CLK_GLOBAL_MEM_FENCE": (A.Fence.GLOBAL,),
    "CLK_IMAGE_MEM_FENCE": (),
}

# GPUVerify's annotation functions that have a counterpart here.
# `__global_requires(e)` is a precondition of every thread, which is what a thread
# contract's `requires` is; a function-wide invariant is an invariant of each of its loops.
GPUVERIFY_CLAUSES = {"__requires": A.ClauseKind.REQUIRES, "__ensures": A.ClauseKind.ENSURES,
                     "__global_requires": A.ClauseKind.REQUIRES, "__global_ensures": A.ClauseKind.ENSURES,
                     "__function_wide_invariant": A.ClauseKind.LOOP_INVARIANT}
# Guesses for GPUVerify's invariant inference, which drops those it cannot prove: left
# out here (an invariant that is not stated is not assumed either).
GPUVERIFY_CANDIDATES = {"__candidate_invariant", "__candidate_global_invariant"}
GPUVERIFY_STATEMENTS = {"__assert": A.Assert, "__assume": A.Assume, "__global_assert": A.Assert}
GPUVERIFY_IMPLIES = "__implies"
GPUVERIFY_ENABLED = "__enabled"
GPUVERIFY_RETURN_VAL = "__return_val_"
# GPUVerify's global invariant is stated of every thread, which is what a loop invariant is.
GPUVERIFY_INVARIANTS = {"__invariant", "__global_invariant"}

# CUDA's warpSize: 32 on every NVIDIA GPU.
CUDA_WARP_SIZE = "warpSize"
WARP_SIZE = 32

WARP_PREFIXES = ("__shfl", "__ballot", "__any", "__all", "__syncwarp", "__activemask",
                 "__match", "__reduce", "sub_group_")


def is_atomic(name: str) -> bool:
    return name.startswith(("atomic", "atom_", "__atomic"))


def is_warp(name: str) -> bool:
    return name.startswith(WARP_PREFIXES)


# Floating-point functions without effects: uninterpreted, which is all that race
# freedom needs (a verdict holds for every interpretation, so for the real one).
FLOAT_FUNCTIONS = frozenset("""
sqrt sqrtf rsqrt rsqrtf cbrt cbrtf exp expf exp2 exp2f exp10 exp10f expm1 expm1f log logf
log2 log2f log10 log10f log1p log1pf pow powf sin sinf cos cosf tan tanf asin asinf acos acosf
atan atanf atan2 atan2f sinh sinhf cosh coshf tanh tanhf fabs fabsf floor floorf ceil ceilf
round roundf trunc truncf fmod fmodf fmin fminf fmax fmaxf fma fmaf hypot hypotf erf erff
__expf __exp10f __logf __sinf __cosf __tanf __powf __fdividef __saturatef __fsqrt_rn __fmul_rn __fadd_rn mad
native_sqrt native_rsqrt native_exp native_log native_sin native_cos native_divide
native_recip native_powr half_sqrt half_exp half_log mix clamp_float
""".split())

# Integer helpers with an exact meaning: mapped to conditionals.
INT_MIN_MAX = {"min": "<", "max": ">", "umin": "<", "umax": ">"}
SATURATING = {"add_sat": "+", "sub_sat": "-"}
