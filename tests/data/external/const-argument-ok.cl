//pass
//--local_size=4 --num_groups=2
// The twin of const-argument-racy.cl: each work-item reads the cell it wrote.
int f(int) __attribute__((const));

__kernel void k(__local int *A) {
  A[get_local_id(0)] = 0;
  f(A[get_local_id(0)]);
}
