//! The rules that need the whole struct (or the whole field): each broken rule
//! is one error at the offending token; all are reported together.

use std::collections::HashMap;

use syn::{Expr, Lit, Type, UnOp};

use super::ast::{type_name, Container, Field};
use super::ctxt::Ctxt;
use super::range::Range;
use super::symbol::{API_KEY, FLEXIBLE, NULLABLE, TAG, TAGGED, VERSIONS};

/// Field types Kafka has no form for, with what to use instead.
const UNSUPPORTED: &[(&str, &str)] = &[
    ("u8", "Kafka has no unsigned 8-bit type; use i8"),
    ("u64", "Kafka has no unsigned 64-bit type; use i64"),
    ("u128", "Kafka has no 128-bit integers; use Uuid for a UUID"),
    ("i128", "Kafka has no 128-bit integers; use Uuid for a UUID"),
    ("usize", "use i32 (or i64): Kafka sizes are fixed-width"),
    ("isize", "use i32 (or i64): Kafka sizes are fixed-width"),
    ("f32", "Kafka's only float is float64; use f64"),
    ("char", "use Str or String for text"),
    ("str", "use Str or String for text"),
    (
        "HashMap",
        "Kafka arrays are ordered; use Vec<T> of a struct",
    ),
    (
        "BTreeMap",
        "Kafka arrays are ordered; use Vec<T> of a struct",
    ),
    ("HashSet", "Kafka arrays are ordered; use Vec<T>"),
    ("BTreeSet", "Kafka arrays are ordered; use Vec<T>"),
];

const NUMERIC: &[&str] = &["i8", "i16", "u16", "i32", "u32", "i64", "f64"];
const STRINGISH: &[&str] = &["Str", "String"];
const BYTESISH: &[&str] = &["Bytes", "Records"];

pub fn check(cx: &Ctxt, cont: &Container) {
    check_container(cx, cont);
    let mut tags: HashMap<u32, &Field<'_>> = HashMap::new();
    let mut unknown: Option<&Field<'_>> = None;
    for field in &cont.fields {
        if field.is_unknown_tags() {
            check_unknown_tags_field(cx, field, &mut unknown);
            continue;
        }
        check_type(cx, field);
        check_nullable(cx, field);
        check_tags(cx, cont, field, &mut tags);
        check_flexible_override(cx, field);
        check_default(cx, field);
        check_against_message(cx, cont, field);
    }
}

fn check_container(cx: &Ctxt, cont: &Container) {
    let a = &cont.attrs;
    if a.api_key.is_none() {
        if a.invalid.contains(&API_KEY) {
            return;
        }
        for attr in [&a.versions, &a.flexible].into_iter().flatten() {
            cx.error_spanned_by(
                &attr.lit,
                "only a top-level message (with `api_key = N`) takes `versions` and `flexible`; \
                 a nested struct inherits them from its message",
            );
        }
    } else if a.versions.is_none() && !a.invalid.contains(&VERSIONS) {
        cx.error_spanned_by(
            cont.ident,
            "a top-level message needs `versions = \"…\"` next to `api_key`",
        );
    }
}

fn field_versions(field: &Field) -> Range {
    field
        .attrs
        .versions
        .as_ref()
        .map_or(Range::ALL, |v| v.range)
}

fn check_unknown_tags_field<'a>(cx: &Ctxt, field: &'a Field<'a>, seen: &mut Option<&'a Field<'a>>) {
    if let Some(first) = seen {
        cx.error_spanned_by(
            field
                .attrs
                .unknown_tagged_fields
                .as_ref()
                .unwrap_or(&syn::parse_quote!(x)),
            format!(
                "only one field may keep unknown tagged fields; `{}` already does",
                first.ident
            ),
        );
    } else {
        *seen = Some(field);
    }
    if type_name(field.ty).as_deref() != Some("UnknownTaggedFields") {
        cx.error_spanned_by(
            field.ty,
            "the `unknown_tagged_fields` field must have type `kafka_wire::UnknownTaggedFields`",
        );
    }
    let a = &field.attrs;
    let others = [
        a.versions.as_ref().map(|r| &r.lit),
        a.nullable.as_ref().map(|r| &r.lit),
        a.tagged.as_ref().map(|r| &r.lit),
        a.flexible.as_ref().map(|r| &r.lit),
    ];
    for lit in others.into_iter().flatten() {
        cx.error_spanned_by(lit, "`unknown_tagged_fields` takes no other keys");
    }
    if let Some((_, lit)) = &a.tag {
        cx.error_spanned_by(lit, "`unknown_tagged_fields` takes no other keys");
    }
    if let Some(expr) = &a.default {
        cx.error_spanned_by(expr, "`unknown_tagged_fields` takes no other keys");
    }
}

