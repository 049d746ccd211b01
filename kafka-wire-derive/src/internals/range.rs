//! Version ranges as the macro sees them: `kafka_wire_version::VersionRange`,
//! the type the runtime re-exports, so that the notation is parsed, printed
//! and compared in one place; this module only adds the tokens generated code
//! uses.

use kafka_wire_version::VersionRange;
use proc_macro2::TokenStream;
use quote::quote;

/// An inclusive range of versions, as parsed from an attribute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Range(VersionRange);

impl Range {
    pub const NONE: Range = Range(VersionRange::NONE);
    pub const ALL: Range = Range(VersionRange::ALL);

    /// Parses `"N+"`, `"N-M"`, `"N"` or `"none"`.
    pub fn parse(text: &str) -> Option<Range> {
        VersionRange::parse_const(text).map(Range)
    }

    pub fn is_empty(self) -> bool {
        self.0.is_empty()
    }

    pub fn intersect(self, o: Range) -> Range {
        Range(self.0.intersect(o.0))
    }

    pub fn is_subset_of(self, o: Range) -> bool {
        self.0.is_subset_of(o.0)
    }

    /// The lowest and highest version, `None` when empty.
    fn bounds(self) -> Option<(i16, i16)> {
        Some((self.0.lowest()?, self.0.highest()?))
    }

    /// An expression that is true when `version` (an `i16` expression) is in the range.
    pub fn contains_tokens(self, version: &TokenStream) -> TokenStream {
        let Some((min, max)) = self.bounds() else {
            return quote!(false);
        };
        match (min <= 0, max == i16::MAX) {
            (true, true) => quote!(true),
            (false, true) => quote!((#version >= #min)),
            (true, false) => quote!((#version <= #max)),
            (false, false) if min == max => quote!((#version == #min)),
            (false, false) => quote!((#version >= #min && #version <= #max)),
        }
    }

    /// A `::kafka_wire::VersionRange` constant expression.
    pub fn to_tokens(self, krate: &syn::Path) -> TokenStream {
        match self.bounds() {
            Some((min, max)) => quote!(#krate::VersionRange::new(#min, #max)),
            None => quote!(#krate::VersionRange::NONE),
        }
    }
}

impl std::fmt::Display for Range {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_for_every_shape() {
        let v = quote!(v);
        let tokens = |text: &str| Range::parse(text).unwrap().contains_tokens(&v).to_string();
        assert_eq!(tokens("0+"), "true");
        assert_eq!(tokens("none"), "false");
        assert_eq!(tokens("3+"), "(v >= 3i16)");
        assert_eq!(tokens("0-4"), "(v <= 4i16)");
        assert_eq!(tokens("5"), "(v == 5i16)");
        assert_eq!(tokens("2-7"), "(v >= 2i16 && v <= 7i16)");
        let krate: syn::Path = syn::parse_quote!(::kafka_wire);
        assert_eq!(
            Range::NONE.to_tokens(&krate).to_string(),
            ":: kafka_wire :: VersionRange :: NONE"
        );
    }
}
