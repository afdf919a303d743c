//--local_size=64 --num_groups=12
//:: races racy
// The twin of atomic-ticket-loop-race-free.cl ending the loop on `g < id`: work-item 0
// never ends it, its tickets come round after 2^32 of them, and it writes the cells the
// others wrote (both counters).
__kernel void foo(__global unsigned *next, __local unsigned *group_next, __global char *slots, __local char *group_slots) {
  while (true) {
    unsigned g = atomic_inc(next);
    unsigned l = atomic_inc(group_next);
    slots[g] = get_global_id(0); //! race.data
    group_slots[l] = get_local_id(0); //! race.data
    if (g < get_global_id(0)) {
      break;
    }
  }
}
