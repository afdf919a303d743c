//:: races race-free
// The twin of pointer-vector-step-racy.cu moving back before the second write: each
// thread writes its own vector only.
__global__ void step(float *a) {
  float4 *q = (float4 *) a + (blockIdx.x * blockDim.x + threadIdx.x);
  q->x = 1.0f;
  q++;
  q--;
  q->y = 2.0f;
}
