//--local_size=64 --num_groups=4
//:: cmd races
//:: verdict racy
//:: note first-to-arrive.cl with a plain test-and-set instead of atomic_cmpxchg: two work-items can both find the flag 0 and both write the result cell.
/*@ context_everywhere \length(a) == tcount && \length(flag) == 1 && \length(winner) == 1; @*/
__kernel void first_negative(__global const int *a, volatile __global int *flag, __global int *winner) {
  size_t i = get_global_id(0);
  if (a[i] < 0 && *flag == 0) {
    *flag = 1;
    *winner = (int)i;
  }
}
