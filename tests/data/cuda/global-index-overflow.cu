//--blockDim=1024 --gridDim=4194305
//:: verdict fails perm
// A grid of 2^32 + 1024 threads: blockIdx.x * blockDim.x + threadIdx.x wraps around
// in 32 bits, as C defines, for the last block, whose threads then write the cells of
// the first block, whose permissions they do not hold. Sizes this large are the launch
// asked for, so no launch assumption is made (global-index-assumed.cu is the twin).
/*@
  context_everywhere \length(a) == tcount;
  requires Perm(a[tid], write);
@*/
__global__ void k(int *a) {
  a[blockIdx.x * blockDim.x + threadIdx.x] = 0; //! perm.write
}
