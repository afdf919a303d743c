// The runtime of the compiled oracle: runs every GPU thread of a kernel compiled by
// gcc/g++, one work group after the other, and reports what the threads did.
//
// Why this shape (tests/support/c_oracle/README.md has the whole story):
// * Threads are coroutines (ucontext), run one at a time, each until its next barrier:
//   the run is deterministic, and races are found from the record of accesses, not
//   from timing, so running one at a time hides none.
// * The kernel's object is compiled with -fsanitize=thread, but this file, not
//   ThreadSanitizer's runtime, defines the __tsan_* hooks: every load and store of the
//   kernel's code comes here with its address, size and return address. The race
//   check is exact for the run (no shadow cells that forget), and a barrier orders only
//   the memory its fence flags name, which ThreadSanitizer cannot express.
// * Work groups run in turn. Local memory (__shared__, __local) lives in the section
//   `oracle_shared` and is cleared before each group, so each group has its own copy;
//   global memory stays. Two groups' accesses to global memory always conflict.
//
// Input (stdin): `local X Y Z`, `groups X Y Z`, then per kernel parameter in order
// `scalar VALUE` or `buffer LENGTH V1 V2 ...` (the cells cycle through the values).
// Output (stdout), one fact per line, addresses as hex return addresses:
//   RACE space kind pcA pcB threadA threadB where     (a thread is group.lid, linear)
//   OOB pc thread param byte-offset
//   ASSERT pc thread | ASSUME pc thread | DIVERGE pc thread | FAULT signal pc thread
//   LIMIT accesses | DONE
#include <csetjmp>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>
#include <sys/mman.h>
#include <ucontext.h>

extern "C" {
struct oracle_param {
    int pointer;        // a buffer (else a scalar)
    int is_local;       // an OpenCL __local buffer: one per group
    unsigned long elem; // size of a cell
    void (*fill)(void *buffer, long count, const long double *values, int nvalues);
};
// Defined by the generated tail of the kernel's translation unit.
extern int oracle_param_count;
void oracle_describe(struct oracle_param *params);
void oracle_enter(void **args);
// The bounds of the section holding __shared__/__local variables.
extern char __start_oracle_shared[];
extern char __stop_oracle_shared[];
extern char oracle_shared_head[4096];
}
// Linked after the kernel: the end of the section `oracle_shared` (see oracle_shared_head.c).
__attribute__((section("oracle_shared"), used)) char oracle_shared_tail[4096];

