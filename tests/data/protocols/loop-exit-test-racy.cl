//:: races racy
// The test that ends a loop with a barrier reads A[0] after the loop's last barrier (or,
// with no iteration, before any): thread 0, done, writes A[0] while another thread may
// still be reading it in that test.
__kernel void k(__local int *A) {
  while (A[0] > 0) {  //! race.data
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (get_local_id(0) == 0) A[0] = 1;  //! race.data
}
