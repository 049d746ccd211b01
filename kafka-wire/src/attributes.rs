//! Reference of every `#[kafka(...)]` attribute. (Documentation only.)
