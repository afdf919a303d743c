//:: races racy
// copy-groups-race-free.cl with the first thread of the launch writing A[1]: a thread of
// another group may read A[1] before or after it (no barrier orders groups).
__kernel void k(__global int *A, __global unsigned char *out) {
  if (get_global_id(0) == 0) A[1] = 3;  //! race.data
  out[0] = (unsigned char)(A[1] + 255u);  //! race.data
}
