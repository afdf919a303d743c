//--local_size=4 --num_groups=2
// An unsigned counter (`k = (k + 1) % 2^32` once mapped) counts up: a row of n cells per
// work-item, rows n apart.
__kernel void rows(__global float *a, const uint n) {
  for (uint k = 0; k < n; k++) {
    a[get_global_id(0) * n + k] = 0.0f;
  }
}
