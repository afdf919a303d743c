//pass
//--local_size=4 --num_groups=2
// memset's value is each byte's: with byte 1 an int is 0x01010101.
__kernel void k(__local int *A) {
  int v[1];
  __builtin_memset(v, 1, sizeof(int));
  if (v[0] != 0x01010101) A[0] = get_local_id(0);
}
