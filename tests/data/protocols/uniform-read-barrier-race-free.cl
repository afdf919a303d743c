//:: races race-free
// The barriers under `if (p[0] == 22)` and in the loop under it: every thread of a group
// reads p[0] in an interval where no thread writes it, so all read one value and agree.
__kernel void k(__local int *p, int n) {
  p[get_local_id(0)] = get_local_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (p[0] == 22) {
    for (int i = 0; i < n; i++) {
      barrier(CLK_LOCAL_MEM_FENCE);
      p[get_local_id(0)] = -i;
      barrier(CLK_LOCAL_MEM_FENCE);
    }
  }
}
