// Each even work-item swaps its cell with the next one: `j` is chosen by a branch.
__kernel void swap(__global int *a)
{
  int i = get_global_id(0);
  int j = -1;
  if (i % 2 == 0) j = i + 1;
  if (j != -1) {
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}
