//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=2
// A call of a `const` function whose value is dropped still evaluates its argument:
// A[lid + 1] is read where the neighbour writes it.
int f(int) __attribute__((const));

__kernel void k(__local int *A) {
  A[get_local_id(0)] = 0;
  f(A[get_local_id(0) + 1]);
}
