"""What the built-in headers (include/) and clang's OpenCL built-ins declare that the
mapping gives a meaning of its own: thread and group ids and sizes, barriers and their
fences, GPUVerify's annotation functions, the integer functions with an exact meaning,
the families that are refused (atomics, warp functions), and the platform's limits.

A call or name is one of these only when clang resolved it to a declaration of a
header, never of the kernel's file (`CALL_EXPR.referenced`): a helper of the kernel
that happens to be called `min` is the kernel's own.  Their types, and the values of
constants such as `CLK_LOCAL_MEM_FENCE` or `warpSize`, are clang's.
"""
from __future__ import annotations

from ..syntax import ast as A

# The reserved name each id or size maps to (one dimension; `lid.x`, ... in three).
CUDA_VECTORS = {"threadIdx": "lid", "blockIdx": "gid", "blockDim": "gsize", "gridDim": "ngroups"}
CUDA_FIELDS = {"x": 0, "y": 1, "z": 2}
OPENCL_FUNCTIONS = {"get_local_id": "lid", "get_group_id": "gid", "get_local_size": "gsize",
                    "get_num_groups": "ngroups", "get_global_id": "tid", "get_global_size": "tcount"}
OPENCL_WORK_DIM = "get_work_dim"

# CUDA's limits, the same on every device since compute capability 3.0: at most 1024
# threads per block (64 along z) and 2^31 - 1 blocks along x, 65535 along y and z.
CUDA_MAX_BLOCK = 1024
CUDA_MAX_BLOCK_Z = 64
CUDA_MAX_GRID_X = 2**31 - 1
CUDA_MAX_GRID_YZ = 65535
SIZE_T_MAX = 2**64 - 1         # OpenCL's ids and sizes are size_t values (spir64)

BARRIERS_CUDA = {"__syncthreads"}
BARRIERS_OPENCL = {"barrier", "work_group_barrier"}
# OpenCL's fence flags, by the bits the specification gives them (the header's values).
FENCE_BITS = {1: A.Fence.LOCAL, 2: A.Fence.GLOBAL}      # 4, images: no memory of ours

# GPUVerify's annotation functions that have a counterpart here.
GPUVERIFY_CLAUSES = {"__requires": A.ClauseKind.REQUIRES, "__ensures": A.ClauseKind.ENSURES,
                     "__global_requires": A.ClauseKind.REQUIRES, "__global_ensures": A.ClauseKind.ENSURES,
                     "__function_wide_invariant": A.ClauseKind.LOOP_INVARIANT}
# Guesses for GPUVerify's invariant inference, which drops those it cannot prove: left
# out (an invariant that is not stated is not assumed either).
GPUVERIFY_CANDIDATES = {"__candidate_invariant", "__candidate_global_invariant",
                        "__function_wide_candidate_invariant"}
GPUVERIFY_STATEMENTS = {"__assert": A.Assert, "__assume": A.Assume, "__global_assert": A.Assert}
GPUVERIFY_INVARIANTS = {"__invariant", "__global_invariant"}
GPUVERIFY_IMPLIES = "__implies"
GPUVERIFY_ENABLED = "__enabled"
GPUVERIFY_RETURN_VAL = "__return_val_"

# Integer functions with an exact meaning.
INT_MIN_MAX = {"min": "<", "max": ">", "umin": "<", "umax": ">"}
SATURATING = {"add_sat": "+", "sub_sat": "-"}

WARP_PREFIXES = ("__shfl", "__ballot", "__any", "__all", "__syncwarp", "__activemask",
                 "__match", "__reduce", "sub_group_", "__syncthreads_")


def is_atomic(name: str) -> bool:
    return name.startswith(("atomic", "atom_", "__atomic"))


def is_warp(name: str) -> bool:
    return name.startswith(WARP_PREFIXES)
