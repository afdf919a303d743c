//--local_size=256
// provenance: https://github.com/OpenCL/AMD_APP_samples commit 54da6ca465634e78fc51fc25edf5840467ee2411 path cl/BinarySearch/BinarySearch_Kernels.cl lines 56-76
// project: AMD APP SDK samples (mirror)
// licence: BSD-2-Clause (bench/realcode/LICENSES.md)
// kernel: binarySearch_mulkeys
// host: global = input length / 256, local 256
// verdict: racy: work-item g writes output[i] = g*256 for every key in its range [input[256g], input[256g+255]]; a key equal to values at the end of one range and the start of the next is written by two work-items
// The code below is the original's, verbatim (host code removed).

__kernel void
binarySearch_mulkeys(__global int *keys,
                    __global uint *input,
                    const unsigned int numKeys,
                    __global int *output)
{
    int gid = get_global_id(0);
    int lBound = gid * 256;
    int uBound = lBound + 255;
    //int uBound
    

    for(int i = 0; i < numKeys; i++)
    {
        
        if(keys[i] >= input[lBound] && keys[i] <=input[uBound])
            output[i]=lBound;       
        
    }
    
}
