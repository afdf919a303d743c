/* CUDA's runtime header: its device-side part is force-included (cuda_builtins.h), and so
 * is this file, for the one host function clang needs to read a launch `k<<<g, b>>>(...)`
 * in host code (whose launches instantiate template kernels, clang_templates.py). */
#ifndef VERCORS_CUDA_RUNTIME_H
#define VERCORS_CUDA_RUNTIME_H

typedef struct CUstream_st *cudaStream_t;
extern "C" int cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0, cudaStream_t stream = 0);

#endif
