//pass
//--local_size=4 --num_groups=2
// An int3 is 16 bytes in OpenCL: element i of a __local int3 array is cells 4i .. 4i+2
// (cell 4i+3 is padding). Thread l writes component z of element l, and reads the
// scalar cell 4l+3 through an int pointer: a padding cell no thread writes.
__kernel void k(__global int *out) {
  __local int3 t[4];
  t[get_local_id(0)].z = 1;
  __local int *cells = (__local int *) t;
  out[get_global_id(0)] = cells[4 * get_local_id(0) + 3];
}
