// A helper's loop, inlined into a kernel that has a counter of the same name: the
// helper's `i` is mapped `i'`, and its invariant is written in the helper as `i`, which
// the front end reads there as the helper's (infer/scoped_names.py).  The racy twin
// (helper-counter-racy.cl) writes a[0..4) from every work-item.
void fill(__global int *p, int n)
{
  int i;
  for (i = 0; i < n; i++) {
    p[get_global_id(0) * n + i] = 0;
  }
}

__kernel void k(__global int *a, __global int *b)
{
  int i = get_global_id(0);
  fill(a, 4);
  b[i] = i;
}
