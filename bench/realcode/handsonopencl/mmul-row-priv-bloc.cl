//--local_size=64 --num_groups=16
// provenance: https://github.com/HandsOnOpenCL/Exercises-Solutions commit be2fb26d7c478627598ffba369014a4adb57b6f4 path Solutions/Exercise08/C_row_priv_bloc.cl lines 2-31
// project: Hands On OpenCL
// licence: CC-BY-3.0 (bench/realcode/LICENSES.md)
// kernel: mmul
// host: global N, local ORDER/16 = 64, N = ORDER = 1024 (so i < N holds for every work-item)
// verdict: race-free: Bwrk[k] for k = iloc, iloc+nloc, ... written between barriers, read after; the barriers are under i < N, uniform since global = N
// The code below is the original's, verbatim (host code removed).

__kernel void mmul(
    const int N,
    __global float* A,
    __global float* B,
    __global float* C,
    __local float* Bwrk)
{
    int k, j;
    int i    = get_global_id(0);
    int iloc = get_local_id(0);
    int nloc = get_local_size(0);
    float Awrk[1024];
    float tmp;
    if (i < N) {
        for (k = 0; k < N; k++)
            Awrk[k] = A[i*N+k];

        for (j = 0; j < N; j++) {
            barrier(CLK_LOCAL_MEM_FENCE);
            for (k = iloc; k < N; k += nloc)
                Bwrk[k] = B[k*N+j];
            barrier(CLK_LOCAL_MEM_FENCE);
            tmp = 0.0f;
            for (k = 0; k < N; k++)
                tmp += Awrk[k] * Bwrk[k];
            C[i*N+j] = tmp;
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
}
