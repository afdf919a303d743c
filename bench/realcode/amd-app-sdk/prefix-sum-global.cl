// launch: sizes not fixed by the host (symbolic)
// provenance: https://github.com/OpenCL/AMD_APP_samples commit 54da6ca465634e78fc51fc25edf5840467ee2411 path cl/PrefixSum/PrefixSum_Kernels.cl lines 88-103
// project: AMD APP SDK samples (mirror)
// licence: BSD-2-Clause (bench/realcode/LICENSES.md)
// kernel: global_prefixSum
// host: local = kernelWorkGroupSize; offset = 2*local, ... (>= 2)
// verdict: race-free: writes only cells with (i+1) % offset != 0 and reads only cells with (i+1) % offset == 0
// The code below is the original's, verbatim (host code removed).

__kernel
void global_prefixSum(__global float * buffer,
                      const uint offset,
					  const uint length) {
	int localSize = get_local_size(0);
    int groupIdx  = get_group_id(0);

	int sortedLocalBlocks = offset / localSize;		// sorted groups per block
	// Map the gids to unsorted local blocks.
	int gidToUnsortedBlocks = groupIdx + (groupIdx / ((offset<<1) - sortedLocalBlocks) +1) * sortedLocalBlocks;

	// Get the corresponding global index
    int globalIdx = (gidToUnsortedBlocks*localSize + get_local_id(0));
	if(((globalIdx+1) % offset != 0) && (globalIdx < length))
		buffer[globalIdx] += buffer[globalIdx - (globalIdx%offset + 1)];
}
