//-DREAL=float
// provenance: https://github.com/zjin-lcf/HeCBench commit f27000a5188f8ac79bd43fc95a1b3f890c18823d path src/simpleSpmv-cuda/kernels.cu lines 27-51
// project: HeCBench
// licence: BSD-3-Clause (bench/realcode/LICENSES.md)
// kernel: vector_mv_csr<BS>
// host: vector_mv_csr<BS><<<ceil(num_rows/rows_per_block), dim3(BS, rows_per_block)>>> for BS = 2, 4, 8, ... threads per row
// verdict: racy: after the __shfl_down_sync reduction every one of the BS lanes of a row writes y[m], lane 0 the full sum and the others partial sums
// The code below is the original's, verbatim (host code removed).

// vector sparse matrix vector multiply using the CSR format
template <int BS>
__global__ void vector_mv_csr(const size_t num_rows,
                              const size_t *row_indices,
                              const size_t *col_indices,
                              const REAL *values,
                              const REAL *x,
                                    REAL *y)
{
  size_t m = blockIdx.x * blockDim.y + threadIdx.y;
  if (m < num_rows) {
    size_t row_start = row_indices[m];
    size_t row_end = row_indices[m+1];

    REAL temp = 0;
    for(size_t n = row_start + threadIdx.x; n < row_end; n += BS){
      temp += values[n] * x[col_indices[n]];
    }
    #pragma unroll
    for (int i = BS >> 1; i > 0; i >>= 1)
      temp += __shfl_down_sync(0xFFFFFFFF, temp, i, BS);

    y[m] = temp;
  }
}

// Added, not in the original: the instantiations its host launches (BS = 2, 4, 8, 16, 32).
template __global__ void vector_mv_csr<2>(const size_t, const size_t *, const size_t *, const REAL *, const REAL *, REAL *);
template __global__ void vector_mv_csr<4>(const size_t, const size_t *, const size_t *, const REAL *, const REAL *, REAL *);
template __global__ void vector_mv_csr<8>(const size_t, const size_t *, const size_t *, const REAL *, const REAL *, REAL *);
template __global__ void vector_mv_csr<16>(const size_t, const size_t *, const size_t *, const REAL *, const REAL *, REAL *);
template __global__ void vector_mv_csr<32>(const size_t, const size_t *, const size_t *, const REAL *, const REAL *, REAL *);
