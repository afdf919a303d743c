//:: races race-free
//--local_size=64 --num_groups=2
// The twin of gpuverify-ignored-invariant-racy.cl: the annotations are left out as there,
// and each thread writes cells of its own.
__kernel void k(__global int *a, __global int *out) {
  __local int t[64];
  for (int i = 0;
       __invariant(__write_implies(a, __write_offset_bytes(a) / sizeof(int) / 4 == get_global_id(0))),
       i < 4; i++) {
    a[get_global_id(0) * 4 + i] = i;
  }
  t[get_local_id(0)] = get_local_id(0);
  __barrier_invariant_1(t[get_local_id(0)] == get_local_id(0), get_local_id(0));
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_group_id(0) * 64 + get_local_id(0)] = t[get_local_id(0)];
}
