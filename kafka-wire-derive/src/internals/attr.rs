//! Reads `#[kafka(...)]` attributes one key at a time into typed values that keep
//! their tokens, so that later errors point at the right place.

use syn::meta::ParseNestedMeta;
use syn::{Attribute, Expr, LitInt, LitStr, Path, Token};

use super::ctxt::Ctxt;
use super::range::Range;
use super::symbol::*;

/// A version range and the literal it came from.
#[derive(Clone)]
pub struct RangeAttr {
    pub range: Range,
    pub lit: LitStr,
}

/// Struct-level keys.
#[derive(Default)]
pub struct ContainerAttrs {
    pub api_key: Option<(i16, LitInt)>,
    pub versions: Option<RangeAttr>,
    pub flexible: Option<RangeAttr>,
    pub krate: Option<Path>,
}

/// Field-level keys.
#[derive(Default)]
pub struct FieldAttrs {
    pub versions: Option<RangeAttr>,
    pub nullable: Option<RangeAttr>,
    pub tag: Option<(u32, LitInt)>,
    pub tagged: Option<RangeAttr>,
    pub flexible: Option<RangeAttr>,
    pub default: Option<Expr>,
    pub ignorable: Option<Path>,
    pub unknown_tagged_fields: Option<Path>,
}

fn key_name(meta: &ParseNestedMeta) -> String {
    meta.path
        .get_ident()
        .map(|i| i.to_string())
        .unwrap_or_else(|| {
            let path = &meta.path;
            quote::quote!(#path).to_string().replace(' ', "")
        })
}

/// Stores `value` unless the key was already given.
fn set_once<T>(cx: &Ctxt, slot: &mut Option<T>, value: T, meta: &ParseNestedMeta, name: &str) {
    if slot.is_some() {
        cx.error_spanned_by(&meta.path, format!("duplicate kafka attribute `{name}`"));
    } else {
        *slot = Some(value);
    }
}

fn parse_range(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<Option<RangeAttr>> {
    let lit: LitStr = meta.value()?.parse()?;
    match Range::parse(&lit.value()) {
        Some(range) => Ok(Some(RangeAttr { range, lit })),
        None => {
            cx.error_spanned_by(
                &lit,
                format!(
                    "invalid version range {:?}: expected \"N+\", \"N-M\" (N <= M), \"N\" or \"none\"",
                    lit.value()
                ),
            );
            Ok(None)
        }
    }
}

fn parse_int<T: std::str::FromStr>(
    cx: &Ctxt,
    meta: &ParseNestedMeta,
    what: &str,
) -> syn::Result<Option<(T, LitInt)>>
where
    T::Err: std::fmt::Display,
{
    let lit: LitInt = meta.value()?.parse()?;
    match lit.base10_parse::<T>() {
        Ok(v) => Ok(Some((v, lit))),
        Err(_) => {
            cx.error_spanned_by(
                &lit,
                format!(
                    "{what} must be an integer in range of {}",
                    std::any::type_name::<T>()
                ),
            );
            Ok(None)
        }
    }
}

/// Reports an unknown key and skips its value so the rest still parses.
fn unknown_key(
    cx: &Ctxt,
    meta: &ParseNestedMeta,
    name: &str,
    expected: &[&str],
    other_place: Option<&str>,
) -> syn::Result<()> {
    let hint = match other_place {
        Some(place) => format!("; `{name}` is a {place} attribute"),
        None => String::new(),
    };
    cx.error_spanned_by(
        &meta.path,
        format!(
            "unknown kafka attribute `{name}`{hint}; expected one of: {}",
            expected.join(", ")
        ),
    );
    if meta.input.peek(Token![=]) {
        meta.value()?.parse::<Expr>()?;
    }
    Ok(())
}

fn for_each_kafka_attr(
    cx: &Ctxt,
    attrs: &[Attribute],
    mut f: impl FnMut(&ParseNestedMeta) -> syn::Result<()>,
) {
    for attr in attrs.iter().filter(|a| a.path().is_ident(KAFKA)) {
        if let Err(e) = attr.parse_nested_meta(|meta| f(&meta)) {
            cx.syn_error(e);
        }
    }
}

impl ContainerAttrs {
    pub fn from_ast(cx: &Ctxt, attrs: &[Attribute]) -> Self {
        let mut out = ContainerAttrs::default();
        for_each_kafka_attr(cx, attrs, |meta| {
            let name = key_name(meta);
            match name.as_str() {
                API_KEY => {
                    if let Some(v) = parse_int::<i16>(cx, meta, "api_key")? {
                        set_once(cx, &mut out.api_key, v, meta, API_KEY);
                    }
                }
                VERSIONS => {
                    if let Some(v) = parse_range(cx, meta)? {
                        set_once(cx, &mut out.versions, v, meta, VERSIONS);
                    }
                }
                FLEXIBLE => {
                    if let Some(v) = parse_range(cx, meta)? {
                        set_once(cx, &mut out.flexible, v, meta, FLEXIBLE);
                    }
                }
                CRATE => {
                    let lit: LitStr = meta.value()?.parse()?;
                    match lit.parse::<Path>() {
                        Ok(path) => set_once(cx, &mut out.krate, path, meta, CRATE),
                        Err(_) => cx.error_spanned_by(
                            &lit,
                            format!("`crate` must be a path, found {:?}", lit.value()),
                        ),
                    }
                }
                other => {
                    let place = FIELD_KEYS.contains(&other).then_some("field");
                    unknown_key(cx, meta, other, STRUCT_KEYS, place)?;
                }
            }
            Ok(())
        });
        out
    }
}

impl FieldAttrs {
    pub fn from_ast(cx: &Ctxt, attrs: &[Attribute]) -> Self {
        let mut out = FieldAttrs::default();
        for_each_kafka_attr(cx, attrs, |meta| {
            let name = key_name(meta);
            let range_slot = match name.as_str() {
                VERSIONS => Some(&mut out.versions),
                NULLABLE => Some(&mut out.nullable),
                TAGGED => Some(&mut out.tagged),
                FLEXIBLE => Some(&mut out.flexible),
                _ => None,
            };
            if let Some(slot) = range_slot {
                if let Some(v) = parse_range(cx, meta)? {
                    set_once(cx, slot, v, meta, &name);
                }
                return Ok(());
            }
            match name.as_str() {
                TAG => {
                    if let Some(v) = parse_int::<u32>(cx, meta, "tag")? {
                        set_once(cx, &mut out.tag, v, meta, TAG);
                    }
                }
                DEFAULT => {
                    let expr: Expr = meta.value()?.parse()?;
                    set_once(cx, &mut out.default, expr, meta, DEFAULT);
                }
                IGNORABLE => set_once(cx, &mut out.ignorable, meta.path.clone(), meta, IGNORABLE),
                UNKNOWN_TAGGED_FIELDS => set_once(
                    cx,
                    &mut out.unknown_tagged_fields,
                    meta.path.clone(),
                    meta,
                    UNKNOWN_TAGGED_FIELDS,
                ),
                other => {
                    let place = STRUCT_KEYS.contains(&other).then_some("struct");
                    unknown_key(cx, meta, other, FIELD_KEYS, place)?;
                }
            }
            Ok(())
        });
        out
    }
}
