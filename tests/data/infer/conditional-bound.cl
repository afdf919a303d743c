//--local_size=8 --num_groups=4
// The last group's work-items do m cells each, the others n: rows n apart, so race-free
// when the host gives 0 <= m <= n (and n <= 1024: no wrap of the index); the loop's
// bound is a conditional.
__kernel void rows(__global int *a, const int m, const int n) {
  int hi = get_group_id(0) == get_num_groups(0) - 1 ? m : n;
  for (int i = 0; i < hi; i++) {
    a[get_global_id(0) * n + i] = i;
  }
}
