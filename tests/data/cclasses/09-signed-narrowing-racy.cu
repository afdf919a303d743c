//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1
// Class 9: a narrowing conversion to a signed type.  (signed char) (64 * t) is 0, 64, -128,
// -64 for threads 0..3 (clang and gcc reduce modulo 2^8), so threads 0 and 2 write a[0]
// and threads 1 and 3 write a[64]; read on mathematical integers, every thread would
// write a cell of its own.
__global__ void k(int *a) {
  signed char j = 64 * threadIdx.x;
  a[j < 0 ? j + 128 : j] = 1;
}
