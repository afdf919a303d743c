//:: verdict verified
// CUDA's `int2` and a struct of the file: annotations name their fields as C does.
struct dims_t { int w; int h; };

/*@
  context_everywhere \length(a) == gsize * ngroups;
  requires d.x == 3 && d.y == 4 && s.h == 5;
  requires Perm(a[tid], write);
  ensures Perm(a[tid], write);
  ensures a[tid] == 12;
@*/
__global__ void k(int *a, int2 d, dims_t s) {
  a[blockIdx.x * blockDim.x + threadIdx.x] = d.x + d.y + s.h;
}
