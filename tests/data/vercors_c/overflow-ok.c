// The twin of overflow-wrong.c: the length bounds i * 2.
/*@
  context \pointer(ar, len, write);
  context len <= 1000;
@*/
void twice(int ar[], int len) {
  for (int i = 0; i < len; i++)
  /*@
    context Perm(&ar[i], write);
  @*/
  {
    ar[i] = i * 2;
  }
}
