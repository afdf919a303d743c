//--local_size=[32,32] --num_groups=[32,32]
// provenance: https://github.com/CNugteren/myGEMM commit e2a364537f2b8725b3f5ba5f81008d04558a2327 path src/kernels.cl lines 63-80
// project: myGEMM (Cedric Nugteren)
// licence: MIT (bench/realcode/LICENSES.md)
// kernel: myGEMM1
// host: global (M, N), local (TS, TS) = (32, 32) (settings.h); M = N = K = 1024 here (the host loops over sizes)
// verdict: race-free: work-item (row, col) writes C[col*M + row] only
// The code below is the original's, verbatim (host code removed).

__kernel void myGEMM1(const int M, const int N, const int K,
                      const __global float* A,
                      const __global float* B,
                      __global float* C) {
    
    // Thread identifiers
    const int globalRow = get_global_id(0); // Row ID of C (0..M)
    const int globalCol = get_global_id(1); // Col ID of C (0..N)

    // Compute a single element (loop over K)
    float acc = 0.0f;
    for (int k=0; k<K; k++) {
        acc += A[k*M + globalRow] * B[globalCol*K + k];
    }

    // Store the result
    C[globalCol*M + globalRow] = acc;
}
