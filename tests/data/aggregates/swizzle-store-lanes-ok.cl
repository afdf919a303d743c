//pass
//--local_size=4 --num_groups=2
// Two threads share an int4: the even one writes its lanes 0 and 1 (.lo), the odd one
// lanes 2 and 3 (.hi), through a swizzle assignment to global memory.
__kernel void k(__global int4 *p) {
  int i = get_global_id(0);
  if (i % 2 == 0)
    p[i / 2].lo = (int2)(i, -i);
  else
    p[i / 2].hi = (int2)(i, -i);
}
