// Every work-item but the last swaps its cell with the next one: neighbours share one.
__kernel void swap(__global int *a)
{
  int i = get_global_id(0);
  int j = -1;
  if (i + 1 < get_global_size(0)) j = i + 1;
  if (j != -1) {
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}
