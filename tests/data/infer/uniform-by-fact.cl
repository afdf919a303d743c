// Rows of C: each work-item its own, with a column of B staged in local memory by the
// group between barriers (handsonopencl/mmul-row-priv-bloc.cl in small).  The barriers
// are under `i < N`, which reads the work-item's id: uniform only because the host
// launches N work-items in all (`--assume 'N == tcount.x'`), so that every work-item
// takes the branch; with `N == tcount.x - 1` the last group splits (tests/infer/test_c_files.py).
__kernel void rows(const int N, __global const float *B, __global float *C, __local float *w)
{
  int j, k;
  int i = get_global_id(0);
  int l = get_local_id(0);
  int n = get_local_size(0);
  if (i < N) {
    for (j = 0; j < N; j++) {
      barrier(CLK_LOCAL_MEM_FENCE);
      for (k = l; k < N; k += n)
        w[k] = B[k * N + j];
      barrier(CLK_LOCAL_MEM_FENCE);
      C[i * N + j] = w[j];
    }
  }
}
