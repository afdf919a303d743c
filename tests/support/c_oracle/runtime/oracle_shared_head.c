/* Linked before the kernel: the first bytes of the section `oracle_shared`, so that an
 * index below a __shared__/__local array lands here, not in other data (the runtime
 * reports an access here as out of bounds). oracle_runtime.cpp, linked after the
 * kernel, holds the padding at the section's end. */
__attribute__((section("oracle_shared"), used)) char oracle_shared_head[4096];
