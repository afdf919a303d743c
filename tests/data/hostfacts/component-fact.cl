// A kernel of one dimension (it names get_global_id(0) only) whose host facts name the
// sizes' components. With n == tcount.x no thread has an id of n or more, so only thread
// 0 writes a[0]: race-free for launches of one dimension (a fact naming tcount.x does not
// make the launch three-dimensional). A fact naming tcount.y makes it two-dimensional:
// threads that differ only in y then write the same cell.
__kernel void component(__global int *a, uint n) {
    a[get_global_id(0)] = 0;
    if (get_global_id(0) >= n) a[0] = 1;
}
