//:: verdict verified
// File-scope device memory and a __shared__ scalar, written by thread 0 only.
__device__ int total[1];
/*@
  requires lid == 0 && gid == 0 ==> Perm(total[0], write);
  requires lid == 0 ==> Perm(n[0], write);
@*/
__global__ void k() {
  __shared__ int n;
  if (threadIdx.x == 0) {
    n = 1;
    if (blockIdx.x == 0) {
      total[0] = n;
    }
  }
}
