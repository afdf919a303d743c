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

import math

import attrs

from ..semantics.symbols import AXES
from ..syntax import ast as A
from .dialect import Dialect
from . import bodiless

# The reserved name each id or size maps to (one dimension; `lid.x`, ... in three).
CUDA_VECTORS = {"threadIdx": "lid", "blockIdx": "gid", "blockDim": "gsize", "gridDim": "ngroups"}
CUDA_FIELDS = {"x": 0, "y": 1, "z": 2}
OPENCL_FUNCTIONS = {"get_local_id": "lid", "get_group_id": "gid", "get_local_size": "gsize",
                    "get_num_groups": "ngroups", "get_global_id": "tid", "get_global_size": "tcount"}
OPENCL_WORK_DIM = "get_work_dim"
AXIS_NAMES = {"lid", "gid", "gsize", "ngroups", "tid", "tcount"}

# CUDA's limits, the same on every device since compute capability 3.0: at most 1024
# threads per block (64 along z) and 2^31 - 1 blocks along x, 65535 along y and z.
CUDA_MAX_BLOCK = 1024
CUDA_MAX_BLOCK_Z = 64
CUDA_MAX_GRID_X = 2**31 - 1
CUDA_MAX_GRID_YZ = 65535
SIZE_T_MAX = 2**64 - 1         # OpenCL's ids and sizes are size_t values (spir64)

# The launch assumption (docs/cfamily.md, "Arithmetic"): at most 2^31 - 1 threads along
# each dimension.  The platforms allow more (CUDA 2^31 - 1 blocks of 1024), but then
# `blockIdx.x * blockDim.x + threadIdx.x` wraps in 32 bits and every kernel indexed by it
# races; under it the global id never wraps and fits an `int`.  Stated only where the
# launch's own sizes do not settle it, and every verdict that rests on it says so.
MAX_THREADS_PER_DIMENSION = 2**31 - 1
THREADS_ASSUMED = "at most 2^31 - 1 threads per dimension"


def depth_assumed(depth: int) -> str:
    """The part of the phrase that says a kernel is checked for launches of `depth`
    dimensions: the sizes along the axes it never names are 1 (docs/cfamily.md,
    "Dimensions")."""
    beyond = " and ".join(AXES[depth:])
    return f"{depth} dimension{'s' if depth > 1 else ''} (size 1 along {beyond})"


def assumptions(checked_kernels) -> tuple[str, ...]:
    """What the verdicts of a C file's kernels rest on beyond their own facts, once per
    file: the front end's assumptions about the launch (its facts' `assumed` parts, the
    dimensions first, joined into one phrase: "for launches of 2 dimensions (size 1 along
    z) and at most 2^31 - 1 threads per dimension"); and that each function without a
    body whose calls they map accesses no memory (bodiless.py)."""
    parts = dict.fromkeys(fact.assumed for ck in checked_kernels for fact in ck.kernel.contexts if fact.assumed)
    ordered = sorted(parts, key=lambda part: part == THREADS_ASSUMED)
    launch = ("for launches of " + " and ".join(ordered),) if ordered else ()
    return launch + bodiless.assumptions(checked_kernels)


def _dims(sizes, dimensional: bool) -> tuple[int, int, int] | None:
    if sizes is None:
        return None
    if not dimensional:
        return (math.prod(sizes), 1, 1)
    return tuple(sizes) + (1,) * (3 - len(sizes))


def global_sizes(launch, dimensional: bool) -> list[tuple[str, int]]:
    """The global sizes a launch that fixes both its group size and its number of groups
    has: `tcount` and, for a kernel mapped in three dimensions, its components."""
    local, groups = _dims(launch.local, True), _dims(launch.groups, True)
    out = [("tcount", math.prod(local) * math.prod(groups))]
    if dimensional:
        out += [(f"tcount.{axis}", l * g) for axis, l, g in zip(("x", "y", "z"), local, groups)]
    return out


