//--local_size=2 --num_groups=1 --kernel-args=foo,0x00000002
// GPUVerify's --kernel-args gives x the value 3, so only the first branch runs: one cell per
// work-item (here 2: every work-item writes A[0]; kernel-args-pass.cl passes 3).
kernel void foo(local int *A, int x) {
  if (x == 3) {
    A[get_local_id(0)] = 3;
  } else {
    A[0] = get_local_id(0);
  }
}
