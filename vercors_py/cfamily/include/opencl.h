/* VerCors's kernels include <opencl.h>, VerCors's header of OpenCL's built-ins;
 * vercors-py force-includes its own (opencl_builtins.h), so this file, found on the
 * include path, adds nothing. */
