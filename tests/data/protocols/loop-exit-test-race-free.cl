//:: races race-free
// loop-exit-test-racy.cl with a barrier after the loop: every thread's last test is over
// before thread 0 writes A[0].
__kernel void k(__local int *A) {
  while (A[0] > 0) {
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0) A[0] = 1;
}
