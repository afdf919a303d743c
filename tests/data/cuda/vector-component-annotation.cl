//:: verdict verified
// Annotations name a component of a vector parameter as C does (`dims.x`, `dims.s1`,
// `q.w`), meaning the leaf the mapping reads for it; so does an assertion about a local
// vector, the one C's scoping gives that name there.
/*@
  context_everywhere \length(a) == gsize * ngroups;
  requires dims.x == 3 && dims.s1 == -2 && q.w == 7 && q.s2 == 5;
  requires Perm(a[tid], write);
  ensures Perm(a[tid], write);
  ensures a[tid] == 3 - 2 + 7;
@*/
__kernel void k(__global int *a, int2 dims, uint4 q) {
  int2 v = (int2)(dims.y, dims.x);
  //@ assert v.x == -2 && v.s1 == 3 && v.y == dims.s0;
  a[get_global_id(0)] = dims.x + dims.y + (int)q.w;
}
