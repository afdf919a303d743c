//:: verdict fails assert
// The twin of vector-component-annotation.cl: `.y` is lane 1 (clang's reading of the
// component), so the assertion that it is lane 0 does not hold.
/*@
  requires dims.x == 3 && dims.y == -2;
@*/
__kernel void k(__global int *a, int2 dims) {
  //@ assert dims.y == dims.s0; //! assert.failed
}
