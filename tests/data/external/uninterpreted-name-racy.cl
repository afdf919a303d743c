//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=2
// GPUVerify's naming makes `__uninterpreted_function_h` one function of its argument,
// which may give every work-item the same cell: they all write it.
int __uninterpreted_function_h(int);

__kernel void k(__global int *A) {
  A[__uninterpreted_function_h(get_global_id(0)) & 7] = 1;
}
