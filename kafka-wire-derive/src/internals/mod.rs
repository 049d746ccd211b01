//! Parsing and validation: the front half of the derive.

pub mod ast;
pub mod attr;
pub mod check;
pub mod ctxt;
pub mod range;
pub mod symbol;
