//:: verdict rejected unsupported
// Macros in annotations without an exact meaning are refused at their place: one that
// is no integer constant expression (a thread's index, a float, a local variable) and a
// macro called with annotation expressions as its arguments.
#define IDX (blockIdx.x * blockDim.x + threadIdx.x)
#define EPS 1e-6f
#define SQ(x) ((x) * (x))
/*@
  context_everywhere ngroups == 1 && \length(out) == gsize;
  requires Perm(out[tid], write);
  ensures  Perm(out[tid], write);
@*/
__global__ void k(int *out) {
  int v = 3;
#define V v
  out[threadIdx.x] = SQ(v);
  //@ assert IDX == tid; //! unsupported.macro
  //@ assert EPS > 0; //! unsupported.macro
  //@ assert V == 3; //! unsupported.macro
  //@ assert out[tid] == SQ(v); //! unsupported.macro
}
