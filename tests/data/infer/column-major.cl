//--local_size=[4,4] --num_groups=[2,2]
// Work-item (row, col) scales C[col * M + row]: race-free given the host's M == tcount.x
// (one column per global size); with M smaller two work-items share a cell.
__kernel void scale(const int M, __global float *C) {
  const int row = get_global_id(0);
  const int col = get_global_id(1);
  C[col * M + row] = 2.0f * C[col * M + row];
}
