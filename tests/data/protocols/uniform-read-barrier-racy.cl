//:: races racy
// uniform-read-barrier-race-free.cl with thread 1 writing p[0] in the interval where the
// others read it: they may read different values, and the write races with the reads.
__kernel void k(__local int *p, int n) {
  p[get_local_id(0)] = get_local_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 1) p[0] = 22;  //! race.data
  if (p[0] == 22) {  //! race.data
    for (int i = 0; i < n; i++) {
      barrier(CLK_LOCAL_MEM_FENCE);
      p[get_local_id(0)] = -i;
      barrier(CLK_LOCAL_MEM_FENCE);
    }
  }
}
