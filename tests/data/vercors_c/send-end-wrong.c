// send-ok.c where the iteration before the last claims the half of a[i] it sent (the
// last one keeps it: its target iteration does not exist).
/*@
  context \pointer(a, len, write);
  context \pointer(b, len, 1\2);
  context \pointer(c, len, write);
  requires len < 1000;
  requires (\forall int k; 0 <= k && k < len; b[k] == k);
  ensures (\forall int k; 0 <= k && k < len; a[k] == k + 1);
  ensures (\forall int k; 0 < k && k < len; c[k] == k + 2);
@*/
void forward(int a[], int b[], int c[], int len) {
  for (int i = 0; i < len; i++) /*@
    requires Perm(&a[i], write);
    context Perm(&b[i], 1\2);
    context Perm(&c[i], write);
    requires b[i] == i;
    ensures Perm(&a[i], 1\2);
    ensures i > 0 ==> Perm(&a[i-1], 1\2);
    ensures i == len - 2 ==> Perm(&a[i], 1\2);
    ensures a[i] == i + 1;
    ensures i > 0 ==> c[i] == i + 2;
  @*/ {
    a[i] = b[i] + 1;
    //@ send S, 1: Perm(&a[i], 1\2) ** a[i] == i + 1;
    //@ recv S;
    if (i > 0) {
      c[i] = a[i-1] + 2;
    }
  }
}
