// launch: sizes not fixed by the host (symbolic)
// provenance: https://github.com/OpenCL/AMD_APP_samples commit 54da6ca465634e78fc51fc25edf5840467ee2411 path cl/PrefixSum/PrefixSum_Kernels.cl lines 28-77
// project: AMD APP SDK samples (mirror)
// licence: BSD-2-Clause (bench/realcode/LICENSES.md)
// kernel: group_prefixSum
// host: local = device's kernelWorkGroupSize, global (dataSize+1)/2 rounded up; idxOffset = 1, 2*local, (2*local)^2, ... (>= 1)
// verdict: racy: globalIdx = idxOffset*(2*t + 1) - 1 is computed in 32-bit uint: with the host's idxOffset = (2*local)^k, e.g. local 16 and idxOffset 32^6 = 2^30, run for length >= 2^31 (length / idxOffset > 1), work-items t = 0 and t = 2 of the rounded-up global size both get 2^30 - 1 and both write output[2^30 - 1] (hand-checked from races' witness; race-free only for length < 2^31)
// The code below is the original's, verbatim (host code removed).

__kernel 
void group_prefixSum(__global float * output,
					 __global float * input,
					 __local  float * block,
					 const uint length,
					 const uint idxOffset) {
	int localId = get_local_id(0);
	int localSize = get_local_size(0);
	int globalIdx = get_group_id(0);

	// Cache the computational window in shared memory
	globalIdx = (idxOffset *(2 *(globalIdx*localSize + localId) +1)) - 1;
	if(globalIdx < length)             { block[2*localId]     = input[globalIdx];				}
    if(globalIdx + idxOffset < length) { block[2*localId + 1] = input[globalIdx + idxOffset];	}

	// Build up tree 
	int offset = 1;
	for(int l = length>>1; l > 0; l >>= 1)
	{
	  barrier(CLK_LOCAL_MEM_FENCE);
	  if(localId < l) {
            int ai = offset*(2*localId + 1) - 1;
            int bi = offset*(2*localId + 2) - 1;
            block[bi] += block[ai];
         }
         offset <<= 1;
	}

	if(offset < length) { offset <<= 1; }

	// Build down tree
	int maxThread = offset>>1;
	for(int d = 0; d < maxThread; d<<=1)
    {
		d += 1;
		offset >>=1;
		barrier(CLK_LOCAL_MEM_FENCE);

		if(localId < d) {
			int ai = offset*(localId + 1) - 1;
			int bi = ai + (offset>>1);
		    block[bi] += block[ai];
		}
    }
	barrier(CLK_LOCAL_MEM_FENCE);

    // write the results back to global memory
    if(globalIdx < length)           { output[globalIdx]             = block[2*localId];		}
    if(globalIdx+idxOffset < length) { output[globalIdx + idxOffset] = block[2*localId + 1];	}
}