def launch_assumed(launch) -> bool:
    """Whether the launch assumption is stated: not when the launch's fixed sizes imply
    it (both fixed and small enough), nor when they exceed it (those sizes are then the
    launch, and the arithmetic is modelled for them)."""
    local, groups = _dims(launch.local, True), _dims(launch.groups, True)
    fixed = [d for d in (local, groups) if d is not None]
    if any(n > MAX_THREADS_PER_DIMENSION for d in fixed for n in d):
        return False
    if local is not None and groups is not None:
        return False
    return True


@attrs.frozen
class Axis:
    """The ranges of the ids and sizes along one dimension, under the platform's limits,
    the launch's fixed sizes and the launch assumption (if stated)."""
    gsize: tuple[int, int]
    ngroups: tuple[int, int]
    tcount: tuple[int, int]

    @property
    def lid(self) -> tuple[int, int]:
        return 0, self.gsize[1] - 1

    @property
    def gid(self) -> tuple[int, int]:
        return 0, self.ngroups[1] - 1

    @property
    def tid(self) -> tuple[int, int]:
        return 0, self.tcount[1] - 1

    @property
    def offset(self) -> tuple[int, int]:
        """`gid * gsize`: at most `tcount - gsize`."""
        return 0, max(0, self.tcount[1] - self.gsize[0])


def axis(dialect: Dialect, launch, dimensional: bool, d: int) -> Axis:
    local, groups = _dims(launch.local, dimensional), _dims(launch.groups, dimensional)
    if dialect is Dialect.CUDA:
        block = CUDA_MAX_BLOCK if not dimensional or d < 2 else CUDA_MAX_BLOCK_Z
        grid = CUDA_MAX_GRID_X if d == 0 else CUDA_MAX_GRID_YZ
        total = SIZE_T_MAX
    else:
        block = grid = total = SIZE_T_MAX
    if launch_assumed(launch):
        total = MAX_THREADS_PER_DIMENSION
    gsize = (local[d], local[d]) if local is not None else (1, min(block, total))
    ngroups = (groups[d], groups[d]) if groups is not None else (1, min(grid, total // gsize[0]))
    tcount = (gsize[0] * ngroups[0], min(total, gsize[1] * ngroups[1]))
    return Axis(gsize, ngroups, tcount)

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

# Integer functions with an exact meaning.
INT_MIN_MAX = {"min": "<", "max": ">", "umin": "<", "umax": ">"}
SATURATING = {"add_sat": "+", "sub_sat": "-"}

WARP_PREFIXES = ("__shfl", "__ballot", "__any", "__all", "__syncwarp", "__activemask",
                 "__match", "__reduce", "sub_group_", "__syncthreads_")


# The atomic functions that are read (cfamily/atomics.py), by the operation each is;
# CUDA's `_block` and `_system` variants are the same operation with a narrower or
# wider scope of atomicity, which changes nothing for the threads of one launch.
_CUDA_ATOMICS = {"atomicAdd": "add", "atomicSub": "sub", "atomicExch": "exch", "atomicMin": "min",
                 "atomicMax": "max", "atomicInc": "inc_below", "atomicDec": "dec_below", "atomicCAS": "cas",
                 "atomicAnd": "and", "atomicOr": "or", "atomicXor": "xor"}
_OPENCL_ATOMICS = {"add": "add", "sub": "sub", "xchg": "exch", "min": "min", "max": "max", "inc": "inc",
                   "dec": "dec", "cmpxchg": "cas", "and": "and", "or": "or", "xor": "xor"}
ATOMICS = {Dialect.CUDA: {**_CUDA_ATOMICS, **{f"{name}{scope}": op for name, op in _CUDA_ATOMICS.items()
                                              for scope in ("_block", "_system")}},
           Dialect.OPENCL: {f"{prefix}{name}": op for name, op in _OPENCL_ATOMICS.items()
                            for prefix in ("atomic_", "atom_")},
           Dialect.C: {}}


def atomic_operation(dialect: Dialect, name: str | None) -> str | None:
    """The operation of an atomic function that is read (`add`, `cas`, ...), or None."""
    return ATOMICS[dialect].get(name) if name is not None else None


def is_atomic(name: str) -> bool:
    return name.startswith(("atomic", "atom_", "__atomic"))


def is_warp(name: str) -> bool:
    return name.startswith(WARP_PREFIXES)
