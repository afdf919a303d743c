//--blockDim=[32,8] --gridDim=[2,64]
// provenance: https://github.com/NVIDIA-developer-blog/code-samples commit 72d62ec464442786a36754508bcb1094d197d6a5 path series/cuda-cpp/finite-difference/finite-difference.cu lines 46-46, 52-53, 58-60, 312-345
// project: NVIDIA developer blog code samples
// licence: BSD-3-Clause (bench/realcode/LICENSES.md)
// kernel: derivative_y_lPencils
// host: grid (mx/lPencils, mz) = (2, 64), block (lPencils, my*sPencils/lPencils) = (32, 8)
// verdict: race-free: rows j = ty, ty+8, ... per thread; halo rows written by ty < 4 from disjoint rows, between barriers
// The code below is the original's, verbatim (host code removed).

const int mx = 64, my = 64, mz = 64;

const int sPencils = 4;  // small # pencils
const int lPencils = 32; // large # pencils

__constant__ float c_ax, c_bx, c_cx, c_dx;
__constant__ float c_ay, c_by, c_cy, c_dy;
__constant__ float c_az, c_bz, c_cz, c_dz;

__global__ void derivative_y_lPencils(float *f, float *df)
{
  __shared__ float s_f[my+8][lPencils];

  int i  = blockIdx.x*blockDim.x + threadIdx.x;
  int k  = blockIdx.y;
  int si = threadIdx.x;
  
  for (int j = threadIdx.y; j < my; j += blockDim.y) {
    int globalIdx = k * mx * my + j * mx + i;
    int sj = j + 4;
    s_f[sj][si] = f[globalIdx];
  }

  __syncthreads();

  int sj = threadIdx.y + 4;
  if (sj < 8) {
     s_f[sj-4][si]  = s_f[sj+my-5][si];
     s_f[sj+my][si] = s_f[sj+1][si];   
  }

  __syncthreads();

  for (int j = threadIdx.y; j < my; j += blockDim.y) {
    int globalIdx = k * mx * my + j * mx + i;
    int sj = j + 4;
    df[globalIdx] = 
      ( c_ay * ( s_f[sj+1][si] - s_f[sj-1][si] )
      + c_by * ( s_f[sj+2][si] - s_f[sj-2][si] )
      + c_cy * ( s_f[sj+3][si] - s_f[sj-3][si] )
      + c_dy * ( s_f[sj+4][si] - s_f[sj-4][si] ) );
  }
}
