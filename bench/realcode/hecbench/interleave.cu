//--blockDim=256
// provenance: https://github.com/zjin-lcf/HeCBench commit f27000a5188f8ac79bd43fc95a1b3f890c18823d path src/interleave-cuda/main.cu lines 9-10, 13-31, 61-89
// project: HeCBench
// licence: BSD-3-Clause (bench/realcode/LICENSES.md)
// kernel: add_kernel_interleaved
// host: add_kernel_interleaved<<<(num_elements+255)/256, 256>>>
// verdict: race-free: thread tid updates the 16 fields of dest_ptr[tid] only
// The code below is the original's, verbatim (host code removed).

#define NUM_ELEMENTS 4096
#define COUNT 4096       // accumulation count

typedef struct
{
  unsigned int s0;
  unsigned int s1;
  unsigned int s2;
  unsigned int s3;
  unsigned int s4;
  unsigned int s5;
  unsigned int s6;
  unsigned int s7;
  unsigned int s8;
  unsigned int s9;
  unsigned int sa;
  unsigned int sb;
  unsigned int sc;
  unsigned int sd;
  unsigned int se;
  unsigned int sf;
} INTERLEAVED_T;

__global__ void add_kernel_interleaved(
    INTERLEAVED_T * const dest_ptr,
    const INTERLEAVED_T * const src_ptr,
    const unsigned int num_elements)
{
  const unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < num_elements)
  {
    for (unsigned int i=0; i<COUNT; i++)
    {
      dest_ptr[tid].s0 += src_ptr[tid].s0;
      dest_ptr[tid].s1 += src_ptr[tid].s1;
      dest_ptr[tid].s2 += src_ptr[tid].s2;
      dest_ptr[tid].s3 += src_ptr[tid].s3;
      dest_ptr[tid].s4 += src_ptr[tid].s4;
      dest_ptr[tid].s5 += src_ptr[tid].s5;
      dest_ptr[tid].s6 += src_ptr[tid].s6;
      dest_ptr[tid].s7 += src_ptr[tid].s7;
      dest_ptr[tid].s8 += src_ptr[tid].s8;
      dest_ptr[tid].s9 += src_ptr[tid].s9;
      dest_ptr[tid].sa += src_ptr[tid].sa;
      dest_ptr[tid].sb += src_ptr[tid].sb;
      dest_ptr[tid].sc += src_ptr[tid].sc;
      dest_ptr[tid].sd += src_ptr[tid].sd;
      dest_ptr[tid].se += src_ptr[tid].se;
      dest_ptr[tid].sf += src_ptr[tid].sf;
    }
  }
}
