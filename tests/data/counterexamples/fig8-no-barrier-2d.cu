//:: verdict fails perm
//:: note A 2-D twin of fig8-no-barrier.cu: each thread writes its cell of a row-major tile, then reads the cell of the thread one row down. The race needs two rows and nothing more: the counterexample's block is 1 x 2.
/*@
  context_everywhere gsize.z == 1 && ngroups == 1;
  context_everywhere \length(a) == gsize && \length(b) == gsize;
  requires Perm(a[lid.y * gsize.x + lid.x], write) ** Perm(b[lid.y * gsize.x + lid.x], write);
  ensures  Perm(b[lid.y * gsize.x + lid.x], write);
@*/
__global__ void demo(int *a, int *b) {
  unsigned int row = (threadIdx.y + 1) % blockDim.y;
  a[threadIdx.y * blockDim.x + threadIdx.x] = threadIdx.x;
  b[threadIdx.y * blockDim.x + threadIdx.x] = a[row * blockDim.x + threadIdx.x]; //! perm.read
}
