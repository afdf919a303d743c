// Every iteration claims the whole of ar[0]: two iterations cannot both hold it
// (run in parallel, they race on it).
/*@
  context \pointer(ar, len, write);
  context len > 0;
@*/
void first(int ar[], int len) {
  for (int i = 0; i < len; i++)
  /*@
    context Perm(&ar[0], write);
  @*/
  {
    ar[0] = i;
  }
}
