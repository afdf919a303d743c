/* CUDA's make_<type> functions: cuda_stub.h declares them (included first). */
