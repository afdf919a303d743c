//--local_size=256
// provenance: https://github.com/OpenCL/AMD_APP_samples commit 54da6ca465634e78fc51fc25edf5840467ee2411 path cl/FastWalshTransform/FastWalshTransform_Kernels.cl lines 20-37
// project: AMD APP SDK samples (mirror)
// licence: BSD-2-Clause (bench/realcode/LICENSES.md)
// kernel: fastWalshTransform
// host: local 256, global length/2; step = 1, 2, 4, ... < length (step >= 1)
// verdict: race-free: butterfly: work-item t owns pair = 2*step*(t/step) + t%step and pair+step, disjoint for step >= 1
// The code below is the original's, verbatim (host code removed).

__kernel 
void fastWalshTransform(__global float * tArray,
                        __const  int   step 
                       )
{
		unsigned int tid = get_global_id(0);
		
        const unsigned int group = tid%step;
        const unsigned int pair  = 2*step*(tid/step) + group;

        const unsigned int match = pair + step;
        
        float T1          = tArray[pair];
        float T2          = tArray[match];
       
        tArray[pair]             = T1 + T2; 
        tArray[match]            = T1 - T2;
}
