// launch: sizes not fixed by the host (symbolic)
// provenance: https://github.com/KhronosGroup/OpenCL-SDK commit 6f25f5d0571eae335f7fb6f494682dc0b7df546f path samples/extensions/khr/histogram/histogram.cl lines 1-71
// project: Khronos OpenCL-SDK samples
// licence: Apache-2.0 (bench/realcode/LICENSES.md)
// kernel: histogram_shared
// host: global = ceil(length/32), items_per_thread = 32, local chosen by the runtime
// verdict: race-free: local bins zeroed in per-work-item ranges, atomic_add into them, barrier, atomic_add into the global histogram
// The code below is the original's, verbatim (host code removed).

uint binary_search(float value, __global float* levels_array, uint bins)
{
    int left_id = 0;
    uint right_id = bins;

    while(left_id < right_id)
    {
        uint mid_id = (left_id + right_id) / 2;
        float level = levels_array[mid_id];
        bool smaller = level <= value;
        left_id = smaller ? mid_id + 1 : left_id;
        right_id = smaller ? right_id : mid_id;
    }

    return max(0, left_id - 1);
}

__kernel void histogram_shared(
    uint input_size,
    uint bins,
    uint items_per_thread,
    __global float* input_array,
    __global float* levels_array,
    __local  uint* block_histogram,
    __global uint* histogram
) {
    size_t gid = get_global_id(0);
    int lid = get_local_id(0);
    uint lsize = get_local_size(0);
    uint channel_per_thread = ( bins + lsize - 1 ) / lsize;

    for(
        uint channel = channel_per_thread * lid;
        channel < min(channel_per_thread * (lid + 1) , bins);
        channel++
    ){
        block_histogram[channel] = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);


    // Histogram calculation on shared memory
    for( uint index = 0; index < items_per_thread; index++ )
    {
        size_t element_index = gid * items_per_thread + index;

        if( element_index < input_size )
        {
            float value = input_array[element_index];
            if( levels_array[0] < value && value < levels_array[bins] )
            {
                uint channel = binary_search(value, levels_array, bins);

                atomic_add(&block_histogram[channel], 1);
            }
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    // Sum up the results to global memory
    for(
        uint channel = channel_per_thread * lid;
        channel < min(channel_per_thread * (lid + 1) , bins);
        channel++
    ){
        if( block_histogram[channel] > 0)
        {
            atomic_add(&histogram[channel], block_histogram[channel]);
        }
    }
}
