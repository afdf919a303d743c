//:: verdict fails distribution injectivity
//:: twin ../vector-add-multigroup-cross-group-race.pvl
//:: note vector-add.cl with the output indexed by get_local_id(0) alone: work-item x of every group claims write permission on c[x], so with two or more blocks two threads own and write the same cell.
/*@
  context_everywhere \length(a) == tcount && \length(b) == tcount && \length(c) == tcount;
  requires Perm(a[tid], read) ** Perm(b[tid], read) ** Perm(c[lid], write);
  requires -2147483648 <= a[tid] + b[tid] && a[tid] + b[tid] <= 2147483647;
  ensures  Perm(a[tid], read) ** Perm(b[tid], read) ** Perm(c[lid], write);
  ensures  c[lid] == a[tid] + b[tid];
@*/
__kernel void vector_add(__global const int *a, __global const int *b, __global int *c) {
  size_t i = get_global_id(0);
  c[get_local_id(0)] = a[i] + b[i];
}
