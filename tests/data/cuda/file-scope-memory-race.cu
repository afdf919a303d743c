//:: verdict fails perm
// The twin of file-scope-memory.cu where thread 0 of every block writes total[0].
__device__ int total[1];
/*@ requires lid == 0 && gid == 0 ==> Perm(total[0], write); @*/
__global__ void k() {
  if (threadIdx.x == 0) {
    total[0] = 1; //! perm.write
  }
}
