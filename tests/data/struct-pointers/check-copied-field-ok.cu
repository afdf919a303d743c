//pass
//--blockDim=4 --gridDim=1
// `check`: the copy t of s points where s pointed, so writing through t.p writes a.
struct S { int *p; int n; };

/*@
  context_everywhere \length(a) == gsize;
  requires Perm(a[tid], write);
  ensures Perm(a[tid], write) ** a[tid] == 7;
@*/
__global__ void k(int *a, int *b) {
  S s;
  s.p = a;
  s.n = 7;
  S t = s;
  s.p = b;
  t.p[threadIdx.x] = t.n;
}
