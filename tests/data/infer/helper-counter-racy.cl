// Racy twin of helper-counter.cl: every work-item writes a[0..4) in the helper's loop.
void fill(__global int *p, int n)
{
  int i;
  for (i = 0; i < n; i++) {
    p[i] = 0;
  }
}

__kernel void k(__global int *a, __global int *b)
{
  int i = get_global_id(0);
  fill(a, 4);
  b[i] = i;
}
