//--local_size=[16,16] --num_groups=[64,64] -DTRANSPOSEX=16 -DTRANSPOSEY=16
// provenance: https://github.com/CNugteren/myGEMM commit e2a364537f2b8725b3f5ba5f81008d04558a2327 path src/kernels.cl lines 1247-1277
// project: myGEMM (Cedric Nugteren)
// licence: MIT (bench/realcode/LICENSES.md)
// kernel: transpose
// host: global (P, Q) rounded up to 16, local (16, 16); P = Q = 1024 here
// verdict: race-free: buffer[ty][tx] written by its own work-item, barrier, read transposed; output cells distinct
// The code below is the original's, verbatim (host code removed).

__kernel void transpose(const int P, const int Q,
                        const __global float* input,
                        __global float* output) {
    
    // Thread identifiers
    const int tx = get_local_id(0);
    const int ty = get_local_id(1);
    const int ID0 = get_group_id(0)*TRANSPOSEX + tx; // 0..P
    const int ID1 = get_group_id(1)*TRANSPOSEY + ty; // 0..Q

    // Set-up the local memory for shuffling
    __local float buffer[TRANSPOSEX][TRANSPOSEY];

    // Swap the x and y coordinates to perform the rotation (coalesced)
    if (ID0 < P && ID1 < Q) {
        buffer[ty][tx] = input[ID1*P + ID0];
    }

    // Synchronise all threads
    barrier(CLK_LOCAL_MEM_FENCE);

    // We don't have to swap the x and y thread indices here,
    // because that's already done in the local memory
    const int newID0 = get_group_id(1)*TRANSPOSEY + tx;
    const int newID1 = get_group_id(0)*TRANSPOSEX + ty;

    // Store the transposed result (coalesced)
    if (newID0 < Q && newID1 < P) {
        output[newID1*Q + newID0] = buffer[tx][ty];
    }
}
