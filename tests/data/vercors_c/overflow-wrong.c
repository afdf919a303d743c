// C's int is bounded: i * 2 overflows for i > INT_MAX / 2 (VerCors's integers are
// unbounded; the compiled loop is undefined there).
/*@
  context \pointer(ar, len, write);
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
