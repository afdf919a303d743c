// A negative lower bound: iteration i (from -n) writes cell i + n.
/*@
  context 0 <= n && n < 1000;
  context \pointer(ar, 2 * n, write);
  ensures (\forall int k; 0 <= k && k < 2 * n; ar[k] == k - n);
@*/
void centre(int ar[], int n) {
  for (int i = -n; i < n; i++)
  /*@
    context Perm(&ar[i + n], write);
    ensures ar[i + n] == i;
  @*/
  {
    ar[i + n] = i;
  }
}
