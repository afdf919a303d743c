//:: races race-free
//--local_size=64 --num_groups=1
// `&` of `&` of comparisons (GPUVerify's misc1): the requirement is the conjunction, so
// offset > 64 keeps A[lid + offset] from every thread's A[lid].
__kernel void k(__local int *A, int offset) {
  __requires(offset >= 0 & offset > get_local_size(0) & offset < 1000000);
  A[get_local_id(0)] = A[get_local_id(0) + offset] - 1;
}
