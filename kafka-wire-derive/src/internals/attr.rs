//! Reads `#[kafka(...)]` attributes one key at a time into typed values that keep
//! their tokens, so that later errors point at the right place.

use syn::meta::ParseNestedMeta;
use syn::{Attribute, Expr, ExprLit, Lit, LitInt, LitStr, Path, Token, UnOp};

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
    pub name: Option<LitStr>,
    /// `view`: also derive the borrowed view (`<Name>View<'a>`).
    pub view: Option<Path>,
    pub krate: Option<Path>,
    /// Keys given with a value that was rejected (and reported), so that the
    /// checks do not report them as missing too.
    pub invalid: Vec<&'static str>,
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
    pub name: Option<LitStr>,
    pub map_key: Option<Path>,
    pub entity_type: Option<LitStr>,
    pub unknown_tagged_fields: Option<Path>,
    /// Keys given with a value that was rejected (and reported), so that the
    /// checks do not report them as missing too.
    pub invalid: Vec<&'static str>,
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

/// The `= value` of a key; `None` (reported) when the `=` is missing.
fn value_expr(cx: &Ctxt, meta: &ParseNestedMeta, name: &str) -> syn::Result<Option<Expr>> {
    if !meta.input.peek(Token![=]) {
        cx.error_spanned_by(&meta.path, format!("`{name}` needs a value: `{name} = …`"));
        return Ok(None);
    }
    meta.value()?.parse().map(Some)
}

fn parse_range(cx: &Ctxt, meta: &ParseNestedMeta, name: &str) -> syn::Result<Option<RangeAttr>> {
    let Some(expr) = value_expr(cx, meta, name)? else {
        return Ok(None);
    };
    let lit = match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Str(lit), ..
        }) => lit,
        other => {
            cx.error_spanned_by(
                &other,
                format!(
                    "`{name}` takes a version range in quotes: \"N+\", \"N-M\", \"N\" or \"none\""
                ),
            );
            return Ok(None);
        }
    };
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

/// A non-negative integer literal that fits `T` (`tag`, `api_key`).
fn parse_int<T: std::str::FromStr>(
    cx: &Ctxt,
    meta: &ParseNestedMeta,
    name: &str,
) -> syn::Result<Option<(T, LitInt)>>
where
    T::Err: std::fmt::Display,
{
    let Some(expr) = value_expr(cx, meta, name)? else {
        return Ok(None);
    };
    let problem = match &expr {
        Expr::Lit(ExprLit {
            lit: Lit::Int(lit), ..
        }) => match lit.base10_parse::<T>() {
            Ok(v) => return Ok(Some((v, lit.clone()))),
            Err(_) => format!(
                "`{name}` must fit in {}, found {}",
                std::any::type_name::<T>(),
                lit.base10_digits()
            ),
        },
        Expr::Lit(ExprLit {
            lit: Lit::Str(s), ..
        }) => format!(
            "`{name}` takes an integer, not a string: write `{name} = {}`",
            s.value()
        ),
        Expr::Unary(u) if matches!(u.op, UnOp::Neg(_)) => {
            format!("`{name}` must be a non-negative integer")
        }
        _ => format!("`{name}` takes an integer literal, e.g. `{name} = 0`"),
    };
    cx.error_spanned_by(&expr, problem);
    Ok(None)
}

/// A string literal value (`name = "Topics"`, `entity_type = "topicName"`).
fn parse_str(cx: &Ctxt, meta: &ParseNestedMeta, name: &str) -> syn::Result<Option<LitStr>> {
    let Some(expr) = value_expr(cx, meta, name)? else {
        return Ok(None);
    };
    match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Str(lit), ..
        }) if !lit.value().is_empty() => Ok(Some(lit)),
        other => {
            cx.error_spanned_by(
                &other,
                format!("`{name}` takes a non-empty string, e.g. `{name} = \"…\"`"),
            );
            Ok(None)
        }
    }
}

/// A flag such as `ignorable`: no value. A value is reported and skipped.
fn flag(cx: &Ctxt, meta: &ParseNestedMeta, name: &str) -> syn::Result<Path> {
    if meta.input.peek(Token![=]) {
        let value: Expr = meta.value()?.parse()?;
        cx.error_spanned_by(
            &value,
            format!("`{name}` is a flag and takes no value: write `{name}` alone"),
        );
    }
    Ok(meta.path.clone())
}

