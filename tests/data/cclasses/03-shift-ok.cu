//pass
//--blockDim=4 --gridDim=1
// Class 3, the twin of 03-shift-racy.cu: (-5 >> 1) + 4 is 1.
/*@
  context_everywhere ngroups == 1 && \length(a) == gsize;
  requires Perm(a[tid], write);
@*/
__global__ void k(int *a) {
  a[threadIdx.x * ((-5 >> 1) + 4)] = 1;
}
