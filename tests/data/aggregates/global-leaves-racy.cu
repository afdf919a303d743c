//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=2
// The twin of global-leaves-ok.cu: both groups write element 0, so thread 0 of each
// writes the same leaf, x, of one float4: a race between groups.
__global__ void k(float *a) {
  float4 *v = (float4 *) a;
  if (threadIdx.x == 0) v[0].x = 1.0f;
  else v[blockIdx.x].y = 2.0f;
}
