//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1
// Every thread stores a value-initialised struct (`P()`, zero) into element 0: a race.
// libclang does not tell `P()` from a default-initialised `P t;`, so its leaves are
// unknown values, but the store is a write of both leaves all the same.
struct P { float x, y; };

__global__ void k(float *a) {
  P *q = (P *) a;
  q[0] = P();
}
