// The twin of overlap-wrong.c: each iteration claims and writes its own cell.
/*@
  context \pointer(ar, len, write);
  context len > 0;
@*/
void first(int ar[], int len) {
  for (int i = 0; i < len; i++)
  /*@
    context Perm(&ar[i], write);
  @*/
  {
    ar[i] = i;
  }
}
