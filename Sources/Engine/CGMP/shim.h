#ifndef PRIMETIME_CGMP_SHIM_H
#define PRIMETIME_CGMP_SHIM_H

#include <gmp.h>
#include <string.h>

// Not GMP's, but C the engine needs: glibc's malloc_trim, which Swift's Glibc module does
// not bring (malloc.h). Elsewhere, nothing to do; nor under the address or thread sanitizer,
// whose allocators replace glibc's: there malloc_trim is the first call into glibc's own
// allocator, which it then sets up without a lock, and threads trimming at once crashed
// (the tests of the engine and the core together: "malloc assertion failure in
// __malloc_arena_thread_freeres"; in C, eight threads trimming at once, 8 runs of 50). The
// sanitizers' runtimes define these functions; a weak reference to one is null without it
// (the importer that compiles this header is not told of the sanitizer).
#if defined(__GLIBC__)
#include <malloc.h>
extern void __asan_init(void) __attribute__((weak));
extern void __tsan_init(void) __attribute__((weak));
static inline void primetime_release_freed_memory(void) {
  if (&__asan_init == 0 && &__tsan_init == 0) malloc_trim(0);
}
#else
static inline void primetime_release_freed_memory(void) {}
#endif

// The processors this thread may run on (its affinity mask), or 0 when the system does not
// say. The raw system call: glibc's wrapper and CPU_COUNT need _GNU_SOURCE, which Swift's
// Glibc module is not built with. 4,096 processors at most.
#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
static inline long primetime_affinity_processors(void) {
  unsigned long mask[64];
  long bytes = syscall(SYS_sched_getaffinity, 0, sizeof mask, mask);
  if (bytes <= 0) return 0;
  long count = 0;
  for (long i = 0; i < bytes / (long)sizeof(unsigned long); i++) {
    count += __builtin_popcountl(mask[i]);
  }
  return count;
}
#else
static inline long primetime_affinity_processors(void) { return 0; }
#endif

// GMP spells its API as macros (mpz_init → __gmpz_init), which Swift does not import.
// These inline functions give Swift the documented names.

static inline void cgmp_mpz_init(mpz_ptr x) { mpz_init(x); }
static inline void cgmp_mpz_clear(mpz_ptr x) { mpz_clear(x); }
static inline void cgmp_mpz_set(mpz_ptr r, mpz_srcptr x) { mpz_set(r, x); }
static inline void cgmp_mpz_set_ui(mpz_ptr r, unsigned long x) { mpz_set_ui(r, x); }
static inline int cgmp_mpz_set_str(mpz_ptr r, const char *s, int base) {
  return mpz_set_str(r, s, base);
}
static inline char *cgmp_mpz_get_str(char *s, int base, mpz_srcptr x) {
  return mpz_get_str(s, base, x);
}
static inline unsigned long cgmp_mpz_get_ui(mpz_srcptr x) { return mpz_get_ui(x); }
static inline int cgmp_mpz_fits_ulong_p(mpz_srcptr x) { return mpz_fits_ulong_p(x); }
static inline int cgmp_mpz_sgn(mpz_srcptr x) { return mpz_sgn(x); }
static inline int cgmp_mpz_cmp(mpz_srcptr a, mpz_srcptr b) { return mpz_cmp(a, b); }
static inline size_t cgmp_mpz_sizeinbase(mpz_srcptr x, int base) {
  return mpz_sizeinbase(x, base);
}
static inline void cgmp_mpz_mul(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { mpz_mul(r, a, b); }
static inline void cgmp_mpz_ui_pow_ui(mpz_ptr r, unsigned long b, unsigned long e) {
  mpz_ui_pow_ui(r, b, e);
}
static inline void cgmp_mpz_add_ui(mpz_ptr r, mpz_srcptr a, unsigned long b) { mpz_add_ui(r, a, b); }
static inline void cgmp_mpz_sub_ui(mpz_ptr r, mpz_srcptr a, unsigned long b) { mpz_sub_ui(r, a, b); }
static inline int cgmp_mpz_probab_prime_p(mpz_srcptr x, int reps) {
  return mpz_probab_prime_p(x, reps);
}
static inline void cgmp_mpz_nextprime(mpz_ptr r, mpz_srcptr x) { mpz_nextprime(r, x); }
static inline unsigned long cgmp_mpz_fdiv_ui(mpz_srcptr x, unsigned long d) {
  return mpz_fdiv_ui(x, d);
}

// Frees a string returned by cgmp_mpz_get_str with GMP's own allocator.
static inline void cgmp_free_str(char *s) {
  void (*free_function)(void *, size_t);
  mp_get_memory_functions(NULL, NULL, &free_function);
  free_function(s, strlen(s) + 1);
}

#endif
