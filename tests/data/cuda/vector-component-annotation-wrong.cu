//:: verdict fails post
// The twin of vector-component-annotation.cu whose postcondition reads the wrong field.
struct dims_t { int w; int h; };

/*@
  context_everywhere \length(a) == gsize * ngroups;
  requires d.x == 3 && d.y == 4 && s.h == 5 && s.w == 0;
  requires Perm(a[tid], write);
  ensures Perm(a[tid], write);
  ensures a[tid] == d.x + d.y + s.w; //! post.failed
@*/
__global__ void k(int *a, int2 d, dims_t s) {
  a[blockIdx.x * blockDim.x + threadIdx.x] = d.x + d.y + s.h;
}
