/* The C side of compare-anchors: times FLINT's n_is_prime and fmpz_is_probabprime, and
 * GMP's mpz_probab_prime_p, on the inputs EngineAnchors made. Prints medians in ns. */
#include <flint/fmpz.h>
#include <flint/ulong_extras.h>
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(double *values, int count) {
  qsort(values, count, sizeof(double), compare);
  return values[count / 2];
}

int main(int argc, char **argv) {
  if (argc == 3 && strcmp(argv[1], "is-prime") == 0) {
    FILE *file = fopen(argv[2], "r");
    size_t capacity = 1 << 20, count = 0;
    ulong *numbers = malloc(capacity * sizeof(ulong));
    unsigned long long value;
    while (fscanf(file, "%llu", &value) == 1) numbers[count++] = value;
    double runs[7];
    long found = 0;
    for (int run = 0; run < 7; run++) {
      double start = now();
      found = 0;
      for (size_t i = 0; i < count; i++) found += n_is_prime(numbers[i]);
      runs[run] = now() - start;
    }
    printf("%.2f %ld\n", median(runs, 7) / count, found);
    return 0;
  }
  if (argc == 3 && strcmp(argv[1], "big-is-prime") == 0) {
    FILE *file = fopen(argv[2], "r");
    static char line[4096];
    while (fgets(line, sizeof line, file)) {
      line[strcspn(line, "\n")] = 0;
      fmpz_t f;
      mpz_t g;
      fmpz_init(f);
      mpz_init(g);
      fmpz_set_str(f, line, 10);
      mpz_set_str(g, line, 10);
      double flint[15], gmp[15];
      int a = 0, b = 0;
      for (int run = 0; run < 15; run++) {
        double start = now();
        a = fmpz_is_probabprime(f);
        flint[run] = now() - start;
        start = now();
        b = mpz_probab_prime_p(g, 24) > 0;  /* BPSW, as BigInteger */
        gmp[run] = now() - start;
      }
      printf("%.0f %d %.0f %d\n", median(flint, 15), a, median(gmp, 15), b);
      fmpz_clear(f);
      mpz_clear(g);
    }
    return 0;
  }
  fprintf(stderr, "usage: flint-anchors is-prime FILE | big-is-prime FILE\n");
  return 2;
}
