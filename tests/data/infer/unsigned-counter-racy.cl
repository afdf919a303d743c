//--local_size=4 --num_groups=2
// The twin of unsigned-counter.cl: rows of n + 1 cells, n apart, overlap.
__kernel void rows(__global float *a, const uint n) {
  for (uint k = 0; k <= n; k++) {
    a[get_global_id(0) * n + k] = 0.0f;
  }
}
