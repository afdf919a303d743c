//--blockDim=256
// provenance: https://github.com/zjin-lcf/HeCBench commit f27000a5188f8ac79bd43fc95a1b3f890c18823d path src/page-rank-cuda/main.cu lines 36-36, 62-85
// project: HeCBench
// licence: MIT (bench/realcode/LICENSES.md)
// kernel: reduce
// host: reduce<<<num_blocks, block_size = 256>>>(page_ranks, maps, n, dif); from Ostrich (McGill), MIT
// verdict: race-free: thread j reads column j of maps and updates page_ranks[j] and dif[j] only
// The code below is the original's, verbatim (host code removed).

#define D_FACTOR (0.85f)

__global__
void reduce(      float *__restrict__ page_ranks,
            const float *__restrict__ maps,
            const int n,
                  float *__restrict__ dif)
{

  int j = threadIdx.x + blockIdx.x * blockDim.x;
  int i;
  float new_rank;
  float old_rank;

  if(j<n){
    old_rank = page_ranks[j];
    new_rank = 0.0f;
    for(i=0; i< n; ++i){
      new_rank += maps[(size_t)i*n + j];
    }

    new_rank = ((1.f-D_FACTOR)/n)+(D_FACTOR*new_rank);
    dif[j] = fmaxf(fabsf(new_rank - old_rank), dif[j]);
    page_ranks[j] = new_rank;
  }
}
