//--blockDim=64 --gridDim=4
//:: cmd races
//:: verdict race-free
//:: note A block's sum in shared memory, finished by its first warp as CUDA's programming guide writes it since Volta: each step reads a partner's cell into a register, __syncwarp(), writes its own cell, __syncwarp(). The threads of a warp are scheduled independently, and only __syncwarp orders a lane's write after another lane's read of the same cell. The barrier sits under if (tid < 32), which every lane of a warp takes alike.
/*@ context_everywhere \length(in) == tcount && \length(out) == ngroups; @*/
__global__ void block_sum(const int *in, int *out) {
  __shared__ int s[64];
  unsigned int tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  if (tid < 32) {
    int v = s[tid];
    v += s[tid + 32]; __syncwarp();
    s[tid] = v;       __syncwarp();
    v += s[tid + 16]; __syncwarp();
    s[tid] = v;       __syncwarp();
    v += s[tid + 8];  __syncwarp();
    s[tid] = v;       __syncwarp();
    v += s[tid + 4];  __syncwarp();
    s[tid] = v;       __syncwarp();
    v += s[tid + 2];  __syncwarp();
    s[tid] = v;       __syncwarp();
    v += s[tid + 1];  __syncwarp();
    s[tid] = v;
  }
  __syncthreads();
  if (tid == 0)
    out[blockIdx.x] = s[0];
}
