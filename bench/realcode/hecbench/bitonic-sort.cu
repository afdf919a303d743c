//--blockDim=256
// provenance: https://github.com/zjin-lcf/HeCBench commit f27000a5188f8ac79bd43fc95a1b3f890c18823d path src/bitonic-sort-cuda/main.cu lines 44-44, 46-81
// project: HeCBench
// licence: MIT (bench/realcode/LICENSES.md)
// kernel: bitonic_sort
// host: bitonic_sort<<<size/256, 256>>>(seq_len, two_power, a) for seq_len = 2^(stage+1), two_power = 2^(step-stage); from Intel's oneAPI samples (MIT)
// verdict: race-free: only first-half threads of each sequence act, each on the pair (i, i + seq_len/2); pairs are disjoint
// The code below is the original's, verbatim (host code removed).

#define BLOCK_SIZE 256

__global__
void bitonic_sort (const int seq_len, const int two_power, int *a)
{
  int i = blockDim.x * blockIdx.x + threadIdx.x;

  // Assign the bitonic sequence number.
  int seq_num = i / seq_len;

  // Variable used to identified the swapped element.
  int swapped_ele = -1;

  // Because the elements in the first half in the bitonic
  // sequence may swap with elements in the second half,
  // only the first half of elements in each sequence is
  // required (seq_len/2).
  int h_len = seq_len / 2;

  if (i < (seq_len * seq_num) + h_len) swapped_ele = i + h_len;

  // Check whether increasing or decreasing order.
  int odd = seq_num / two_power;

  // Boolean variable used to determine "increasing" or
  // "decreasing" order.
  bool increasing = ((odd % 2) == 0);

  // Swap the elements in the bitonic sequence if needed
  if (swapped_ele != -1) {
    if (((a[i] > a[swapped_ele]) && increasing) ||
	((a[i] < a[swapped_ele]) && !increasing)) {
      int temp = a[i];
      a[i] = a[swapped_ele];
      a[swapped_ele] = temp;
    }
  }
}
