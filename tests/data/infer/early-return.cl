// `if (c) return;` before the accesses: the rest is read as guarded by !c.
__kernel void clip(__global int *a, const int n) {
  if (get_global_id(0) >= n) return;
  a[get_global_id(0)] = 0;
}
