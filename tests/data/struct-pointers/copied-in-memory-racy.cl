//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=2
// Pointers copied from memory to memory, beside a short2: every thread writes element
// 0's pointer.
struct a {
  __global int *p;
  short2 i;
};

__kernel void foo(__global struct a *q1, __global struct a *q2) {
  q2[get_global_id(0)].i.x = q1[get_global_id(0)].i.y;
  q2[0].p = q1[get_global_id(0)].p;
}
