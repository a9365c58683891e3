import CGMP
import Testing

/// Calls GMP through the shim: parse, multiply, print, test primality, find the next prime.
@Test func gmpArithmeticThroughTheShim() {
  var a = mpz_t()
  var b = mpz_t()
  cgmp_mpz_init(&a)
  cgmp_mpz_init(&b)
  defer {
    cgmp_mpz_clear(&a)
    cgmp_mpz_clear(&b)
  }
  // 2^61 - 1 is a Mersenne prime; 2^64 + 1 = 274177 × 67280421310721.
  #expect(cgmp_mpz_set_str(&a, "2305843009213693951", 10) == 0)
  #expect(cgmp_mpz_probab_prime_p(&a, 25) > 0)
  #expect(cgmp_mpz_set_str(&b, "18446744073709551617", 10) == 0)
  #expect(cgmp_mpz_probab_prime_p(&b, 25) == 0)
  #expect(cgmp_mpz_set_str(&b, "not a number", 10) == -1)

  cgmp_mpz_set_ui(&b, 1_000_000)
  cgmp_mpz_nextprime(&a, &b)
  #expect(cgmp_mpz_get_ui(&a) == 1_000_003)

  cgmp_mpz_set_str(&a, "123456789123456789", 10)
  cgmp_mpz_mul(&b, &a, &a)
  let digits = cgmp_mpz_get_str(nil, 10, &b)!
  defer { cgmp_free_str(digits) }
  #expect(String(cString: digits) == "15241578780673678515622620750190521")
}
