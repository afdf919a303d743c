//pass
//--local_size=4 --num_groups=1
// Class 6, the twin of 06-char-sizeof-racy.cl: sizeof('x') / 4 is 1.
__kernel void k(__global int *a) {
  a[get_local_id(0) * (sizeof('x') / 4)] = 1;
}
