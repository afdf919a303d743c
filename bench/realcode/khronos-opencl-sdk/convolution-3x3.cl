// launch: sizes not fixed by the host (symbolic)
// provenance: https://github.com/KhronosGroup/OpenCL-SDK commit 6f25f5d0571eae335f7fb6f494682dc0b7df546f path samples/core/multi-device/convolution.cl lines 17-52
// project: Khronos OpenCL-SDK samples
// licence: Apache-2.0 (bench/realcode/LICENSES.md)
// kernel: convolution_3x3
// host: global = (out_dim.x, out_dim.y) rounded up, local chosen by the runtime
// verdict: racy: out[gid.y*out_dim.x + gid.x] is indexed in 32-bit uint: the host's x_dim and y_dim are unbounded size_t options, so for outputs of more than 2^32 cells two work-items' indices wrap onto one cell and both write it (hand-checked from races' witness; race-free only for out_dim.x * out_dim.y <= 2^32)
// The code below is the original's, verbatim (host code removed).

kernel void convolution_3x3(const global float* in, global float* out,
                            const global float* mask, const uint2 out_dim)
{
    const uint2 gid = (uint2)(get_global_id(0), get_global_id(1));
    const uint mask_dim = 3;
    const uint pad_width = mask_dim / 2;

    // Padded constants.
    const uint2 in_dim = out_dim + pad_width * 2;

    // Check possible out of bounds.
    if (!(gid.x < out_dim.x && gid.y < out_dim.y))
    {
        return;
    }

    // Perform convolution. Fix one column at a time and iterate over each
    // element of it, as data is stored column-major.
    float result = 0.0f;
    #if __OPENCL_C_VERSION__ >= 200
    __attribute__((opencl_unroll_hint))
    #endif
    for(uint y = 0; y < mask_dim; ++y)
    {
        #if __OPENCL_C_VERSION__ >= 200
        __attribute__((opencl_unroll_hint))
        #endif
        for(uint x = 0; x < mask_dim; ++x)
        {
            result += mask[y * mask_dim + x] * in[(gid.y + y) * in_dim.x + (gid.x + x)];
        }
    }

    // Write result to correspoding output cell.
    out[gid.y * out_dim.x + gid.x] = result;
}
