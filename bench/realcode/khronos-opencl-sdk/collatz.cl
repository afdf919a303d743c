// launch: sizes not fixed by the host (symbolic)
// provenance: https://github.com/KhronosGroup/OpenCL-SDK commit 6f25f5d0571eae335f7fb6f494682dc0b7df546f path samples/core/binaries/Collatz.cl lines 17-48
// project: Khronos OpenCL-SDK samples
// licence: Apache-2.0 (bench/realcode/LICENSES.md)
// kernel: Collatz
// host: global = a chunk of the range with a global offset
// verdict: race-free: each work-item writes result[gid - offset] only
// The code below is the original's, verbatim (host code removed).

kernel void Collatz(
    global int * const result
) {
    const size_t gli = get_global_id(0);
    const size_t ind = gli - get_global_offset(0);

    int steps = 0;

    ulong n = gli + 1;

    while (n != 1) {
        if (steps > INT_MAX - 3) {
            steps = 0;
            break;
        }
        if (n & 1) {
            ulong m = 3 * n + 1;
            if (m < n) {
                steps = -steps - 1;
                break;
            }
            n = m >> 1;
            steps += 2;
        }
        else {
            n >>= 1;
            ++steps;
        }
    }

    result[ind] = steps;
}
