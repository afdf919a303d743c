//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// The twin of assert-in-condition-ok.cu: the assertion is checked at each test of the
// condition, the last one too, where k is 4.
__global__ void k(int *a) {
  int s = 0;
  //@ loop_invariant 0 <= k && k <= 4 && s == k;
  for (int k = 0; __assert(k < 4), k < 4; k++) {
    s++;
  }
  __assert(s == 4);
}
