//--num_groups=1
// provenance: https://github.com/OpenCL/AMD_APP_samples commit 54da6ca465634e78fc51fc25edf5840467ee2411 path cl/ScanLargeArrays/ScanLargeArrays_Kernels.cl lines 105-151
// project: AMD APP SDK samples (mirror)
// licence: BSD-2-Clause (bench/realcode/LICENSES.md)
// kernel: prefixSum
// host: one group: local = global = len/2; block_size = len
// verdict: race-free: Hillis-Steele scan: reads into registers, barrier, writes own two cells, barrier
// The code below is the original's, verbatim (host code removed).

__kernel 
void prefixSum(__global float *output, 
                  __global float *input,
              		 __local  float *block,	 // Size : block_size
					const uint block_size)
{
	int tid = get_local_id(0);
	int gid = get_global_id(0);
	int bid = get_group_id(0);
	
    /* Cache the computational window in shared memory */
	block[2*tid]     = input[2*gid];
	block[2*tid + 1] = input[2*gid + 1];
        barrier(CLK_LOCAL_MEM_FENCE);

	float cache0 = block[0];
	float cache1 = cache0 + block[1];

    /* build the sum in place up the tree */
	for(int stride = 1; stride < block_size; stride *=2)
	{
		
		if(2*tid>=stride)
		{
			cache0 = block[2*tid-stride]+block[2*tid];
			cache1 = block[2*tid+1-stride]+block[2*tid+1];
		}
		barrier(CLK_LOCAL_MEM_FENCE);

		block[2*tid] = cache0;
		block[2*tid+1] = cache1;

		barrier(CLK_LOCAL_MEM_FENCE);
	}

    /*write the results back to global memory */
	if(tid==0)
	{
		output[2*gid]     = 0;
		output[2*gid+1]   = block[2*tid];
	}
	else
	{
		output[2*gid]     = block[2*tid-1];
		output[2*gid + 1] = block[2*tid];
	}
}
