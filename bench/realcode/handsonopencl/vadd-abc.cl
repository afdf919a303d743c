// launch: sizes not fixed by the host (symbolic)
// provenance: https://github.com/HandsOnOpenCL/Exercises-Solutions commit be2fb26d7c478627598ffba369014a4adb57b6f4 path Solutions/Exercise05/Cpp/vadd_abc.cl lines 12-23
// project: Hands On OpenCL
// licence: CC-BY-3.0 (bench/realcode/LICENSES.md)
// kernel: vadd
// host: global = count (1024), local chosen by the runtime
// verdict: race-free: d[i] = a[i] + b[i] + c[i] for i < count
// The code below is the original's, verbatim (host code removed).

__kernel void vadd(
   __global float* a,
   __global float* b,
   __global float* c,
   __global float* d,
   const unsigned int count)
{
   int i = get_global_id(0);
   if(i < count)  {
       d[i] = a[i] + b[i] + c[i];
   }
}
