//:: verdict rejected unsupported
/*@ context_everywhere \length(c) == 1; requires true; @*/
__global__ void k(int *c) {
  atomicAdd(c, 1); //! unsupported.atomic
}
