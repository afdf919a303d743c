//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=2
// Of a `const` function, two calls with the same struct argument give the same vector,
// but its two components may differ.
typedef struct { int a; char b; } pair;
int2 g(pair) __attribute__((const));

__kernel void k(__global int *A) {
  pair q = {1, 2};
  int2 v = g(q);
  int2 w = g(q);
  if (v.x != w.y) A[0] = get_global_id(0);
}
