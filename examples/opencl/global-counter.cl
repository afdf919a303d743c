//--local_size=64 --num_groups=4
//:: cmd races
//:: verdict race-free
//:: note The OpenCL form of cuda/global-counter.cu: every work-item whose input is positive increments one global counter with atomic_inc. Two atomics on one cell are no race.
/*@ context_everywhere \length(a) == tcount && \length(count) == 1; @*/
__kernel void count_positive(__global const int *a, volatile __global unsigned int *count) {
  size_t i = get_global_id(0);
  if (a[i] > 0)
    atomic_inc(count);
}