fn check_type(cx: &Ctxt, field: &Field) {
    let ty = field.base_ty();
    let bad = match ty {
        Type::Reference(_) => {
            Some("references cannot be decoded into; use an owned type such as Str")
        }
        Type::Tuple(_) => Some("Kafka has no tuples; declare a nested struct"),
        Type::Array(_) | Type::Slice(_) => Some("use Vec<T> for a Kafka array"),
        Type::Ptr(_)
        | Type::BareFn(_)
        | Type::ImplTrait(_)
        | Type::TraitObject(_)
        | Type::Never(_) => Some("this type has no Kafka wire form"),
        _ => None,
    };
    if let Some(hint) = bad {
        cx.error_spanned_by(ty, format!("unsupported field type: {hint}"));
        return;
    }
    if let Some(name) = type_name(ty) {
        if let Some((_, hint)) = UNSUPPORTED.iter().find(|(n, _)| *n == name) {
            cx.error_spanned_by(ty, format!("unsupported field type `{name}`: {hint}"));
        }
    }
}

/// Fixed-width types: Kafka has no null for them.
fn never_null(ty: &Type) -> Option<String> {
    let name = type_name(ty)?;
    (NUMERIC.contains(&name.as_str()) || name == "bool" || name == "Uuid").then_some(name)
}

const NULLABLE_TYPES: &str = "only strings, bytes, records, arrays and structs are nullable";

fn check_nullable(cx: &Ctxt, field: &Field) {
    match (&field.attrs.nullable, field.option_inner) {
        (Some(n), None) => match never_null(field.ty) {
            Some(name) => cx.error_spanned_by(
                &n.lit,
                format!(
                    "`{}` cannot be nullable: `{name}` has no null in Kafka \
                     ({NULLABLE_TYPES}); remove `nullable`",
                    field.ident
                ),
            ),
            None => cx.error_spanned_by(
                &n.lit,
                format!(
                    "`nullable` needs an `Option<_>` field: change the type of `{}` to Option<{}>",
                    field.ident,
                    {
                        let ty = field.ty;
                        quote::quote!(#ty).to_string().replace(' ', "")
                    }
                ),
            ),
        },
        (Some(_), Some(inner)) => {
            if let Some(name) = never_null(inner) {
                cx.error_spanned_by(
                    inner,
                    format!("`{name}` cannot be null in Kafka: {NULLABLE_TYPES}"),
                );
            }
        }
        (None, Some(_)) if !field.attrs.invalid.contains(&NULLABLE) => cx.error_spanned_by(
            field.ty,
            format!(
                "`{}` is an Option but has no `nullable = \"…\"`: say in which versions it may be null",
                field.ident
            ),
        ),
        _ => {}
    }
}

fn check_tags<'a>(
    cx: &Ctxt,
    cont: &Container,
    field: &'a Field<'a>,
    tags: &mut HashMap<u32, &'a Field<'a>>,
) {
    let a = &field.attrs;
    match (&a.tag, &a.tagged) {
        (Some((_, lit)), None) if !a.invalid.contains(&TAGGED) => {
            cx.error_spanned_by(
                lit,
                "`tag` needs `tagged = \"…\"`: the versions in which the field is tagged",
            );
        }
        (None, Some(t)) if !a.invalid.contains(&TAG) => {
            cx.error_spanned_by(&t.lit, "`tagged` needs `tag = N`: the field's tag number");
        }
        (Some((tag, lit)), Some(tagged)) => {
            if let Some(first) = tags.get(tag) {
                cx.error_spanned_by(
                    lit,
                    format!("tag {tag} is already used by `{}`", first.ident),
                );
            } else {
                tags.insert(*tag, field);
            }
            let versions = field_versions(field);
            if !tagged.range.is_subset_of(versions) {
                cx.error_spanned_by(
                    &tagged.lit,
                    format!(
                        "tagged versions {} are not all within the field's versions {versions}",
                        tagged.range
                    ),
                );
            }
            if cont.attrs.api_key.is_some() && !cont.attrs.invalid.contains(&FLEXIBLE) {
                let flexible = cont
                    .attrs
                    .flexible
                    .as_ref()
                    .map_or(Range::NONE, |f| f.range);
                let message = cont.attrs.versions.as_ref().map_or(Range::ALL, |v| v.range);
                if !tagged.range.intersect(message).is_subset_of(flexible) {
                    cx.error_spanned_by(
                        &tagged.lit,
                        format!(
                            "tagged versions {} include versions outside the message's flexible versions {flexible}",
                            tagged.range
                        ),
                    );
                }
            }
        }
        _ => {}
    }
}

