// With n == 0 no iteration runs, and ar[0] is not written: the postcondition does not
// follow from the precondition (the kernel `fill_empty_par`).
/*@
  context 0 <= n;
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
