//--blockDim=64 --gridDim=4
//:: cmd races
//:: verdict racy
//:: note first-to-arrive.cu with a plain test-and-set instead of atomicCAS: two threads can both read 0 before either writes 1, and both write the result cell. `races` reports the flag's read-write race and the result's write-write race, each with both threads; `vercors-py run --no-contracts --init flag=zeros --param '\length(a)=256'` shows them (the flag 0 on launch, as the host sets it, and random inputs with negatives among them).
/*@ context_everywhere \length(a) == tcount && \length(flag) == 1 && \length(winner) == 1; @*/
__global__ void first_negative(const int *a, int *flag, int *winner) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (a[i] < 0 && *flag == 0) {
    *flag = 1;
    *winner = i;
  }
}
