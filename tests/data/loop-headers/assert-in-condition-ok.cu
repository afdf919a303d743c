//pass
//--blockDim=4 --gridDim=2
// GPUVerify's `__assert` before a loop's test, with the comma operator: checked each time
// the condition is evaluated.
__global__ void k(int *a) {
  int s = 0;
  //@ loop_invariant 0 <= k && k <= 4 && s == k;
  for (int k = 0; __assert(k <= 4), k < 4; k++) {
    s++;
  }
  __assert(s == 4);
}
