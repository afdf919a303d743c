//:: races racy
// loop-entered-race-free.cl with a loop no thread enters (4 < 4 fails): the write before
// it and the read after it meet with no barrier between.
__kernel void k(__local int *p, __global int *out) {
  p[get_local_id(0)] = get_local_id(0);  //! race.data
  for (int i = 4; i < 4; i++) {
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = p[0];  //! race.data
}
