//:: verdict fails bounds
// Dynamic shared memory: its length is the launch's choice, \length(s), unknown unless
// a contract says it: thread lid may write past its end.
/*@
  requires Perm(s[lid], write); //! distribution.group bounds.perm
@*/
__global__ void k() {
  extern __shared__ int s[];
  s[threadIdx.x] = 1; //! bounds.index
}
