// Each Swift example in a doc comment, a DocC article or the README is code in this target,
// inside a test that checks what the example claims: an example that no longer compiles, or no
// longer does what its text says, fails here. `Scripts/check-doc-examples` fails when an
// example is in no compiled file; "…" in an example stands for code left out.
import Testing
