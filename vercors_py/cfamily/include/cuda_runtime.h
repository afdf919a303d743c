/* CUDA's runtime header: its device-side part is force-included (cuda_builtins.h). */