namespace {

const unsigned FENCE_LOCAL = 1, FENCE_GLOBAL = 2;
const size_t STACK = 512 * 1024, GUARD = 4096, RED = 4096, MAX_ACCESSES = 4000000;

enum State { RUNNING, AT_BARRIER, DONE };

struct Thread {
    ucontext_t ctx;
    unsigned lid[3];
    unsigned linear;
    State state = RUNNING;
    unsigned flags = 0;      // of the barrier it waits at
    uintptr_t site = 0;      // return address of that barrier call
    int depth = 0;           // kernel function = 1
};

struct Access {
    uintptr_t addr, pc;
    uint32_t thread;         // group * group_size + lid
    uint32_t epoch;          // barriers passed that fence this access's memory
    uint8_t size, write, local;   // write: 0 read, 1 write, ATOMIC an atomic update
};

// An atomic update (the stubs' atomicAdd, atomic_inc, ...: oracle_atomic) writes, and
// races with every plain access of another thread but with no other atomic update.
const uint8_t ATOMIC = 2;

struct Buffer {
    char *start;
    size_t bytes;
    int param;
};

unsigned local_size[3], groups[3], dims = 1;
unsigned group_size, group_count, group_id[3], group_linear;
std::vector<Thread> threads;
Thread *current = nullptr;
ucontext_t scheduler;
char *stacks = nullptr;
size_t stacks_bytes = 0;
unsigned epoch_global = 0, epoch_local = 0;

char *global_arena = nullptr, *local_arena = nullptr;
size_t global_arena_bytes = 0, local_arena_bytes = 0;
std::vector<Buffer> global_buffers, local_buffers;

std::vector<Access> accesses;
bool limit_hit = false;
std::set<std::tuple<std::string, uintptr_t, unsigned>> events;   // reported once per kind and place
sigjmp_buf recover;
volatile sig_atomic_t in_kernel = 0;

void event(const char *kind, uintptr_t pc, const std::string &rest) {
    if (events.insert({kind, pc, 0}).second)
        printf("%s %lx %s\n", kind, (unsigned long)pc, rest.c_str());
}

std::string thread_name(uint32_t linear) {
    return std::to_string(linear / group_size) + "." + std::to_string(linear % group_size);
}

std::string here() { return current ? thread_name(group_linear * group_size + current->linear) : "-"; }

bool within(uintptr_t a, const char *start, size_t bytes) { return a - (uintptr_t)start < bytes; }

// The buffer an address of an arena belongs to, or the nearest one (an overrun).
const Buffer *nearest(const std::vector<Buffer> &buffers, uintptr_t a, bool *inside) {
    const Buffer *best = nullptr;
    uintptr_t best_distance = UINTPTR_MAX;
    for (const Buffer &b : buffers) {
        uintptr_t lo = (uintptr_t)b.start, hi = lo + b.bytes;
        if (a >= lo && a < hi) { *inside = true; return &b; }
        uintptr_t d = a < lo ? lo - a : a - hi + 1;
        if (d < best_distance) { best_distance = d; best = &b; }
    }
    *inside = false;
    return best;
}

void record(void *address, unsigned size, uint8_t write, void *pc) {
    uintptr_t a = (uintptr_t)address;
    if (!current || within(a, stacks, stacks_bytes))
        return;   // the thread's own (private) memory
    // Out of bounds is reported, and the access still recorded: two threads that write
    // one cell past the end race there as anywhere.
    if (within(a, oracle_shared_head, sizeof oracle_shared_head) || within(a, oracle_shared_tail, sizeof oracle_shared_tail))
        event("OOB", (uintptr_t)pc, here() + " shared " + std::to_string((long)(a - (uintptr_t)oracle_shared_head)));
    bool local = within(a, __start_oracle_shared, __stop_oracle_shared - __start_oracle_shared) ||
                 within(a, local_arena, local_arena_bytes);
    bool global_arena_hit = within(a, global_arena, global_arena_bytes);
    if (global_arena_hit || within(a, local_arena, local_arena_bytes)) {
        bool inside;
        const Buffer *b = nearest(global_arena_hit ? global_buffers : local_buffers, a, &inside);
        if (!inside || a + size > (uintptr_t)b->start + b->bytes) {
            long offset = (long)(a - (uintptr_t)b->start);
            event("OOB", (uintptr_t)pc, here() + " " + std::to_string(b->param) + " " + std::to_string(offset));
        }
    }
    if (accesses.size() >= MAX_ACCESSES) { limit_hit = true; return; }
    accesses.push_back({a, (uintptr_t)pc, group_linear * group_size + current->linear,
                        local ? epoch_local : epoch_global, (uint8_t)size, (uint8_t)write, (uint8_t)local});
}

void on_fault(int sig, siginfo_t *, void *context) {
    if (!in_kernel)
        _exit(70);
    uintptr_t pc = (uintptr_t)((ucontext_t *)context)->uc_mcontext.gregs[REG_RIP];
    printf("FAULT %lx %s %d\n", (unsigned long)pc, here().c_str(), sig);
    in_kernel = 0;
    siglongjmp(recover, 1);
}

void install_fault_handlers() {
    static char alt[64 * 1024];
    stack_t ss = {};
    ss.ss_sp = alt;
    ss.ss_size = sizeof alt;
    sigaltstack(&ss, nullptr);
    struct sigaction sa = {};
    sa.sa_sigaction = on_fault;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT})
        sigaction(sig, &sa, nullptr);
}

