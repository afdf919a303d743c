// A kernel whose width comes in a vector parameter: with dims.x at least the number of
// threads, a[i % dims.x] is one cell per thread; a fact about dims.y says nothing of it.
__kernel void k(__global float *a, const uint2 dims) {
    a[get_global_id(0) % dims.x] = 1.0f;
}
