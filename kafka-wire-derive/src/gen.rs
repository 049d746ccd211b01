//! Code generation: the back half of the derive. Each field's version rule is
//! decided once ([`FieldPlan`]) and shared by encode, size and decode; every
//! value is handled by a call into `kafka_wire`'s `Wire` trait, never by inlined
//! protocol logic.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::ext::IdentExt;
use syn::spanned::Spanned;
use syn::{DeriveInput, Expr, Ident, Lit};

use crate::fallback;
use crate::internals::ast::{Container, Field};
use crate::internals::check;
use crate::internals::ctxt::Ctxt;
use crate::internals::range::Range;

mod json;
mod view;

pub fn expand(input: &DeriveInput) -> TokenStream {
    let cx = Ctxt::new();
    let cont = Container::from_ast(&cx, input);
    if let Some(cont) = &cont {
        check::check(&cx, cont);
    }
    let krate = cont
        .as_ref()
        .map(|c| c.krate.clone())
        .unwrap_or_else(|| syn::parse_quote!(::kafka_wire));
    let api_key = cont
        .as_ref()
        .and_then(|c| c.attrs.api_key.as_ref().map(|k| k.0));
    let view = cont
        .as_ref()
        .filter(|c| c.attrs.view.is_some())
        .map(view::view_ident);
    let versioned = cont.as_ref().is_some_and(|c| {
        c.attrs.versions.is_some()
            || c.attrs
                .invalid
                .contains(&crate::internals::symbol::VERSIONS)
    });
    match (cx.check(), cont) {
        (Ok(()), Some(cont)) => generate(&cont),
        (Err(errors), _) => fallback::expand(input, errors, &krate, api_key, versioned, view),
        // Container::from_ast returns None only after reporting an error.
        (Ok(()), None) => TokenStream::new(),
    }
}

/// The field that keeps unknown tagged fields. Every use goes through the
/// `UnknownTagsField` trait at the field's type, so an alias of
/// `UnknownTaggedFields` is fine and any other type is one error there.
struct UnknownField<'a> {
    member: &'a Ident,
    ty: &'a syn::Type,
    krate: &'a syn::Path,
}

