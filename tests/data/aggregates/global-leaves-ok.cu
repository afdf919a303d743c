//pass
//--blockDim=2 --gridDim=2
// Two threads of a group write two leaves (x and y) of one float4: different cells, no
// race; each group writes its own element.
__global__ void k(float *a) {
  float4 *v = (float4 *) a;
  if (threadIdx.x == 0) v[blockIdx.x].x = 1.0f;
  else v[blockIdx.x].y = 2.0f;
}
