//pass
//--local_size=4 --num_groups=2
// The twin of sincos-racy.cl: each work-item stores into its own cell.
__kernel void k(__global float *A) {
  sincos((float) get_global_id(0), A + get_global_id(0));
}
