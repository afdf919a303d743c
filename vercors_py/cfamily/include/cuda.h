/* Kernels include <cuda.h> or "cuda.h" for CUDA's built-ins; vercors-py force-includes
 * them (cuda_builtins.h), so this file, found on the include path, adds nothing. */
