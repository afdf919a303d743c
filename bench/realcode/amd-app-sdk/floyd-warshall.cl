//--local_size=[16,16] --num_groups=[16,16]
// provenance: https://github.com/OpenCL/AMD_APP_samples commit 54da6ca465634e78fc51fc25edf5840467ee2411 path cl/FloydWarshall/FloydWarshall_Kernels.cl lines 49-67
// project: AMD APP SDK samples (mirror)
// licence: BSD-2-Clause (bench/realcode/LICENSES.md)
// kernel: floydWarshallPass
// host: global [numNodes, numNodes], local [16,16], numNodes = 256 by default; one launch per pass k < numNodes
// verdict: benign: (x,y) writes D[y][x] while others read D[y][k] and D[k][x]; the writes to row/column k happen only if D[k][k] < 0, never for the host's non-negative weights
// The code below is the original's, verbatim (host code removed).

__kernel 
void floydWarshallPass(__global uint * pathDistanceBuffer, 
                       __global uint * pathBuffer        , 
                       const unsigned int numNodes                  , 
                       const unsigned int pass                   )
{
    int xValue = get_global_id(0);
    int yValue = get_global_id(1);

    int k = pass;
    int oldWeight = pathDistanceBuffer[yValue * numNodes + xValue];
    int tempWeight = (pathDistanceBuffer[yValue * numNodes + k] + pathDistanceBuffer[k * numNodes + xValue]);
    
    if (tempWeight < oldWeight)
    {
        pathDistanceBuffer[yValue * numNodes + xValue] = tempWeight;
        pathBuffer[yValue * numNodes + xValue] = k;
    }
}