// An arena of buffers, each between red zones, the whole between inaccessible guards
// (so that a far overrun faults instead of landing in other memory).
char *make_arena(const std::vector<size_t> &sizes, std::vector<Buffer> &buffers, const std::vector<int> &params,
                 size_t *total) {
    size_t bytes = RED;
    for (size_t s : sizes) bytes += ((s + 63) / 64) * 64 + RED;
    bytes = (bytes + 4095) / 4096 * 4096;
    size_t guard = 1 << 20;
    char *base = (char *)mmap(nullptr, bytes + 2 * guard, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    mprotect(base + guard, bytes, PROT_READ | PROT_WRITE);
    char *arena = base + guard, *at = arena + RED;
    for (size_t i = 0; i < sizes.size(); i++) {
        buffers.push_back({at, sizes[i], params[i]});
        at += ((sizes[i] + 63) / 64) * 64 + RED;
    }
    *total = bytes;
    return arena;
}

void **group_args = nullptr;

void thread_entry() {
    in_kernel = 1;
    oracle_enter(group_args);
    current->state = DONE;
}

void run_group(unsigned g) {
    group_linear = g;
    group_id[0] = g % groups[0];
    group_id[1] = g / groups[0] % groups[1];
    group_id[2] = g / (groups[0] * groups[1]);
    epoch_global = epoch_local = 0;
    memset(__start_oracle_shared, 0, __stop_oracle_shared - __start_oracle_shared);
    for (unsigned t = 0; t < group_size; t++) {
        Thread &th = threads[t];
        th.state = RUNNING;
        th.depth = 0;
        getcontext(&th.ctx);
        th.ctx.uc_stack.ss_sp = stacks + t * (STACK + GUARD) + GUARD;
        th.ctx.uc_stack.ss_size = STACK;
        th.ctx.uc_link = &scheduler;
        makecontext(&th.ctx, thread_entry, 0);
    }
    for (;;) {
        for (Thread &th : threads) {
            if (th.state != RUNNING) continue;
            current = &th;
            swapcontext(&scheduler, &th.ctx);
            in_kernel = 0;
            current = nullptr;
        }
        // Every thread now waits at a barrier or has finished.
        Thread *first = nullptr;
        bool done = false;
        unsigned fences = FENCE_LOCAL | FENCE_GLOBAL;
        for (Thread &th : threads) {
            if (th.state == DONE) { done = true; continue; }
            if (!first) first = &th;
            fences &= th.flags;
            if (th.site != first->site)
                event("DIVERGE", th.site, thread_name(g * group_size + th.linear));
        }
        if (!first) return;
        if (done)   // a thread finished without reaching the barrier the others wait at
            event("DIVERGE", first->site, thread_name(g * group_size + first->linear));
        if (fences & FENCE_LOCAL) epoch_local++;
        if (fences & FENCE_GLOBAL) epoch_global++;
        for (Thread &th : threads)
            if (th.state == AT_BARRIER) th.state = RUNNING;
    }
}

// Two accesses of different threads to one byte, one of them a write: a race unless a
// barrier that fences their memory lies between them (same group, different epochs).
void report_races() {
    // One access per thread, epoch, address, size, kind and place is enough.
    std::map<std::tuple<uintptr_t, uintptr_t, uint32_t, uint32_t, uint8_t, uint8_t>, size_t> unique;
    std::vector<const Access *> kept;
    for (const Access &x : accesses)
        if (unique.emplace(std::make_tuple(x.addr, x.pc, x.thread, x.epoch, x.size, x.write), kept.size()).second)
            kept.push_back(&x);
    std::map<uintptr_t, std::vector<const Access *>> by_byte;   // in address order: a stable first witness
    for (const Access *x : kept)
        for (unsigned i = 0; i < x->size; i++)
            by_byte[x->addr + i].push_back(x);
    std::set<std::tuple<uintptr_t, uintptr_t, bool>> seen;
    for (auto &entry : by_byte) {
        std::vector<const Access *> &list = entry.second;
        for (const Access *w : list) {
            if (!w->write) continue;
            for (const Access *o : list) {
                if (o == w || o->thread == w->thread || (o->write && o > w)) continue;
                if (w->write == ATOMIC && o->write == ATOMIC) continue;    // atomics do not race
                bool same_group = w->thread / group_size == o->thread / group_size;
                if (w->local && !same_group) continue;               // each group its own copy
                if (same_group && w->epoch != o->epoch) continue;    // a fencing barrier between
                if (!seen.insert({w->pc, o->pc, (bool)o->write}).second) continue;
                const char *kind = w->write == ATOMIC ? (o->write ? "atomic-write" : "atomic-read")
                                   : o->write == ATOMIC ? "write-atomic" : o->write ? "write-write" : "write-read";
                std::string where;
                bool inside;
                uintptr_t a = entry.first;
                if (within(a, global_arena, global_arena_bytes)) {
                    const Buffer *b = nearest(global_buffers, a, &inside);
                    where = "param" + std::to_string(b->param) + "+" + std::to_string((long)(a - (uintptr_t)b->start));
                } else if (within(a, local_arena, local_arena_bytes)) {
                    const Buffer *b = nearest(local_buffers, a, &inside);
                    where = "param" + std::to_string(b->param) + "+" + std::to_string((long)(a - (uintptr_t)b->start));
                } else if (w->local) {
                    where = "shared+" + std::to_string((long)(a - (uintptr_t)(oracle_shared_head + sizeof oracle_shared_head)));
                } else {
                    where = "static";
                }
                printf("RACE %s %s %lx %lx %s %s %s\n", w->local ? "local" : "global", kind, (unsigned long)w->pc,
                       (unsigned long)o->pc, thread_name(w->thread).c_str(), thread_name(o->thread).c_str(),
                       where.c_str());
            }
        }
    }
}

unsigned id_of(const unsigned *v, int dim) { return dim >= 0 && dim < 3 ? v[dim] : 0; }

}  // namespace

