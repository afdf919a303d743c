//:: verdict verified
//--blockDim=4 --gridDim=2
// The access log counts the accesses of inlined helpers (through their pointer
// parameters, into the caller's arrays) and only those a thread makes (under its
// conditions); a char's offset in bytes is its index, a double's eight times it.  A
// helper's __requires/__ensures about the log are checked at each call.  The twin is
// gvlog-helper-wrong.cu.
__device__ void put(char *c, char v) {
  __requires(__no_write(c));
  __ensures(__write_implies(c, __write_offset_bytes(c) == blockIdx.x * blockDim.x + threadIdx.x));
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
  __assert(__write_implies(d, threadIdx.x == 0 && __write_offset_bytes(d) == blockIdx.x * 8));
  __assert(__no_read(d));
}
