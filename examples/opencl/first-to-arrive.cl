//--local_size=64 --num_groups=4
//:: cmd races
//:: verdict race-free
//:: note The OpenCL form of cuda/first-to-arrive.cu: atomic_cmpxchg(flag, 0, 1) returns 0 to one work-item of the whole launch, which alone writes the result cell.
/*@ context_everywhere \length(a) == tcount && \length(flag) == 1 && \length(winner) == 1; @*/
__kernel void first_negative(__global const int *a, volatile __global int *flag, __global int *winner) {
  size_t i = get_global_id(0);
  if (a[i] < 0 && atomic_cmpxchg(flag, 0, 1) == 0)
    *winner = (int)i;
}
