//:: races racy
//--local_size=64 --num_groups=2
// GPUVerify's annotations that the language cannot state are left out (with a warning):
// the loop invariant that denies the write to a[i] and the barrier invariant that claims
// t holds the thread's id are both false, and had either been assumed, a race would hide.
__kernel void k(__global int *a, __global int *out) {
  __local int t[64];
  for (int i = 0;
       __invariant(__write_implies(a, __write_offset_bytes(a) / sizeof(int) == get_global_id(0))),
       i < 4; i++) {
    a[i] = i; //! race.data
  }
  t[get_local_id(0)] = 0;
  __barrier_invariant_1(t[get_local_id(0)] == get_local_id(0), get_local_id(0));
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_group_id(0) * 64 + t[get_local_id(0)]] = 1; //! race.data
}
