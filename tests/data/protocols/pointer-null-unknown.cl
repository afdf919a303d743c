//:: races unknown
// The twin of pointer-null-race-free.cl without the test: a write through NULL is
// undefined in C, so nothing is said of the kernel's races.
__kernel void maybe(__global int *a, int use) {
  __global int *p = use ? a : NULL;
  p[get_global_id(0)] = 1;  //! bounds.null
}
