//pass
//--local_size=4 --num_groups=2
// The twin of bodiless-argument-racy.cl: each work-item reads the cell it wrote.
void use(int);

__kernel void k(__local int *A) {
  A[get_local_id(0)] = 0;
  use(A[get_local_id(0)]);
}
