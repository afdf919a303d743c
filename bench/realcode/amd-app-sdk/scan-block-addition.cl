//--local_size=256
// provenance: https://github.com/OpenCL/AMD_APP_samples commit 54da6ca465634e78fc51fc25edf5840467ee2411 path cl/ScanLargeArrays/ScanLargeArrays_Kernels.cl lines 31-48
// project: AMD APP SDK samples (mirror)
// licence: BSD-2-Clause (bench/realcode/LICENSES.md)
// kernel: blockAddition
// host: local blockSize = 256, global len
// verdict: race-free: work-item 0 writes the local value[0], barrier, every work-item reads it and updates output[globalId]
// The code below is the original's, verbatim (host code removed).

__kernel
void blockAddition(__global float* input, __global float* output)
{	
	int globalId = get_global_id(0);
	int groupId = get_group_id(0);
	int localId = get_local_id(0);

	__local float value[1];

	/* Only 1 thread of a group will read from global buffer */
	if(localId == 0)
	{
		value[0] = input[groupId];
	}
	barrier(CLK_LOCAL_MEM_FENCE);

	output[globalId] += value[0];
}
