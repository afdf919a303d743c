// launch: sizes not fixed by the host (symbolic)
// provenance: https://github.com/HandsOnOpenCL/Exercises-Solutions commit be2fb26d7c478627598ffba369014a4adb57b6f4 path Exercises/Exercise13/CUDA/gameoflife.cu lines 18-19, 36-134
// project: Hands On OpenCL
// licence: CC-BY-3.0 (bench/realcode/LICENSES.md)
// kernel: accelerate_life
// host: accelerate_life<<<dim3(nx/bx, ny/by), dim3(bx, by), (bx+2)*(by+2)>>>
// verdict: benign: every thread writes the 4 corner halo cells block[0], ... with the same values from tick
// The code below is the original's, verbatim (host code removed).

#define DEAD  0
#define ALIVE 1

__global__ void accelerate_life(const char* tick, char* tock, const int nx, const int ny)
{
    // The cell we work on in the loop
    unsigned int idx = blockDim.x * blockIdx.x + threadIdx.x;
    unsigned int idy = blockDim.y * blockIdx.y + threadIdx.y;

    // Index with respect to global array
    unsigned int id = idy * nx + idx;
    unsigned int id_b = (threadIdx.y + 1) * (blockDim.x + 2) + threadIdx.x + 1;

    // Copy block to shared memory
    extern __shared__ char block[];
    block[id_b] = tick[id];

    // Copy the halo cells (those around the block) to shared memory
    const unsigned int block_r = (blockIdx.x + 1) % gridDim.x;
    const unsigned int block_l = (blockIdx.x == 0) ? gridDim.x - 1 : blockIdx.x - 1;
    const unsigned int block_u = (blockIdx.y + 1) % gridDim.y;
    const unsigned int block_d = (blockIdx.y  == 0) ? gridDim.y - 1: blockIdx.y - 1;

    // Select the first row of threads
    if (threadIdx.y == 0)
    {
        // Down row
        block[threadIdx.x + 1] = tick[(blockDim.y * block_d + blockDim.y - 1) * nx + idx];
    }
    // Select the last row of threads
    if (threadIdx.y == blockDim.y - 1)
    {
        // Up row
        block[id_b + blockDim.x + 2] = tick[(blockDim.y * block_u) * nx + idx];
    }

    // Select right column of threads
    if (threadIdx.x == blockDim.x - 1)
    {
        // Copy in right
        block[id_b + 1] = tick[nx * idy + (blockDim.x * block_r)];
    }

    // Select left column of threads
    if (threadIdx.x == 0)
    {
        // Copy in left
        block[id_b - 1] = tick[nx * idy + (blockDim.x * block_l + blockDim.x - 1)];
    }


    // Add the 4 corner halo cells
    block[0] = tick[nx * (blockDim.y * block_d + blockDim.y - 1) + (blockDim.x * block_l) + blockDim.x - 1];
    block[blockDim.x + 1] = tick[nx * (blockDim.y * block_d + blockDim.y - 1) + (blockDim.x * block_r)];
    block[(blockDim.x + 2) * (blockDim.y + 1)] = tick[nx * (blockDim.y * block_u) + (blockDim.x * block_l) + blockDim.x - 1];
    block[(blockDim.x + 2) * (blockDim.y + 2) - 1] = tick[nx * (blockDim.y * block_u) + (blockDim.x * block_r)];
    
    __syncthreads();

    // Indexes of rows/columns next to id_b
    unsigned int x_l, x_r, y_u, y_d;

    // Calculate indexes
    x_r = threadIdx.x + 2;
    x_l = threadIdx.x;
    y_u = threadIdx.y + 2;
    y_d = threadIdx.y;

    // Count alive neighbours (out of eight)
    int neighbours = 0;
    if (block[(threadIdx.y + 1) * (blockDim.x + 2) + x_l] == ALIVE) neighbours++;
    if (block[y_u * (blockDim.x + 2) + x_l] == ALIVE) neighbours++;
    if (block[y_d * (blockDim.x + 2) + x_l] == ALIVE) neighbours++;
        
    if (block[(threadIdx.y + 1) * (blockDim.x + 2) + x_r] == ALIVE) neighbours++;
    if (block[y_u * (blockDim.x + 2) + x_r] == ALIVE) neighbours++;
    if (block[y_d * (blockDim.x + 2) + x_r] == ALIVE) neighbours++;
         
    if (block[y_u * (blockDim.x + 2) + threadIdx.x + 1] == ALIVE) neighbours++;
    if (block[y_d * (blockDim.x + 2) + threadIdx.x + 1] == ALIVE) neighbours++;

    // Apply game of life rules
    if (block[id_b] == ALIVE)
    {
        if (neighbours == 2 || neighbours == 3)
            // Cell lives on
            tock[id] = ALIVE;
        else
            // Cell dies by over/under population
            tock[id] = DEAD;
    }
    else
    {
        if (neighbours == 3)
            // Cell becomes alive through reproduction
            tock[id] = ALIVE;
        else
            // Remains dead
            tock[id] = DEAD;
    }

}
