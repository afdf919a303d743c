//--blockDim=256 --gridDim=118
// provenance: https://github.com/harrism/mini-nbody commit 38fda6717eb2f5ae1a4c59e66a1150f5881b7fad path cuda/nbody-block.cu lines 6-7, 17-44
// project: mini-nbody (Mark Harris)
// licence: Apache-2.0 (bench/realcode/LICENSES.md)
// kernel: bodyForce
// host: bodyForce<<<nBlocks = (nBodies+255)/256, 256>>>, nBodies = 30000 by default (118 blocks)
// verdict: racy: barrier divergence: __syncthreads() inside if (i < n); with n = 30000 the last block has 48 threads with i >= n that skip it
// The code below is the original's, verbatim (host code removed).

#define BLOCK_SIZE 256
#define SOFTENING 1e-9f

__global__
void bodyForce(float4 *p, float4 *v, float dt, int n) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < n) {
    float Fx = 0.0f; float Fy = 0.0f; float Fz = 0.0f;

    for (int tile = 0; tile < gridDim.x; tile++) {
      __shared__ float3 spos[BLOCK_SIZE];
      float4 tpos = p[tile * blockDim.x + threadIdx.x];
      spos[threadIdx.x] = make_float3(tpos.x, tpos.y, tpos.z);
      __syncthreads();

      for (int j = 0; j < BLOCK_SIZE; j++) {
        float dx = spos[j].x - p[i].x;
        float dy = spos[j].y - p[i].y;
        float dz = spos[j].z - p[i].z;
        float distSqr = dx*dx + dy*dy + dz*dz + SOFTENING;
        float invDist = rsqrtf(distSqr);
        float invDist3 = invDist * invDist * invDist;

        Fx += dx * invDist3; Fy += dy * invDist3; Fz += dz * invDist3;
      }
      __syncthreads();
    }

    v[i].x += dt*Fx; v[i].y += dt*Fy; v[i].z += dt*Fz;
  }
}
