//pass
//--local_size=4 --num_groups=1
// Class 7, the twin of 07-half-racy.cl: sizeof(half) / 2 is 1.
__kernel void k(__global int *a) {
  a[get_local_id(0) * (sizeof(half) / 2)] = 1;
}
