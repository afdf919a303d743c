// The iteration contract holds only a read share of the cell the body writes.
/*@
  context \pointer(ar, len, write);
  ensures (\forall int k; 0 <= k && k < len; ar[k] == 0);
@*/
void zero(int ar[], int len) {
  for (int i = 0; i < len; i++)
  /*@
    context Perm(&ar[i], 1\2);
    ensures ar[i] == 0;
  @*/
  {
    ar[i] = 0;
  }
}
