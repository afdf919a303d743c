// The iterations from -n index ar by i itself: a negative index.
/*@
  context 0 <= n && n < 1000;
  context \pointer(ar, 2 * n, write);
@*/
void centre(int ar[], int n) {
  for (int i = -n; i < n; i++)
  /*@
    context Perm(&ar[i + n], write);
  @*/
  {
    ar[i] = i;
  }
}
