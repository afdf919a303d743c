//:: verdict fails assert
// GPUVerify's `__assert(!__write(p))` speaks of the access log, ghost state of the body
// here (cfamily/access_log.py): after the write the log may hold it.  An invariant using
// it only helps a proof and is left out with a warning (gpuverify-invariant-access-log.cu);
// the assertions about the log that hold are in gvlog-read-ok.cl.
/*@
  context_everywhere \length(p) == tcount;
  requires Perm(p[tid], write);
@*/
__global__ void k(int *p) {
  p[blockIdx.x * blockDim.x + threadIdx.x] = 0;
  __assert(!__write(p)); //! assert.failed
}
