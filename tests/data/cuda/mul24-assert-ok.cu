//:: verdict verified
// __mul24 and __umul24: the low 32 bits of the product of the operands' low 24 bits,
// signed or unsigned (CUDA Math API).
__global__ void k() {
  __assert(__mul24(16777217, 3) == 3);
  __assert(__mul24(8388608, 1) == -8388608);
  __assert(__mul24(8388607, 8388607) == -16777215);
  __assert(__umul24(16777215u, 16777215u) == 4261412865u);
  __assert(__mul24(-1, -1) == 1);
}
