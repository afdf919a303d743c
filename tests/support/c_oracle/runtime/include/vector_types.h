/* CUDA's vector types: cuda_stub.h declares them (included first). */
