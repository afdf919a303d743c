//--local_size=64 --num_groups=4
//:: cmd races
//:: verdict racy
//:: note global-counter.cl with atomic_inc(count) written (*count)++: the passing work-items' plain reads and writes of one cell race, in one group and between groups.
/*@ context_everywhere \length(a) == tcount && \length(count) == 1; @*/
__kernel void count_positive(__global const int *a, volatile __global unsigned int *count) {
  size_t i = get_global_id(0);
  if (a[i] > 0)
    (*count)++;
}
