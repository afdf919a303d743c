//:: verdict verified
// C's / and % truncate towards zero, >> of a negative value is an arithmetic shift, & with
// 2^k - 1 is the remainder in two's complement, ~x is -x - 1.
/*@ requires true; @*/
__global__ void k(int m) {
  int q = (0 - 7) / 2;
  int r = (0 - 7) % 2;
  int s = (0 - 5) >> 1;
  int b = (0 - 5) & 3;
  int c = ~5;
  unsigned u = 7u / 2u;
  __assert(q == -3 && r == -1 && s == -3 && b == 3 && c == -6 && u == 3);
  if (m < 0) {
    __assert(m / 2 <= 0 && m % 2 <= 0);
  }
}
