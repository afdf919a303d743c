/* CUDA's make_<type> functions of the vector types (make_int2, make_float4, ...):
 * vercors-py force-includes them (cuda_builtins.h), as nvcc force-includes its runtime
 * header, so this file, found on the include path, adds nothing. */
