/* CUDA's vector types (char1 .. double4, dim3) with nvcc's alignments: vercors-py
 * force-includes them (cuda_builtins.h), as nvcc force-includes its runtime header, so
 * this file, found on the include path, adds nothing. */
