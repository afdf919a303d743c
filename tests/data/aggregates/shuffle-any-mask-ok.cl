//pass
//--local_size=4 --num_groups=2
// Whatever component a mask the kernel does not know names, it is the work-item's id.
__kernel void k(__global int *out, uint4 mask) {
  int4 ids = (int4){get_global_id(0), get_global_id(0), get_global_id(0), get_global_id(0)};
  int4 r = shuffle(ids, mask);
  out[((int *) &r)[0]] = 1;
}
