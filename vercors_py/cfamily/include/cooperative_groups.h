/* Cooperative groups' device API is force-included (cuda_builtins.h). */