impl UnknownField<'_> {
    /// The kept tags, as `&UnknownTaggedFields`.
    fn get(&self) -> TokenStream {
        let (krate, ty, member) = (self.krate, self.ty, self.member);
        quote_spanned!(ty.span()=> <#ty as #krate::__private::UnknownTagsField>::get(&self.#member))
    }

    /// Sets the field to an `UnknownTaggedFields` expression.
    fn assign(&self, value: TokenStream) -> TokenStream {
        let (krate, ty, member) = (self.krate, self.ty, self.member);
        quote_spanned!(ty.span()=> self.#member = <#ty as #krate::__private::UnknownTagsField>::from_tags(#value);)
    }

    /// The field's initialiser from an `UnknownTaggedFields` expression.
    fn build(&self, value: TokenStream) -> TokenStream {
        let (krate, ty, member) = (self.krate, self.ty, self.member);
        quote_spanned!(ty.span()=> #member: <#ty as #krate::__private::UnknownTagsField>::from_tags(#value),)
    }
}

/// Everything generation needs to know about one declared field.
struct FieldPlan<'a> {
    field: &'a Field<'a>,
    member: &'a Ident,
    name: String,
    /// The name as Kafka's JSON writes it.
    json_name: String,
    /// The local variable decode reads it into.
    var: Ident,
    versions: Range,
    tagged: Range,
    tag: Option<u32>,
    nullable: Range,
    span: Span,
    krate: &'a syn::Path,
}

fn version() -> TokenStream {
    quote!(__kw_ctx.version)
}

impl<'a> FieldPlan<'a> {
    fn new(field: &'a Field<'a>, krate: &'a syn::Path) -> Self {
        let a = &field.attrs;
        FieldPlan {
            field,
            member: field.ident,
            // `r#type` is `type` on the wire, in the schema and in error paths.
            name: field.ident.unraw().to_string(),
            json_name: a.name.as_ref().map_or_else(
                || upper_camel(&field.ident.unraw().to_string()),
                |n| n.value(),
            ),
            // A prefix no internal variable uses, so a field called `tag`,
            // `count` or `unknown` cannot shadow the decoder's own locals.
            var: format_ident!("__kw_field_{}", field.ident),
            versions: a.versions.as_ref().map_or(Range::ALL, |v| v.range),
            tagged: a.tagged.as_ref().map_or(Range::NONE, |v| v.range),
            tag: a.tag.as_ref().map(|t| t.0),
            nullable: a.nullable.as_ref().map_or(Range::NONE, |v| v.range),
            span: field.ty.span(),
            krate,
        }
    }

    fn is_option(&self) -> bool {
        self.field.option_inner.is_some()
    }

    /// True when the field is written in the regular (untagged) part at every version.
    fn always_regular(&self) -> bool {
        self.versions == Range::ALL && self.tagged.is_empty()
    }

    fn in_versions(&self) -> TokenStream {
        self.versions.contains_tokens(&version())
    }

    fn in_tagged(&self) -> TokenStream {
        self.tagged.contains_tokens(&version())
    }

    /// Present in this version and not tagged in it.
    fn regular(&self) -> TokenStream {
        if self.tagged.is_empty() {
            self.in_versions()
        } else {
            let (v, t) = (self.in_versions(), self.in_tagged());
            quote!((#v && !#t))
        }
    }

    /// The field's context: the struct's, narrowed by a `flexible` override.
    fn ctx(&self) -> TokenStream {
        match &self.field.attrs.flexible {
            None => quote!(__kw_ctx),
            Some(r) => {
                let flexible = r.range.contains_tokens(&version());
                quote!(__kw_ctx.narrow_flexible(#flexible))
            }
        }
    }

    fn nullable_now(&self) -> TokenStream {
        self.nullable.contains_tokens(&version())
    }

    fn encode_value(&self, buf: TokenStream) -> TokenStream {
        let (krate, member, ctx, ty) = (self.krate, self.member, self.ctx(), self.field.ty);
        if self.is_option() {
            let nullable = self.nullable_now();
            quote_spanned!(self.span=> #krate::__private::encode_option(&self.#member, #nullable, #buf, #ctx))
        } else {
            quote_spanned!(self.span=> <#ty as #krate::Wire>::encode_wire(&self.#member, #buf, #ctx))
        }
    }

    fn len_value(&self) -> TokenStream {
        let (krate, member, ctx, ty) = (self.krate, self.member, self.ctx(), self.field.ty);
        if self.is_option() {
            let nullable = self.nullable_now();
            quote_spanned!(self.span=> #krate::__private::option_len(&self.#member, #nullable, #ctx))
        } else {
            quote_spanned!(self.span=> <#ty as #krate::Wire>::wire_len(&self.#member, #ctx))
        }
    }

    fn decode_value(&self, buf: TokenStream) -> TokenStream {
        let (krate, ctx, ty) = (self.krate, self.ctx(), self.field.ty);
        if self.is_option() {
            let nullable = self.nullable_now();
            quote_spanned!(self.span=> #krate::__private::decode_option(#buf, #nullable, #ctx))
        } else {
            quote_spanned!(self.span=> <#ty as #krate::Wire>::decode_wire(#buf, #ctx))
        }
    }

    /// [`encode_value`](Self::encode_value) as a tagged field's value: a null
    /// struct is marked by an unsigned varint there, as Kafka marks it.
    fn encode_tagged_value(&self, buf: TokenStream) -> TokenStream {
        let (krate, member, ctx) = (self.krate, self.member, self.ctx());
        if self.is_option() {
            let nullable = self.nullable_now();
            quote_spanned!(self.span=> #krate::__private::encode_tagged_option(&self.#member, #nullable, #buf, #ctx))
        } else {
            self.encode_value(buf)
        }
    }

    /// [`decode_value`](Self::decode_value) of a tagged field's value.
    fn decode_tagged_value(&self, buf: TokenStream) -> TokenStream {
        let (krate, ctx) = (self.krate, self.ctx());
        if self.is_option() {
            let nullable = self.nullable_now();
            quote_spanned!(self.span=> #krate::__private::decode_tagged_option(#buf, #nullable, #ctx))
        } else {
            self.decode_value(buf)
        }
    }

    /// Reads the field into `self`, reusing what it owns.
    fn decode_in_place(&self, buf: TokenStream) -> TokenStream {
        let (krate, ctx, ty, member) = (self.krate, self.ctx(), self.field.ty, self.member);
        if self.is_option() {
            let nullable = self.nullable_now();
            let inner = self.field.base_ty();
            quote_spanned!(self.span=> #krate::__private::decode_option_in_place::<#inner, _>(&mut self.#member, #buf, #nullable, #ctx))
        } else {
            quote_spanned!(self.span=> <#ty as #krate::Wire>::decode_in_place(&mut self.#member, #buf, #ctx))
        }
    }

    /// The default value, typed for the field.
    fn default_value(&self) -> TokenStream {
        let krate = self.krate;
        match (&self.field.attrs.default, self.is_option()) {
            (Some(_), _) => {
                let f = self.default_fn();
                quote!(Self::#f())
            }
            (None, true) => quote!(#krate::__private::Some(#krate::__private::Default::default())),
            (None, false) => {
                let ty = self.field.ty;
                quote_spanned!(self.span=> <#ty as #krate::__private::Default>::default())
            }
        }
    }

    /// The name of the generated function that returns a `default = …` value.
    fn default_fn(&self) -> Ident {
        format_ident!("__kw_default_{}", self.member)
    }

    /// For a `default = …`: one function that returns it, typed by the field,
    /// so a value that does not fit is one error at the expression, and every
    /// use (Default, decode, the tagged and absent rules) shares it.
    fn default_fn_item(&self) -> Option<TokenStream> {
        let expr = self.field.attrs.default.as_ref()?;
        let (krate, ty, name) = (self.krate, self.field.ty, self.default_fn());
        // `Some(x)` and `x` say the same on an Option field.
        let inner = check::some_arg(expr)
            .filter(|_| self.is_option())
            .unwrap_or(expr);
        let typed = match inner {
            Expr::Lit(l) if matches!(l.lit, Lit::Str(_)) => {
                quote_spanned!(inner.span()=> ::core::convert::From::from(#inner))
            }
            _ => quote_spanned!(inner.span()=> #inner),
        };
        let value = match (inner, self.is_option()) {
            (Expr::Path(p), true) if p.path.is_ident("None") => quote!(#krate::__private::None),
            (_, true) => quote!(#krate::__private::Some(#typed)),
            (_, false) => typed,
        };
        Some(quote! {
            #[inline(always)]
            fn #name() -> #ty {
                #value
            }
        })
    }

    /// True when the value equals the field's default.
    fn is_default(&self) -> TokenStream {
        let (krate, member) = (self.krate, self.member);
        match (&self.field.attrs.default, self.is_option()) {
            (Some(Expr::Path(p)), true) if p.path.is_ident("None") => {
                quote!(self.#member.is_none())
            }
            (Some(_), _) => {
                let d = self.default_value();
                quote_spanned!(self.span=> (self.#member == #d))
            }
            (None, true) => {
                quote_spanned!(self.span=> #krate::__private::option_is_default(&self.#member))
            }
            (None, false) => {
                let ty = self.field.ty;
                quote_spanned!(self.span=> <#ty as #krate::Wire>::is_default_value(&self.#member))
            }
        }
    }

    /// The `default = …` text for the schema, written as Kafka's JSON writes it.
    fn default_text(&self) -> TokenStream {
        let Some(expr) = &self.field.attrs.default else {
            return quote!(::core::option::Option::None);
        };
        let expr = check::some_arg(expr).unwrap_or(expr);
        let text = match expr {
            Expr::Lit(l) => lit_text(&l.lit),
            Expr::Unary(u) => match &*u.expr {
                Expr::Lit(l) => format!("-{}", lit_text(&l.lit)),
                other => format!("-{}", quote!(#other)),
            },
            Expr::Path(p) if p.path.is_ident("None") => "null".to_owned(),
            other => quote!(#other).to_string(),
        };
        quote!(::core::option::Option::Some(#text))
    }
}

/// `timeout_ms` -> `TimeoutMs`: Kafka's usual spelling of a field name.
fn upper_camel(snake: &str) -> String {
    snake
        .split('_')
        .map(|word| {
            let mut chars = word.chars();
            match chars.next() {
                Some(first) => first.to_uppercase().chain(chars).collect(),
                None => String::new(),
            }
        })
        .collect()
}

fn lit_text(lit: &Lit) -> String {
    match lit {
        Lit::Str(s) => s.value(),
        Lit::Int(i) => i.base10_digits().to_owned(),
        Lit::Float(f) => f.base10_digits().to_owned(),
        Lit::Bool(b) => b.value.to_string(),
        other => quote!(#other).to_string(),
    }
}

fn generate(cont: &Container) -> TokenStream {
    let krate = &cont.krate;
    let ident = cont.ident;
    let plans: Vec<FieldPlan> = cont
        .fields
        .iter()
        .filter(|f| !f.is_unknown_tags())
        .map(|f| FieldPlan::new(f, krate))
        .collect();
    let unknown = cont
        .fields
        .iter()
        .find(|f| f.is_unknown_tags())
        .map(|f| UnknownField {
            member: f.ident,
            ty: f.ty,
            krate,
        });
    let unknown = unknown.as_ref();
    let mut tagged: Vec<&FieldPlan> = plans.iter().filter(|p| p.tag.is_some()).collect();
    tagged.sort_by_key(|p| p.tag);

    let min_len = gen_min_len(&plans, krate);
    let encode = gen_encode(&plans, &tagged, unknown, krate);
    let len = gen_len(&plans, &tagged, unknown, krate);
    let decode = gen_decode(&plans, &tagged, unknown, krate);
    let decode_in_place = gen_decode_in_place(&plans, &tagged, unknown, krate);
    let is_default = gen_is_default(&plans, unknown);
    let json = json::generate(&plans, unknown, krate);
    let default = gen_default(&plans, unknown, krate);
    let schema = gen_schema(cont, &plans, unknown.is_some());
    let nested_checks = nested_checks(cont, &plans, krate);
    let type_checks = type_checks(cont, &plans, krate);
    let default_fns: Vec<TokenStream> = plans
        .iter()
        .filter_map(FieldPlan::default_fn_item)
        .collect();
    let defaults = (!default_fns.is_empty()).then(|| {
        quote! {
            #[automatically_derived]
            #[allow(non_snake_case)]
            impl #ident {
                #(#default_fns)*
            }
        }
    });
    let versioned = cont.attrs.versions.as_ref().map(|versions| {
        let versions = versions.range.to_tokens(krate);
        let flexible = cont
            .attrs
            .flexible
            .as_ref()
            .map_or(Range::NONE, |v| v.range)
            .to_tokens(krate);
        quote! {
            #[automatically_derived]
            impl #krate::Versioned for #ident {
                const VERSIONS: #krate::VersionRange = #versions;
                const FLEXIBLE: #krate::VersionRange = #flexible;
            }

            #nested_checks
        }
    });
    let view = cont
        .attrs
        .view
        .as_ref()
        .map(|_| view::generate(cont, &plans, &tagged, unknown));
    let message = cont.attrs.api_key.as_ref().map(|(key, _)| {
        quote! {
            #[automatically_derived]
            impl #krate::Message for #ident {
                const API_KEY: i16 = #key;
            }
        }
    });

    quote! {
        const _: () = {
            #[automatically_derived]
            #[allow(unused_variables, unused_mut, clippy::all)]
            impl #krate::Wire for #ident {
                const TYPE: #krate::schema::KafkaType =
                    #krate::schema::KafkaType::Struct(&<Self as #krate::KafkaStruct>::SCHEMA);
                const MIN_LEN: usize = #min_len;
                const FAST: #krate::__private::FastPath<Self> =
                    #krate::__private::FastPath::derived(
                        Self::MIN_LEN,
                        &<Self as #krate::KafkaStruct>::SCHEMA,
                    );

                #[inline]
                fn encode_wire<__B: #krate::__private::BufMut>(
                    &self,
                    __kw_buf: &mut __B,
                    __kw_ctx: #krate::Ctx,
                ) -> #krate::__private::Result<(), #krate::EncodeError> {
                    <Self as #krate::Wire>::encode_in_line(self, __kw_buf, __kw_ctx)
                }

                #[inline(always)]
                fn encode_in_line<__B: #krate::__private::BufMut>(
                    &self,
                    __kw_buf: &mut __B,
                    __kw_ctx: #krate::Ctx,
                ) -> #krate::__private::Result<(), #krate::EncodeError> {
                    #encode
                }

                #[inline]
                fn wire_len(&self, __kw_ctx: #krate::Ctx) -> usize {
                    #len
                }

                #[inline]
                fn decode_wire<__B: #krate::__private::Buf>(
                    __kw_buf: &mut __B,
                    __kw_ctx: #krate::Ctx,
                ) -> #krate::__private::Result<Self, #krate::DecodeError> {
                    #decode
                }

                #[inline]
                fn decode_in_place<__B: #krate::__private::Buf>(
                    &mut self,
                    __kw_buf: &mut __B,
                    __kw_ctx: #krate::Ctx,
                ) -> #krate::__private::Result<(), #krate::DecodeError> {
                    #decode_in_place
                }

                #[inline]
                fn is_default_value(&self) -> bool {
                    #is_default
                }

                #json
            }

            #defaults

            #[automatically_derived]
            impl #krate::__private::Default for #ident {
                #[inline]
                fn default() -> Self {
                    #default
                }
            }

            #[automatically_derived]
            impl #krate::KafkaStruct for #ident {
                const SCHEMA: #krate::schema::StructSchema = #schema;
            }

            #(#type_checks)*
            #versioned
            #message
        };

        #view
    }
}

/// The rules on a field's type that the compiler decides, so that a type
/// alias passes as the type it names: a `flexible` override is on a string,
/// bytes or records field. (The `unknown_tagged_fields` field's type is
/// decided the same way, by [`UnknownField`].) Each failure is an error at
/// the field's type.
fn type_checks(cont: &Container, plans: &[FieldPlan], krate: &syn::Path) -> Vec<TokenStream> {
    let flexible = plans.iter().filter(|p| p.field.attrs.flexible.is_some()).map(|p| {
        let base = p.field.base_ty();
        let message = format!(
            "`{}.{}`: a per-field `flexible` override applies to string, bytes and records fields only",
            cont.ident, p.name
        );
        quote_spanned! {p.span=>
            const _: () = ::core::assert!(
                <#base as #krate::Wire>::TYPE.takes_flexible_override(),
                #message,
            );
        }
    });
    flexible.collect()
}

/// For a versioned struct: one `const` block that checks the structs nested
/// in each field's type against the versions the field lives in (a nested
/// struct cannot know them at its own definition). A failure is a compile
/// error at the field's type that names the field. One block per struct,
/// not one per field: each constant costs the compiler an evaluation of its
/// own, and a `const` per field was a seventh of the build of every API.
fn nested_checks(cont: &Container, plans: &[FieldPlan], krate: &syn::Path) -> Option<TokenStream> {
    let versions = cont.attrs.versions.as_ref()?;
    let flexible = cont
        .attrs
        .flexible
        .as_ref()
        .map_or(Range::NONE, |f| f.range);
    let checks = plans.iter().map(|p| {
        let live = p.versions.intersect(versions.range);
        let (base, live_tokens, flexible_tokens) = (p.field.base_ty(), live.to_tokens(krate), flexible.to_tokens(krate));
        let message = format!(
            "`{}.{}`: a struct nested in this field has a field tagged in a version that is not \
             flexible (of {live}); kafka_wire::schema::validate names it",
            cont.ident, p.name
        );
        quote_spanned! {p.span=>
            if !#krate::schema::type_is_consistent(&<#base as #krate::Wire>::TYPE, #live_tokens, #flexible_tokens) {
                ::core::panic!(#message);
            }
        }
    });
    Some(quote! {
        const _: () = {
            #(#checks)*
        };
    })
}

/// The fewest bytes the struct takes in any version: the sum over the
/// fields present in every version of the fewest bytes each writes (as the
/// built-in types vouch for it in their `FAST` path; a user's own type
/// counts 0), a nullable field counting at most 1, its null. It bounds how
/// many elements an array of the struct may claim, and is the room its
/// writer checks for first, so a user's `MIN_LEN` bounds the decoding of
/// arrays of its own type only.
fn gen_min_len(plans: &[FieldPlan], krate: &syn::Path) -> TokenStream {
    let parts = plans.iter().filter(|p| p.always_regular()).map(|p| {
        let base = p.field.base_ty();
        let min = quote_spanned!(p.span=> <#base as #krate::Wire>::FAST.writes_at_least());
        if p.is_option() {
            quote!(if #min < 1 { #min } else { 1 })
        } else {
            min
        }
    });
    quote!(0 #(+ #parts)*)
}

/// `expr?`, its error located in field `name`: `__field!`, a `match` that
/// returns the error, rather than a `map_err` closure and `?` per field
/// (thousands of closure bodies and trait calls for the compiler to check).
fn in_field(expr: TokenStream, name: &str, krate: &syn::Path) -> TokenStream {
    quote!(#krate::__field!(#expr, #name))
}

fn gen_encode(
    plans: &[FieldPlan],
    tagged: &[&FieldPlan],
    unknown: Option<&UnknownField>,
    krate: &syn::Path,
) -> TokenStream {
    let regular = plans.iter().map(|p| {
        let write = in_field(p.encode_value(quote!(__kw_buf)), &p.name, krate);
        if p.always_regular() {
            return quote!(#write;);
        }
        let (regular, in_versions) = (p.regular(), p.in_versions());
        let absent = if p.field.attrs.ignorable.is_some() {
            quote!()
        } else {
            let (is_default, name) = (p.is_default(), &p.name);
            quote! {
                else if !#in_versions && !#is_default {
                    return #krate::__private::Err(#krate::__private::non_default_absent(#name));
                }
            }
        };
        quote! {
            if #regular {
                #write;
            } #absent
        }
    });

    let flags: Vec<Ident> = tagged
        .iter()
        .map(|p| format_ident!("__kw_write_field_{}", p.member))
        .collect();
    let count_unknown = match unknown {
        Some(u) => {
            let u = u.get();
            quote!(#u.len())
        }
        None => quote!(0usize),
    };
    let writer = match unknown {
        Some(u) => {
            let u = u.get();
            quote!(#krate::__private::TagWriter::new(#u))
        }
        None => quote!(#krate::__private::TagWriter::empty()),
    };
    let decide = tagged.iter().zip(&flags).map(|(p, flag)| {
        let (in_tagged, is_default) = (p.in_tagged(), p.is_default());
        quote!(let #flag = #in_tagged && !#is_default;)
    });
    let write_tagged = tagged.iter().zip(&flags).map(|(p, flag)| {
        let tag = p.tag.unwrap_or_default();
        let (in_tagged, len, write) = (
            p.in_tagged(),
            p.len_value(),
            in_field(p.encode_tagged_value(quote!(__kw_buf)), &p.name, krate),
        );
        quote! {
            if #in_tagged {
                __kw_tags.before(__kw_buf, #tag)?;
                if #flag {
                    #krate::__private::put_header(__kw_buf, #tag, #len)?;
                    #write;
                }
            }
        }
    });
    let refuse_in_classic = tagged.iter().zip(&flags).map(|(p, flag)| {
        let (tag, name) = (p.tag.unwrap_or_default(), &p.name);
        quote! {
            if #flag {
                return #krate::__private::Err(#krate::__private::tag_in_non_flexible(#tag).in_field(#name));
            }
        }
    });
    let unknown_in_classic = unknown.map(|u| {
        let u = u.get();
        quote!(#u.check_empty_for_classic()?;)
    });
    let count = flags.iter().map(|f| quote!(+ #f as usize));

    quote! {
        // Every form of the struct writes at least `MIN_LEN` bytes.
        // With that much room known, the compiler drops the room checks of
        // the writes it covers (a partition index and an array's length,
        // say); without it, the writes cannot all fit, and the error replaces
        // a panic (or, in a one-pass window, the overflow) that would come
        // later.
        let __kw_room = #krate::__private::BufMut::remaining_mut(__kw_buf);
        let __kw_at_least = <Self as #krate::Wire>::MIN_LEN;
        if __kw_room < __kw_at_least {
            return #krate::__private::Err(#krate::__private::short_of_room(
                __kw_at_least,
                __kw_room,
            ));
        }
        #(#regular)*
        #(#decide)*
        if __kw_ctx.flexible {
            // Nearly every tagged section is empty: one zero byte, with no
            // second look at the fields.
            let __kw_count = #count_unknown #(#count)*;
            if __kw_count == 0 {
                #krate::__private::BufMut::put_u8(__kw_buf, 0);
            } else {
                #krate::__private::put_uvarint(__kw_buf, __kw_count as u32);
                let mut __kw_tags = #writer;
                #(#write_tagged)*
                __kw_tags.finish(__kw_buf)?;
            }
        } else {
            #(#refuse_in_classic)*
            #unknown_in_classic
        }
        #krate::__private::Ok(())
    }
}

fn gen_len(
    plans: &[FieldPlan],
    tagged: &[&FieldPlan],
    unknown: Option<&UnknownField>,
    krate: &syn::Path,
) -> TokenStream {
    let regular = plans.iter().map(|p| {
        let len = p.len_value();
        if p.always_regular() {
            quote!(__kw_len += #len;)
        } else {
            let regular = p.regular();
            quote!(if #regular { __kw_len += #len; })
        }
    });
    let (count0, len0) = match unknown {
        Some(u) => {
            let u = u.get();
            (quote!(#u.len()), quote!(#u.wire_len()))
        }
        None => (quote!(0usize), quote!(0usize)),
    };
    let tagged_len = tagged.iter().map(|p| {
        let tag = p.tag.unwrap_or_default();
        let (in_tagged, is_default, len) = (p.in_tagged(), p.is_default(), p.len_value());
        quote! {
            if #in_tagged && !#is_default {
                __kw_count += 1;
                __kw_tagged += #krate::__private::field_len(#tag, #len);
            }
        }
    });
    quote! {
        let mut __kw_len: usize = 0;
        #(#regular)*
        if __kw_ctx.flexible {
            let mut __kw_count: usize = #count0;
            let mut __kw_tagged: usize = #len0;
            #(#tagged_len)*
            __kw_len += #krate::__private::uvarint_len(__kw_count as u32) + __kw_tagged;
        }
        __kw_len
    }
}

fn gen_decode(
    plans: &[FieldPlan],
    tagged: &[&FieldPlan],
    unknown: Option<&UnknownField>,
    krate: &syn::Path,
) -> TokenStream {
    let reads = plans.iter().map(|p| {
        let var = &p.var;
        let read = in_field(p.decode_value(quote!(__kw_buf)), &p.name, krate);
        let mutability = p.tag.map(|_| quote!(mut));
        if p.always_regular() {
            quote!(let #var = #read;)
        } else {
            let (regular, default) = (p.regular(), p.default_value());
            quote! {
                let #mutability #var = if #regular { #read } else { #default };
            }
        }
    });
    let section = gen_tagged_section(tagged, unknown, krate, |p, read| {
        let var = &p.var;
        quote!(#var = #read;)
    });
    let members = plans.iter().map(|p| {
        let (member, var) = (p.member, &p.var);
        quote!(#member: #var)
    });
    let unknown_member = unknown.map(|u| u.build(quote!(__kw_unknown)));
    quote! {
        #(#reads)*
        #section
        #krate::__private::Ok(Self { #(#members,)* #unknown_member })
    }
}

/// `decode_in_place`: the fields in wire order, each decoded into the value
/// it holds (absent ones set to their default), then the tagged section,
/// whose fields replace theirs. The same rules as [`gen_decode`].
fn gen_decode_in_place(
    plans: &[FieldPlan],
    tagged: &[&FieldPlan],
    unknown: Option<&UnknownField>,
    krate: &syn::Path,
) -> TokenStream {
    let reads = plans.iter().map(|p| {
        let read = in_field(p.decode_in_place(quote!(__kw_buf)), &p.name, krate);
        if p.always_regular() {
            quote!(#read;)
        } else {
            let (regular, default, member) = (p.regular(), p.default_value(), p.member);
            quote! {
                if #regular { #read; } else { self.#member = #default; }
            }
        }
    });
    let section = gen_tagged_section(tagged, unknown, krate, |p, read| {
        let member = p.member;
        quote!(self.#member = #read;)
    });
    let store_unknown = unknown.map(|u| u.assign(quote!(__kw_unknown)));
    quote! {
        #(#reads)*
        #section
        #store_unknown
        #krate::__private::Ok(())
    }
}

/// The tagged section of both decodes, after the regular fields: the
/// declared fields each read from exactly their size and stored by `store`
/// (into the local of `decode_wire`, or the member of `decode_in_place`),
/// undeclared ones kept in `__kw_unknown` (or skipped, without an
/// `unknown_tagged_fields` field). A struct that declares no tagged field
/// has one call for it all.
fn gen_tagged_section(
    tagged: &[&FieldPlan],
    unknown: Option<&UnknownField>,
    krate: &syn::Path,
    store: impl Fn(&FieldPlan, TokenStream) -> TokenStream,
) -> TokenStream {
    let unknown_var =
        unknown.map(|_| quote!(let mut __kw_unknown = #krate::UnknownTaggedFields::new();));
    let keep = match unknown {
        Some(_) => quote!(#krate::__private::Some(&mut __kw_unknown)),
        None => quote!(#krate::__private::None),
    };
    if tagged.is_empty() {
        return quote! {
            #unknown_var
            #krate::__private::read_unknown_section(__kw_buf, __kw_ctx.flexible, #keep)?;
        };
    }
    let arms = tagged.iter().map(|p| {
        let tag = p.tag.unwrap_or_default();
        let in_tagged = p.in_tagged();
        let read = p.decode_tagged_value(quote!(__kw_value));
        let read = in_field(
            quote!(#krate::__private::decode_value(__kw_buf, __kw_tag, __kw_size, |__kw_value| #read)),
            &p.name,
            krate,
        );
        let store = store(p, read);
        quote!(#tag if #in_tagged => { #store })
    });
    quote! {
        #unknown_var
        if __kw_ctx.flexible {
            let __kw_count = #krate::__private::get_count(__kw_buf)?;
            let mut __kw_previous = #krate::__private::None;
            for _ in 0..__kw_count {
                let (__kw_tag, __kw_size) = #krate::__private::get_header(__kw_buf, &mut __kw_previous)?;
                match __kw_tag {
                    #(#arms)*
                    _ => #krate::__private::keep_unknown(__kw_buf, __kw_tag, __kw_size, #keep),
                }
            }
        }
    }
}

fn gen_is_default(plans: &[FieldPlan], unknown: Option<&UnknownField>) -> TokenStream {
    let checks = plans.iter().map(|p| p.is_default());
    let unknown = unknown.map(|u| {
        let u = u.get();
        quote!(&& #u.is_empty())
    });
    quote!(true #(&& #checks)* #unknown)
}

fn gen_default(
    plans: &[FieldPlan],
    unknown: Option<&UnknownField>,
    krate: &syn::Path,
) -> TokenStream {
    let members = plans.iter().map(|p| {
        let (member, value) = (p.member, p.default_value());
        quote!(#member: #value)
    });
    let unknown = unknown.map(|u| u.build(quote!(#krate::UnknownTaggedFields::new())));
    quote!(Self { #(#members,)* #unknown })
}

fn gen_schema(cont: &Container, plans: &[FieldPlan], keeps_unknown: bool) -> TokenStream {
    let krate = &cont.krate;
    let name = cont.ident.to_string();
    let json_name = cont.attrs.name.as_ref().map_or(name.clone(), |n| n.value());
    let doc = &cont.doc;
    let fields = plans.iter().map(|p| {
        let base = p.field.base_ty();
        let kafka_type = quote_spanned!(p.span=> <#base as #krate::Wire>::TYPE);
        let (fname, fdoc) = (&p.name, &p.field.doc);
        let (versions, nullable, tagged) = (
            p.versions.to_tokens(krate),
            p.nullable.to_tokens(krate),
            p.tagged.to_tokens(krate),
        );
        let tag = match p.tag {
            Some(t) => quote!(::core::option::Option::Some(#t)),
            None => quote!(::core::option::Option::None),
        };
        let flexible = match &p.field.attrs.flexible {
            Some(r) => {
                let r = r.range.to_tokens(krate);
                quote!(::core::option::Option::Some(#r))
            }
            None => quote!(::core::option::Option::None),
        };
        let default = p.default_text();
        let ignorable = p.field.attrs.ignorable.is_some();
        let (json_name, map_key) = (&p.json_name, p.field.attrs.map_key.is_some());
        let json_key = lower_first(json_name);
        let entity_type = match &p.field.attrs.entity_type {
            Some(e) => quote!(::core::option::Option::Some(#e)),
            None => quote!(::core::option::Option::None),
        };
        quote! {
            #krate::schema::FieldSchema {
                name: #fname,
                json_name: #json_name,
                json_key: #json_key,
                kafka_type: #kafka_type,
                versions: #versions,
                nullable: #nullable,
                tagged: #tagged,
                tag: #tag,
                default: #default,
                ignorable: #ignorable,
                flexible: #flexible,
                map_key: #map_key,
                entity_type: #entity_type,
                doc: #fdoc,
            }
        }
    });
    quote! {
        #krate::schema::StructSchema {
            name: #name,
            json_name: #json_name,
            doc: #doc,
            fields: &[#(#fields),*],
            keeps_unknown_tags: #keeps_unknown,
        }
    }
}

/// `name` with its first letter lower-cased: the key Kafka's generated
/// `JsonConverter` classes write a field under (`Topics` is `topics`).
fn lower_first(name: &str) -> String {
    let mut chars = name.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}
