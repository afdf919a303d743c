//:: verdict rejected type
// Annotations that stand where no construct reads them are reported at their place, not
// dropped: before a declaration that is not a kernel (the kernel's contract stands right
// before the kernel), inside an expression, inside a loop's header, in a kernel's
// parameter list, at the file's end; and clauses before a statement that takes none or
// after a body's last statement (no loop or barrier to belong to).
/*@ requires n > 5; @*/ //! type.clause-placement
__device__ int twice(int y) { return 2 * y; }

__global__ void k(int *a, int n) {
  int x = n /*@ assert n > 5; @*/ - 1; //! type.clause-placement
  for (int i = 0; /*@ assert n > 7; @*/ i < n; i++) //! type.clause-placement
    x += 1;
  //@ loop_invariant x > 0; //! type.clause-placement
  x = twice(x);
  a[threadIdx.x] = x;
  //@ loop_invariant x > 0; //! type.clause-placement
}

__global__ void m(int *a /*@ requires a != a; @*/) { //! type.clause-placement
  a[threadIdx.x] = 0;
}
/*@ requires n > 5; @*/ //! type.clause-placement
