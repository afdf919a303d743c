//:: verdict fails assert
//--blockDim=4 --gridDim=2
// The twin of gvlog-helper-ok.cu: after the first call the log of c may hold its write,
// so the second call's precondition may not hold; a double's offset is not its index.
__device__ void put(char *c, char v) {
  __requires(__no_write(c)); //! assert.failed
  c[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

/*@
  context_everywhere \length(c) == tcount && \length(d) == ngroups;
  requires Perm(c[tid], write) ** (lid == 0 ==> Perm(d[gid], write));
@*/
__global__ void k(char *c, double *d) {
  put(c, 1);
  if (threadIdx.x == 0) {
    d[blockIdx.x] = 1.0;
  }
  __assert(__write_implies(d, __write_offset_bytes(d) == blockIdx.x)); //! assert.failed
  put(c, 2);
}
