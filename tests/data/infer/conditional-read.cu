// The arm of `?:` that C does not evaluate reads nothing: the first thread does not
// read `in[-1]`, and the contract claims the cell (and its bounds) only where it is read.
//--blockDim=64 --gridDim=4
__global__ void shift(const int *in, int *out)
{
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  out[i] = i < 1 ? 0 : in[i - 1];
}
