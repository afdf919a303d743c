//pass
//--blockDim=4 --gridDim=2
// `default` comes first and is taken only when no case matches (threads 2 and 3); a
// `break` inside an `if` leaves the switch: thread 0 writes nothing.
__global__ void k(int *out) {
  __shared__ int s[8];
  int v = (int)threadIdx.x - 2;
  switch (v) {
    default:
      s[threadIdx.x] = v;
      break;
    case -2:
      if (blockIdx.x >= 0)
        break;
      s[0] = 1;
    case -1:
      s[1] = 2;
      break;
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x];
}
