/* The oracle supplies what cuda.h declares (cuda_stub.h is included first). */
