//:: races racy
// `q++` on a pointer to float4 moves by a whole vector (4 cells): the x written after it
// is the next thread's, which that thread writes too.
__global__ void step(float *a) {
  float4 *q = (float4 *) a + (blockIdx.x * blockDim.x + threadIdx.x);
  q->x = 1.0f;  //! race.data
  q++;
  q->x = 2.0f;  //! race.data
}
