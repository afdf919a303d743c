//--local_size=64 --num_groups=12
//:: races race-free
// GPUVerify's refined_atomic_abstraction/access_in_loop without its invariants: a loop
// with no bound of its own, ended by its ticket (`g > id`). The iterations that go on drew
// distinct values of next below tcount, so at most tcount of them go on and tcount end:
// 2 * tcount draws of next, fewer than 2^32, so no two are equal (claims.py, "Loops a
// ticket ends"); the group's counter is drawn once per iteration, as often.
__kernel void foo(__global unsigned *next, __local unsigned *group_next, __global char *slots, __local char *group_slots) {
  while (true) {
    unsigned g = atomic_inc(next);
    unsigned l = atomic_inc(group_next);
    slots[g] = get_global_id(0);
    group_slots[l] = get_local_id(0);
    if (g > get_global_id(0)) {
      break;
    }
  }
}
