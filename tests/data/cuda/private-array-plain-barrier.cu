//:: verdict verified
// A plain barrier hands in every shared permission, but a thread's private array stays its own.
/*@ requires true; @*/
__global__ void k() {
  int t[2];
  t[0] = 1;
  __syncthreads();
  t[1] = t[0];
}
