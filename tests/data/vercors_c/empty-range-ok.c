// The twin of empty-range-wrong.c: the range has at least one iteration.
/*@
  context 0 < n;
  context \pointer(ar, n, write);
  ensures ar[0] == 7;
@*/
void fill(int ar[], int n) {
  for (int i = 0; i < n; i++)
  /*@
    context Perm(&ar[i], write);
    ensures ar[i] == 7;
  @*/
  {
    ar[i] = 7;
  }
}
