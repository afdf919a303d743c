//:: verdict fails perm
/*@ context_everywhere \length(c) == 1; requires true; @*/
__global__ void k(int *c) {
  atomicAdd(c, 1); //! perm.atomic
}
