//--local_size=64 --num_groups=12
//:: races racy
// The twin of atomic-ticket-loop-race-free.cl where group 0 first sets the counter to 0:
// group 1 may be in its loop by then (no barrier orders two groups), so its tickets can
// come round within the group. Between groups the write races with the atomics; within
// groups only (--only-intra-group, tests/races/test_races.py) the loop bounds nothing,
// since a plain write of a global counter by another group goes unreported.
__kernel void foo(__global unsigned *next, __global char *slots) {
  if (get_global_id(0) == 0) {
    *next = 0; //! race.data
  }
  barrier(CLK_GLOBAL_MEM_FENCE);
  while (true) {
    unsigned g = atomic_inc(next);
    slots[g] = get_global_id(0);
    if (g > get_global_id(0)) {
      break;
    }
  }
}