// ---- called by the stubs in the kernel's translation unit ----
extern "C" unsigned oracle_id(int which, int dim) {
    switch (which) {
    case 0: return id_of(current->lid, dim);
    case 1: return id_of(group_id, dim);
    case 2: return dim >= 0 && dim < 3 ? local_size[dim] : 1;
    case 3: return dim >= 0 && dim < 3 ? groups[dim] : 1;
    default: return dims;
    }
}

extern "C" void oracle_barrier(unsigned flags) {
    current->flags = flags;
    current->site = (uintptr_t)__builtin_return_address(0);
    current->state = AT_BARRIER;
    swapcontext(&current->ctx, &scheduler);
    in_kernel = 1;
}

// Of the stub of OpenCL's asynchronous copies: whether a pointer is into local memory.
extern "C" int oracle_is_local(const volatile void *p) {
    uintptr_t a = (uintptr_t)p;
    return within(a, __start_oracle_shared, __stop_oracle_shared - __start_oracle_shared) ||
           within(a, local_arena, local_arena_bytes);
}

extern "C" void oracle_assert(int ok) {
    if (!ok) event("ASSERT", (uintptr_t)__builtin_return_address(0), here());
}

// GPUVerify's __assume, and __requires at the kernel's start: a launch the kernel does
// not allow. __requires of a helper is checked at each call, as an assertion.
extern "C" void oracle_assume(int ok) {
    if (!ok) event("ASSUME", (uintptr_t)__builtin_return_address(0), here());
}

extern "C" void oracle_require(int ok) {
    if (!ok) event(current->depth <= 1 ? "ASSUME" : "ASSERT", (uintptr_t)__builtin_return_address(0), here());
}

// An atomic update of `size` bytes at `address` by the stubs' atomic functions (which
// are not instrumented: their load and store are this one access), at `pc` in the kernel.
extern "C" void oracle_atomic(volatile void *address, unsigned size, void *pc) {
    record((void *)address, size, ATOMIC, pc);
}

// ---- the hooks that gcc's -fsanitize=thread instrumentation calls ----
#define ORACLE_HOOKS(n)                                                                                   \
    extern "C" void __tsan_read##n(void *a) { record(a, n, false, __builtin_return_address(0)); }          \
    extern "C" void __tsan_write##n(void *a) { record(a, n, true, __builtin_return_address(0)); }          \
    extern "C" void __tsan_unaligned_read##n(void *a) { record(a, n, false, __builtin_return_address(0)); } \
    extern "C" void __tsan_unaligned_write##n(void *a) { record(a, n, true, __builtin_return_address(0)); } \
    extern "C" void __tsan_volatile_read##n(void *a) { record(a, n, false, __builtin_return_address(0)); }  \
    extern "C" void __tsan_volatile_write##n(void *a) { record(a, n, true, __builtin_return_address(0)); }
ORACLE_HOOKS(1)
ORACLE_HOOKS(2)
ORACLE_HOOKS(4)
ORACLE_HOOKS(8)
ORACLE_HOOKS(16)

