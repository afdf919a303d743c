//--local_size=256
// provenance: https://github.com/OpenCL/AMD_APP_samples commit 54da6ca465634e78fc51fc25edf5840467ee2411 path cl/BinarySearch/BinarySearch_Kernels.cl lines 27-53
// project: AMD APP SDK samples (mirror)
// licence: BSD-2-Clause (bench/realcode/LICENSES.md)
// kernel: binarySearch
// host: global numSubdivisions, local 256; sortedArray[t] = (first, last) value of segment t
// verdict: racy: every work-item whose segment bounds contain findMe writes outputArray[0] = its tid; with repeated values at a segment boundary two work-items write different values
// The code below is the original's, verbatim (host code removed).

__kernel void
binarySearch(        __global uint4 * outputArray,
             __const __global uint2  * sortedArray, 
             const   unsigned int findMe)
{
    unsigned int tid = get_global_id(0);

    /* Then we find the elements  for this thread */
    uint2 element = sortedArray[tid];

    /* If the element to be found does not lie between them, then nothing left to do in this thread */
    if( (element.x > findMe) || (element.y < findMe)) 
    {
        return;
    }
    else
    {
        /* However, if the element does lie between the lower and upper bounds of this thread's searchspace
         * we need to narrow down the search further in this search space 
         */
 
        /* The search space for this thread is marked in the output as being the total search space for the next pass */
        outputArray[0].x = tid;
        outputArray[0].w = 1;

    }
}