/// Reports an unknown key and skips its value so the rest still parses.
/// Returns the attribute a JSON schema key stands for, so that the caller
/// can count it as given (and the checks do not report it missing too).
fn unknown_key(
    cx: &Ctxt,
    meta: &ParseNestedMeta,
    name: &str,
    expected: &[&str],
    other_place: Option<&str>,
) -> syn::Result<Option<&'static str>> {
    let json = JSON_KEYS.iter().find(|(json, _, _)| *json == name);
    let hint = match (other_place, json) {
        (Some(place), _) => format!("; `{name}` is a {place} attribute"),
        (None, Some((_, _, instead))) => {
            format!("; `{name}` is the JSON schema's key: write {instead}")
        }
        (None, None) => String::new(),
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
    Ok(json.and_then(|(_, key, _)| *key))
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
                API_KEY => match parse_int::<i16>(cx, meta, API_KEY)? {
                    Some(v) => set_once(cx, &mut out.api_key, v, meta, API_KEY),
                    None => out.invalid.push(API_KEY),
                },
                VERSIONS => match parse_range(cx, meta, VERSIONS)? {
                    Some(v) => set_once(cx, &mut out.versions, v, meta, VERSIONS),
                    None => out.invalid.push(VERSIONS),
                },
                FLEXIBLE => match parse_range(cx, meta, FLEXIBLE)? {
                    Some(v) => set_once(cx, &mut out.flexible, v, meta, FLEXIBLE),
                    None => out.invalid.push(FLEXIBLE),
                },
                NAME => match parse_str(cx, meta, NAME)? {
                    Some(v) => set_once(cx, &mut out.name, v, meta, NAME),
                    None => out.invalid.push(NAME),
                },
                VIEW => {
                    let path = flag(cx, meta, VIEW)?;
                    set_once(cx, &mut out.view, path, meta, VIEW);
                }
                CRATE => {
                    let Some(expr) = value_expr(cx, meta, CRATE)? else {
                        return Ok(());
                    };
                    match &expr {
                        Expr::Lit(ExprLit {
                            lit: Lit::Str(lit), ..
                        }) => match lit.parse::<Path>() {
                            Ok(path) => set_once(cx, &mut out.krate, path, meta, CRATE),
                            Err(_) => cx.error_spanned_by(
                                lit,
                                format!(
                                    "`crate` must be a path such as \"::kafka_wire\", found {:?}",
                                    lit.value()
                                ),
                            ),
                        },
                        other => cx.error_spanned_by(
                            other,
                            "`crate` takes a path in quotes, e.g. `crate = \"::kafka_wire\"`",
                        ),
                    }
                }
                other => {
                    let place = FIELD_KEYS.contains(&other).then_some("field");
                    out.invalid
                        .extend(unknown_key(cx, meta, other, STRUCT_KEYS, place)?);
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
                VERSIONS => Some((VERSIONS, &mut out.versions)),
                NULLABLE => Some((NULLABLE, &mut out.nullable)),
                TAGGED => Some((TAGGED, &mut out.tagged)),
                FLEXIBLE => Some((FLEXIBLE, &mut out.flexible)),
                _ => None,
            };
            if let Some((key, slot)) = range_slot {
                match parse_range(cx, meta, key)? {
                    Some(v) => set_once(cx, slot, v, meta, key),
                    None => out.invalid.push(key),
                }
                return Ok(());
            }
            match name.as_str() {
                TAG => match parse_int::<u32>(cx, meta, TAG)? {
                    Some(v) => set_once(cx, &mut out.tag, v, meta, TAG),
                    None => out.invalid.push(TAG),
                },
                DEFAULT => match value_expr(cx, meta, DEFAULT)? {
                    Some(expr) => set_once(cx, &mut out.default, expr, meta, DEFAULT),
                    None => out.invalid.push(DEFAULT),
                },
                IGNORABLE => {
                    let path = flag(cx, meta, IGNORABLE)?;
                    set_once(cx, &mut out.ignorable, path, meta, IGNORABLE);
                }
                MAP_KEY => {
                    let path = flag(cx, meta, MAP_KEY)?;
                    set_once(cx, &mut out.map_key, path, meta, MAP_KEY);
                }
                NAME => match parse_str(cx, meta, NAME)? {
                    Some(v) => set_once(cx, &mut out.name, v, meta, NAME),
                    None => out.invalid.push(NAME),
                },
                ENTITY_TYPE => match parse_str(cx, meta, ENTITY_TYPE)? {
                    Some(v) => set_once(cx, &mut out.entity_type, v, meta, ENTITY_TYPE),
                    None => out.invalid.push(ENTITY_TYPE),
                },
                UNKNOWN_TAGGED_FIELDS => {
                    let path = flag(cx, meta, UNKNOWN_TAGGED_FIELDS)?;
                    set_once(
                        cx,
                        &mut out.unknown_tagged_fields,
                        path,
                        meta,
                        UNKNOWN_TAGGED_FIELDS,
                    );
                }
                other => {
                    let place = STRUCT_KEYS.contains(&other).then_some("struct");
                    out.invalid
                        .extend(unknown_key(cx, meta, other, FIELD_KEYS, place)?);
                }
            }
            Ok(())
        });
        out
    }
}
