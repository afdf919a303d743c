//pass
//--local_size=4 --num_groups=2
// The twin of uninterpreted-name-racy.cl: one function, not a new value per call, so
// the same argument gives the same value and each work-item writes its own cell.
int __uninterpreted_function_h(int);

__kernel void k(__global int *A) {
  int v = __uninterpreted_function_h(get_global_id(0));
  A[v == __uninterpreted_function_h(get_global_id(0)) ? get_global_id(0) : 0] = v;
}
