// A parallel loop (VerCors's iteration contract): each iteration writes its own cell.
/*@
  context \pointer(ar, len, write);
  ensures (\forall int k; 0 <= k && k < len; ar[k] == 0);
@*/
void zero(int ar[], int len) {
  for (int i = 0; i < len; i++)
  /*@
    context Perm(&ar[i], write);
    ensures ar[i] == 0;
  @*/
  {
    ar[i] = 0;
  }
}
