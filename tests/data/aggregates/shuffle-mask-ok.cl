//pass
//--local_size=4 --num_groups=2
// Only the two low bits of a mask component count for a 4-component input: mask 4
// names component 0, the work-item's own id.
__kernel void k(__global int *out) {
  int4 ids = (int4){get_global_id(0), 0, 0, 0};
  int4 r = shuffle(ids, (uint4){4, 5, 2, 3});
  out[((int *) &r)[0]] = 1;
}
