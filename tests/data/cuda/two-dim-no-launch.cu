//:: verdict rejected unsupported
// threadIdx.y without a launch configuration: the sizes of the second dimension are unknown.
/*@ requires true; @*/
__global__ void k(int *a) {
  int y = threadIdx.y; //! unsupported.dimension
}
