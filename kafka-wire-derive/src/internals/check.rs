//! The rules that need the whole struct (or the whole field): each broken rule
//! is one error at the offending token; all are reported together.

use std::collections::HashMap;

use syn::{Expr, Lit, Type, UnOp};

use super::ast::{type_name, Container, Field};
use super::ctxt::Ctxt;
use super::range::Range;
use super::symbol::{FLEXIBLE, NULLABLE, TAG, TAGGED, VERSIONS};

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
        check_name(cx, field);
        check_nullable(cx, field);
        check_tags(cx, cont, field, &mut tags);
        check_default(cx, field);
    }
}

/// A field's name is a key of Kafka's JSON form (`kafka_wire::json`), which
/// writes keys as they are: one that would need an escape is refused.
fn check_name(cx: &Ctxt, field: &Field) {
    if let Some(name) = &field.attrs.name {
        let text = name.value();
        if text
            .chars()
            .any(|c| c.is_control() || c == '"' || c == '\\')
        {
            cx.error_spanned_by(
                name,
                "`name` cannot hold a quote, a backslash or a control character (it is a JSON key)",
            );
        }
    }
}

fn check_container(cx: &Ctxt, cont: &Container) {
    let a = &cont.attrs;
    if a.versions.is_some() || a.invalid.contains(&VERSIONS) {
        return;
    }
    if let Some((_, lit)) = &a.api_key {
        cx.error_spanned_by(
            lit,
            "a top-level message needs `versions = \"…\"` next to `api_key`",
        );
        return;
    }
    if let Some(flexible) = &a.flexible {
        cx.error_spanned_by(
            &flexible.lit,
            "`flexible` needs `versions = \"…\"` beside it: a struct with versions of its own \
             (a message, header or data schema) says both; a nested struct inherits them",
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
    // Its type is checked by the compiler (an alias of UnknownTaggedFields is
    // fine): the generated code asserts it at the field's type.
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
    let flags = [&a.ignorable, &a.map_key];
    for path in flags.into_iter().flatten() {
        cx.error_spanned_by(path, "`unknown_tagged_fields` takes no other keys");
    }
    for lit in [&a.name, &a.entity_type].into_iter().flatten() {
        cx.error_spanned_by(lit, "`unknown_tagged_fields` takes no other keys");
    }
}

fn check_type(cx: &Ctxt, field: &Field) {
    let ty = field.base_ty();
    let bad = match ty {
        Type::Reference(_) => {
            Some("references cannot be decoded into; use an owned type such as Str")
        }
        Type::Tuple(_) => Some("Kafka has no tuples; declare a nested struct"),
        Type::Array(a) if is_uuid_array(a) => {
            Some("Kafka's uuid is `kafka_wire::Uuid` (16 bytes, Kafka's text form)")
        }
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

/// `[u8; 16]`, the habit of writing a uuid as its bytes.
fn is_uuid_array(a: &syn::TypeArray) -> bool {
    let sixteen = matches!(&a.len, Expr::Lit(l) if matches!(&l.lit, Lit::Int(i) if i.base10_digits() == "16"));
    sixteen && type_name(&a.elem).as_deref() == Some("u8")
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
                    "`nullable` needs an `Option<_>` field: change the type of `{}` to Option<{}> \
                     (spelled `Option<…>`: the derive reads the spelling, so an alias of an Option \
                     is not seen as one)",
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
            if cont.attrs.versions.is_some() && !cont.attrs.invalid.contains(&FLEXIBLE) {
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

/// A literal default whose kind cannot fit the field's type, and the habits
/// of Kafka's JSON (`"default": "null"`, `"default": "-1"`).
fn check_default(cx: &Ctxt, field: &Field) {
    let Some(expr) = &field.attrs.default else {
        return;
    };
    // `Some(x)` on an Option field says the same as `x`.
    let expr = match (some_arg(expr), field.option_inner) {
        (Some(inner), Some(_)) => inner,
        (Some(_), None) => {
            cx.error_spanned_by(
                expr,
                format!(
                    "default `Some(…)` does not fit `{}`, which is not an Option: write the value alone",
                    field.ident
                ),
            );
            return;
        }
        (None, _) => expr,
    };
    let lit = match expr {
        Expr::Lit(l) => &l.lit,
        Expr::Unary(u) if matches!(u.op, UnOp::Neg(_)) => match &*u.expr {
            Expr::Lit(l) => &l.lit,
            _ => return,
        },
        Expr::Path(p) if p.path.is_ident("None") => {
            check_default_none(cx, field, expr);
            return;
        }
        _ => return,
    };
    if let (Lit::Str(s), Some(_)) = (lit, field.option_inner) {
        if s.value() == "null" {
            cx.error_spanned_by(
                expr,
                "`default = \"null\"` would be the four-letter string \"null\": \
                 write `default = None` for a null default",
            );
            return;
        }
    }
    let Some(ty) = type_name(field.base_ty()) else {
        return;
    };
    let ty = ty.as_str();
    if let Lit::Str(s) = lit {
        let text = s.value();
        let unquoted = match ty {
            "bool" => matches!(text.as_str(), "true" | "false"),
            "f64" => text.parse::<f64>().is_ok(),
            _ if NUMERIC.contains(&ty) => text.parse::<i64>().is_ok() || text.starts_with("0x"),
            _ => false,
        };
        if unquoted {
            cx.error_spanned_by(
                expr,
                format!("default for `{ty}` is a literal, not a string: drop the quotes, `default = {text}`"),
            );
            return;
        }
    }
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

/// `default = None`: only on an Option that is nullable in all its versions.
fn check_default_none(cx: &Ctxt, field: &Field, expr: &Expr) {
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
}

/// `x` for an expression written `Some(x)`.
pub fn some_arg(expr: &Expr) -> Option<&Expr> {
    match expr {
        Expr::Call(call) if call.args.len() == 1 => match &*call.func {
            Expr::Path(p) if p.path.is_ident("Some") => call.args.first(),
            _ => None,
        },
        _ => None,
    }
}
