//--blockDim=256 -DNIL=-1 -DMASK=0xFFFFFFFF
// provenance: https://github.com/zjin-lcf/HeCBench commit f27000a5188f8ac79bd43fc95a1b3f890c18823d path src/wyllie-cuda/main.cu lines 8-25
// project: HeCBench
// licence: BSD-3-Clause (bench/realcode/LICENSES.md)
// kernel: wyllie
// host: wyllie<<<(elems+255)/256, 256>>>(d_list, elems); NIL and MASK come from utils.h
// verdict: racy: pointer jumping: a thread reads list[next] that another thread (of any block) writes in the same step, with no grid barrier; __syncthreads() sits in a data-dependent loop (divergence)
// The code below is the original's, verbatim (host code removed).

__global__
void wyllie ( long *list , const int size )
{
  int index = blockIdx.x * blockDim.x + threadIdx.x;
  if(index < size )
  {
    long node, next;
    while ( ((node = list[index]) >> 32) != NIL && 
            ((next = list[node >> 32]) >> 32) != NIL )
    {
      long temp = (node & MASK) ;
      temp += (next & MASK) ;
      temp += (next >> 32) << 32;
      __syncthreads();
      list [ index ] = temp ;
    } 
  }
}
