// launch: sizes not fixed by the host (symbolic)
// provenance: https://github.com/KhronosGroup/OpenCL-SDK commit 6f25f5d0571eae335f7fb6f494682dc0b7df546f path samples/core/saxpy/saxpy.cl lines 1-8
// project: Khronos OpenCL-SDK samples
// licence: Apache-2.0 (bench/realcode/LICENSES.md)
// kernel: saxpy
// host: global = length, local chosen by the runtime (NULL)
// verdict: race-free: y[gid] = a*x[gid] + y[gid], one cell per work-item
// The code below is the original's, verbatim (host code removed).

__kernel void saxpy(float a,
                    __global float* x,
                    __global float* y)
{
    int gid = get_global_id(0);

    y[gid] = fma(a, x[gid], y[gid]);
}
