//! The parsed struct: its fields, their Rust types and attributes, each node
//! keeping the `syn` tokens it came from so that errors land on them.

use syn::{Data, DeriveInput, Fields, GenericArgument, Ident, PathArguments, Type};

use super::attr::{ContainerAttrs, FieldAttrs};
use super::ctxt::Ctxt;

/// A derived struct.
pub struct Container<'a> {
    pub ident: &'a Ident,
    pub vis: &'a syn::Visibility,
    pub attrs: ContainerAttrs,
    pub fields: Vec<Field<'a>>,
    pub doc: String,
    pub krate: syn::Path,
}

/// One named field.
pub struct Field<'a> {
    pub ident: &'a Ident,
    pub vis: &'a syn::Visibility,
    pub ty: &'a Type,
    pub attrs: FieldAttrs,
    pub doc: String,
    /// `T` when the field is `Option<T>`.
    pub option_inner: Option<&'a Type>,
}

impl<'a> Field<'a> {
    /// The type without `Option`.
    pub fn base_ty(&self) -> &'a Type {
        self.option_inner.unwrap_or(self.ty)
    }

    /// True for the field that keeps unknown tagged fields.
    pub fn is_unknown_tags(&self) -> bool {
        self.attrs.unknown_tagged_fields.is_some()
    }
}

impl<'a> Container<'a> {
    /// Parses `input`; `None` when it is not a struct with named fields (the
    /// error is in `cx`).
    pub fn from_ast(cx: &Ctxt, input: &'a DeriveInput) -> Option<Container<'a>> {
        let attrs = ContainerAttrs::from_ast(cx, &input.attrs);
        let fields = match &input.data {
            Data::Struct(s) => match &s.fields {
                Fields::Named(named) => named.named.iter().collect::<Vec<_>>(),
                Fields::Unit => Vec::new(),
                Fields::Unnamed(unnamed) => {
                    cx.error_spanned_by(
                        unnamed,
                        "KafkaMessage needs named fields: a Kafka field is known by its name",
                    );
                    return None;
                }
            },
            Data::Enum(e) => {
                cx.error_spanned_by(
                    e.enum_token,
                    "KafkaMessage can only be derived for structs with named fields, not enums",
                );
                return None;
            }
            Data::Union(u) => {
                cx.error_spanned_by(
                    u.union_token,
                    "KafkaMessage can only be derived for structs with named fields, not unions",
                );
                return None;
            }
        };
        if !input.generics.params.is_empty() {
            cx.error_spanned_by(
                &input.generics,
                "KafkaMessage does not support generic structs",
            );
        }
        let fields = fields
            .into_iter()
            .filter_map(|f| {
                let ident = f.ident.as_ref()?;
                Some(Field {
                    ident,
                    vis: &f.vis,
                    ty: &f.ty,
                    attrs: FieldAttrs::from_ast(cx, &f.attrs),
                    doc: doc_text(&f.attrs),
                    option_inner: option_inner(&f.ty),
                })
            })
            .collect();
        let krate = attrs
            .krate
            .clone()
            .unwrap_or_else(|| syn::parse_quote!(::kafka_wire));
        Some(Container {
            ident: &input.ident,
            vis: &input.vis,
            attrs,
            fields,
            doc: doc_text(&input.attrs),
            krate,
        })
    }
}

/// The doc comment's text, lines joined with `\n`, the one leading space of
/// each `///` line removed.
fn doc_text(attrs: &[syn::Attribute]) -> String {
    let lines: Vec<String> = attrs
        .iter()
        .filter(|a| a.path().is_ident("doc"))
        .filter_map(|a| match &a.meta {
            syn::Meta::NameValue(nv) => match &nv.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => Some(s.value()),
                _ => None,
            },
            _ => None,
        })
        .map(|line| {
            line.strip_prefix(' ')
                .unwrap_or(&line)
                .trim_end()
                .to_owned()
        })
        .collect();
    lines.join("\n").trim().to_owned()
}

/// `T` for a type written `Option<T>` (also `std::option::Option<T>`).
fn option_inner(ty: &Type) -> Option<&Type> {
    let Type::Path(p) = ty else { return None };
    if p.qself.is_some() {
        return None;
    }
    let last = p.path.segments.last()?;
    if last.ident != "Option" {
        return None;
    }
    let PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    match args.args.first() {
        Some(GenericArgument::Type(inner)) if args.args.len() == 1 => Some(inner),
        _ => None,
    }
}

/// The last path segment's name of a plain path type (`Str`, `i32`, `Vec`).
pub fn type_name(ty: &Type) -> Option<String> {
    match ty {
        Type::Path(p) if p.qself.is_none() => p.path.segments.last().map(|s| s.ident.to_string()),
        Type::Group(g) => type_name(&g.elem),
        Type::Paren(p) => type_name(&p.elem),
        _ => None,
    }
}
