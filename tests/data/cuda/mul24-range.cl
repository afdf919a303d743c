//:: verdict fails arith
// OpenCL's mul24 is implementation-defined outside 24 bits: an operand that may leave
// them is reported, never given a value of our choosing.
__kernel void k(__global int *out, int x) {
  __requires(get_global_id(0) < 1);
  out[0] = mul24(x, 2); //! arith.overflow perm.write bounds.index
}