extern "C" void __tsan_read_range(void *a, unsigned long n) {
    for (unsigned long i = 0; i < n; i++) record((char *)a + i, 1, false, __builtin_return_address(0));
}
extern "C" void __tsan_write_range(void *a, unsigned long n) {
    for (unsigned long i = 0; i < n; i++) record((char *)a + i, 1, true, __builtin_return_address(0));
}
extern "C" void __tsan_func_entry(void *) { if (current) current->depth++; }
extern "C" void __tsan_func_exit() { if (current) current->depth--; }
extern "C" void __tsan_init() {}
extern "C" void __tsan_vptr_update(void **, void *) {}
extern "C" void __tsan_vptr_read(void **) {}

int main() {
    char word[32];
    if (scanf("%31s %u %u %u", word, &local_size[0], &local_size[1], &local_size[2]) != 4 ||
        scanf("%31s %u %u %u", word, &groups[0], &groups[1], &groups[2]) != 4 || scanf("%31s %u", word, &dims) != 2) {
        fprintf(stderr, "oracle: bad launch\n");
        return 2;
    }
    group_size = local_size[0] * local_size[1] * local_size[2];
    group_count = groups[0] * groups[1] * groups[2];
    int count = oracle_param_count;
    std::vector<oracle_param> params(count > 0 ? count : 1);
    oracle_describe(params.data());
    std::vector<long double> scalars(count);
    std::vector<std::vector<long double>> fills(count);
    std::vector<long> lengths(count);
    for (int i = 0; i < count; i++) {
        if (scanf("%31s", word) != 1) { fprintf(stderr, "oracle: missing parameter %d\n", i); return 2; }
        if (!strcmp(word, "scalar")) {
            scanf("%Lf", &scalars[i]);
            continue;
        }
        int n = 0;
        scanf("%ld %d", &lengths[i], &n);
        fills[i].resize(n);
        for (int k = 0; k < n; k++) scanf("%Lf", &fills[i][k]);
    }
    std::vector<size_t> gsizes, lsizes;
    std::vector<int> gparams, lparams;
    for (int i = 0; i < count; i++) {
        if (!params[i].pointer) continue;
        if (params[i].is_local)
            for (unsigned g = 0; g < group_count; g++) { lsizes.push_back(lengths[i] * params[i].elem); lparams.push_back(i); }
        else { gsizes.push_back(lengths[i] * params[i].elem); gparams.push_back(i); }
    }
    global_arena = make_arena(gsizes, global_buffers, gparams, &global_arena_bytes);
    local_arena = make_arena(lsizes, local_buffers, lparams, &local_arena_bytes);
    std::vector<void *> args(count > 0 ? count : 1);
    for (const Buffer &b : global_buffers) {
        params[b.param].fill(b.start, lengths[b.param], fills[b.param].data(), (int)fills[b.param].size());
        args[b.param] = b.start;
    }
    for (int i = 0; i < count; i++)
        if (!params[i].pointer) args[i] = &scalars[i];
    group_args = args.data();

    threads.resize(group_size);
    for (unsigned t = 0; t < group_size; t++) {
        threads[t].linear = t;
        threads[t].lid[0] = t % local_size[0];
        threads[t].lid[1] = t / local_size[0] % local_size[1];
        threads[t].lid[2] = t / (local_size[0] * local_size[1]);
    }
    stacks_bytes = group_size * (STACK + GUARD);
    stacks = (char *)mmap(nullptr, stacks_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    for (unsigned t = 0; t < group_size; t++)
        mprotect(stacks + t * (STACK + GUARD), GUARD, PROT_NONE);   // an overflow faults
    install_fault_handlers();
    setvbuf(stdout, nullptr, _IOLBF, 0);
    if (sigsetjmp(recover, 1) == 0) {
        for (unsigned g = 0; g < group_count; g++) {
            size_t next = 0;   // this group's copies of the __local parameters
            for (const Buffer &b : local_buffers)
                if (next++ % group_count == g) {
                    params[b.param].fill(b.start, lengths[b.param], fills[b.param].data(), (int)fills[b.param].size());
                    args[b.param] = b.start;
                }
            run_group(g);
        }
    }
    in_kernel = 0;
    current = nullptr;
    report_races();
    if (limit_hit) printf("LIMIT %zu\n", accesses.size());
    printf("DONE\n");
    return 0;
}
