//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=2
// A call of a function without a body evaluates its arguments: A[lid + 1] is read
// where the neighbour writes it.
void use(int);

__kernel void k(__local int *A) {
  A[get_local_id(0)] = 0;
  use(A[get_local_id(0) + 1]);
}
