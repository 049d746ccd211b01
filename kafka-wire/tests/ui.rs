//! Compile-fail tests: every mistake in `#[kafka(...)]` is a compile error at
//! the offending token, with no cascade of unrelated errors. (A type without
//! a borrowed view in a `view` struct is the one exception: the compiler
//! repeats its "has no borrowed view" at each use of the view.)
//!
//! The `.stderr` files depend on the compiler version. Regenerate them with
//! `TRYBUILD=overwrite cargo test -p kafka-wire --test ui` and read every one.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*/*.rs");
}
