//--blockDim=256
// provenance: https://github.com/zjin-lcf/HeCBench commit f27000a5188f8ac79bd43fc95a1b3f890c18823d path src/page-rank-cuda/main.cu lines 45-60
// project: HeCBench
// licence: MIT (bench/realcode/LICENSES.md)
// kernel: map
// host: map<<<num_blocks, block_size = 256>>>(pages, page_ranks, maps, noutlinks, n); from Ostrich (McGill), MIT
// verdict: race-free: thread i writes row i of maps only
// The code below is the original's, verbatim (host code removed).

__global__
void map(const int *__restrict__ pages,
         const float *__restrict__ page_ranks,
               float *__restrict__ maps,
         const unsigned int *__restrict__ noutlinks,
         const int n)
{
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  int j;
  if(i < n){
    float outbound_rank = page_ranks[i]/(float)noutlinks[i];
    for(j=0; j<n; ++j){
      maps[(size_t)i*n+j] = pages[(size_t)i*n+j]*outbound_rank;
    }
  }
}