fn check_flexible_override(cx: &Ctxt, field: &Field) {
    let Some(flexible) = &field.attrs.flexible else {
        return;
    };
    let name = type_name(field.base_ty()).unwrap_or_default();
    if !STRINGISH.contains(&name.as_str()) && !BYTESISH.contains(&name.as_str()) {
        cx.error_spanned_by(
            &flexible.lit,
            "a per-field `flexible` override applies to string and bytes fields only \
             (Str, String, Bytes, Records, or Option of them)",
        );
    }
}

/// A literal default whose kind cannot fit the field's type.
fn check_default(cx: &Ctxt, field: &Field) {
    let Some(expr) = &field.attrs.default else {
        return;
    };
    let lit = match expr {
        Expr::Lit(l) => &l.lit,
        Expr::Unary(u) if matches!(u.op, UnOp::Neg(_)) => match &*u.expr {
            Expr::Lit(l) => &l.lit,
            _ => return,
        },
        Expr::Path(p) if p.path.is_ident("None") => {
            if field.option_inner.is_none() {
                cx.error_spanned_by(
                    expr,
                    format!(
                        "default `None` does not fit `{}`, which is not an Option",
                        field.ident
                    ),
                );
            } else if let Some(nullable) = &field.attrs.nullable {
                // Kafka's generator refuses this too: the default could not be
                // written in the versions where the field is not nullable.
                let versions = field_versions(field);
                if !versions.is_subset_of(nullable.range) {
                    cx.error_spanned_by(
                        expr,
                        format!(
                            "default `None` needs `{}` to be nullable in all its versions \
                             ({versions}), but it is nullable only in {}",
                            field.ident, nullable.range
                        ),
                    );
                }
            }
            return;
        }
        _ => return,
    };
    let Some(ty) = type_name(field.base_ty()) else {
        return;
    };
    let ty = ty.as_str();
    let fits = match lit {
        Lit::Int(_) => NUMERIC.contains(&ty),
        Lit::Float(_) => ty == "f64",
        Lit::Bool(_) => ty == "bool",
        Lit::Str(_) => STRINGISH.contains(&ty),
        _ => false,
    };
    let known = NUMERIC.contains(&ty) || STRINGISH.contains(&ty) || ty == "bool";
    if known && !fits {
        cx.error_spanned_by(
            expr,
            format!("default does not fit the field's type `{ty}`"),
        );
    }
    if let (Lit::Int(int), true) = (lit, NUMERIC.contains(&ty) && ty != "f64") {
        let negative = matches!(expr, Expr::Unary(_));
        let text = format!("{}{}", if negative { "-" } else { "" }, int.base10_digits());
        let ok = match ty {
            "i8" => text.parse::<i8>().is_ok(),
            "i16" => text.parse::<i16>().is_ok(),
            "u16" => text.parse::<u16>().is_ok(),
            "i32" => text.parse::<i32>().is_ok(),
            "u32" => text.parse::<u32>().is_ok(),
            _ => text.parse::<i64>().is_ok(),
        };
        if !ok {
            cx.error_spanned_by(
                expr,
                format!("default {text} does not fit the field's type `{ty}`"),
            );
        }
    }
}

/// Rules that need the message's versions: only a top-level struct knows them.
fn check_against_message(cx: &Ctxt, cont: &Container, field: &Field) {
    let (Some(_), Some(message)) = (&cont.attrs.api_key, &cont.attrs.versions) else {
        return;
    };
    let versions = field_versions(field);
    if versions.intersect(message.range).is_empty() {
        let at = field.attrs.versions.as_ref().map(|v| &v.lit);
        let text = format!(
            "field `{}` has versions {versions}, which never meet the message's versions {}",
            field.ident, message.range
        );
        match at {
            Some(lit) => cx.error_spanned_by(lit, text),
            None => cx.error_spanned_by(field.ident, text),
        }
    }
}
