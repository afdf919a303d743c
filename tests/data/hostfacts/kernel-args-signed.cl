//--local_size=2 --num_groups=1 --kernel-args=foo,0xffffffff,0xffffffff
// The same bit pattern is -1 for an int and 4294967295 for a uint: x < 0 holds and y < 0u never
// does, so A is written once per work-item and B[0] by every work-item.
kernel void foo(local int *A, local int *B, int x, uint y) {
  if (x < 0) {
    A[get_local_id(0)] = 1;
  } else {
    A[0] = 1;
  }
  if (y > 0u) {
    B[0] = 1;
  } else {
    B[get_local_id(0)] = 1;
  }
}
