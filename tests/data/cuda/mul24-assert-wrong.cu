//:: verdict fails assert
// The twin of mul24-assert-ok.cu read as a whole-number product: wrong.
__global__ void k() {
  __assert(__mul24(16777217, 3) == 50331651); //! assert.failed
}
