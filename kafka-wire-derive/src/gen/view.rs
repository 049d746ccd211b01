//! The borrowed view of a struct declared with `#[kafka(view)]`: the struct
//! `<Name>View<'a>` and its `WireView` impl. The version rules are the
//! owned decode's, from the same [`FieldPlan`]s; only the calls differ
//! (`WireView::view_wire` for `Wire::decode_wire`).

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Expr, Lit};

use super::{in_field, FieldPlan, UnknownField};
use crate::internals::ast::Container;
use crate::internals::check;

impl FieldPlan<'_> {
    /// The field's type in the view.
    fn view_ty(&self) -> TokenStream {
        let (krate, base) = (self.krate, self.field.base_ty());
        if self.is_option() {
            quote_spanned!(self.span=> #krate::__private::Option<#krate::ViewOf<'a, #base>>)
        } else {
            quote_spanned!(self.span=> #krate::ViewOf<'a, #base>)
        }
    }

    /// Reads the field's view from `buf`.
    fn view_value(&self, buf: TokenStream) -> TokenStream {
        let (krate, ctx, base) = (self.krate, self.ctx(), self.field.base_ty());
        if self.is_option() {
            let nullable = self.nullable_now();
            quote_spanned!(self.span=> #krate::__private::view_option::<#base>(#buf, #nullable, #ctx))
        } else {
            quote_spanned!(self.span=> <#base as #krate::WireView>::view_wire(#buf, #ctx))
        }
    }

    /// [`view_value`](Self::view_value) of a tagged field's value.
    fn view_tagged_value(&self, buf: TokenStream) -> TokenStream {
        let (krate, ctx, base) = (self.krate, self.ctx(), self.field.base_ty());
        if self.is_option() {
            let nullable = self.nullable_now();
            quote_spanned!(self.span=> #krate::__private::view_tagged_option::<#base>(#buf, #nullable, #ctx))
        } else {
            self.view_value(buf)
        }
    }

    /// The view of the field's default. A `default = …` literal is its own
    /// view (a number, a bool, a string as `&str`); `None` is null.
    fn default_view(&self) -> TokenStream {
        let (krate, base) = (self.krate, self.field.base_ty());
        let Some(expr) = &self.field.attrs.default else {
            let empty = quote_spanned!(self.span=> <#base as #krate::WireView>::default_view());
            return if self.is_option() {
                quote!(#krate::__private::Some(#empty))
            } else {
                empty
            };
        };
        let inner = check::some_arg(expr)
            .filter(|_| self.is_option())
            .unwrap_or(expr);
        let typed = match inner {
            Expr::Lit(l) if matches!(l.lit, Lit::Str(_)) => {
                quote_spanned!(inner.span()=> #krate::__private::TextDefault::from_text(#inner))
            }
            _ => quote!(#inner),
        };
        match (inner, self.is_option()) {
            (Expr::Path(p), true) if p.path.is_ident("None") => quote!(#krate::__private::None),
            (_, true) => quote!(#krate::__private::Some(#typed)),
            (_, false) => typed,
        }
    }

    /// The owned value of the field's view in `__kw_view`.
    fn owned_from_view(&self) -> TokenStream {
        let (krate, base, member) = (self.krate, self.field.base_ty(), self.member);
        if self.is_option() {
            quote_spanned!(self.span=> #krate::__private::option_from_view::<#base>(__kw_view.#member))
        } else {
            quote_spanned!(self.span=> <#base as #krate::WireView>::from_view(__kw_view.#member))
        }
    }
}

/// The view struct and its `WireView` impl (`NullableView` is the
/// runtime's, for every derived struct).
pub(super) fn generate(
    cont: &Container,
    plans: &[FieldPlan],
    tagged: &[&FieldPlan],
    unknown: Option<&UnknownField>,
) -> TokenStream {
    let (krate, ident, vis) = (&cont.krate, cont.ident, cont.vis);
    let view = view_ident(cont);
    let doc = format!(
        "The borrowed view of [`{ident}`]: the same fields, read in place from bytes \
         validated once, without allocating (strings as `&str`, arrays as `ArrayView`s). \
         See the `kafka_wire::view` module."
    );
    let fields = plans.iter().map(|p| {
        let (member, ty, fvis) = (p.member, p.view_ty(), p.field.vis);
        let doc = match p.field.doc.as_str() {
            "" => format!("The view of `{ident}.{}`.", p.name),
            text => text.to_owned(),
        };
        quote!(#[doc = #doc] #fvis #member: #ty)
    });
    let unknown_field = unknown.map(|u| {
        let member = u.member;
        let vis = cont
            .fields
            .iter()
            .find(|f| f.ident == member)
            .map(|f| f.vis);
        quote! {
            /// The tagged fields this struct does not declare at the version read.
            #vis #member: #krate::UnknownTagsView<'a>
        }
    });
    let decode = gen_view_wire(plans, tagged, unknown, krate, &view);
    let defaults = plans.iter().map(|p| {
        let (member, value) = (p.member, p.default_view());
        quote!(#member: #value)
    });
    let unknown_default = unknown.map(|u| {
        let member = u.member;
        quote!(#member: #krate::UnknownTagsView::empty(),)
    });
    let owned = plans.iter().map(|p| {
        let (member, value) = (p.member, p.owned_from_view());
        quote!(#member: #value)
    });
    let unknown_owned = unknown.map(|u| {
        let member = u.member;
        u.build(quote!(__kw_view.#member.to_owned()))
    });
    let lifetime = has_no_fields(plans, unknown)
        .then(|| quote!(__kw_input: ::core::marker::PhantomData<&'a [u8]>,));
    let lifetime_default = input_marker(plans, unknown);
    let struct_item = quote! {
        #[doc = #doc]
        #[derive(::core::fmt::Debug, ::core::clone::Clone, ::core::marker::Copy)]
        // A view is read where it is needed: the fields a user never reads
        // are not dead code of theirs.
        #[allow(dead_code)]
        #vis struct #view<'a> {
            #(#fields,)*
            #unknown_field
            #lifetime
        }
    };
    let impls = quote! {
        #[automatically_derived]
        #[allow(unused_variables, unused_mut, clippy::all)]
        impl #krate::WireView for #ident {
            type View<'a> = #view<'a>;

            #[inline]
            fn view_wire<'a>(
                __kw_buf: &mut &'a [u8],
                __kw_ctx: #krate::Ctx,
            ) -> #krate::__private::Result<#view<'a>, #krate::DecodeError> {
                <Self as #krate::WireView>::view_in_line(__kw_buf, __kw_ctx)
            }

            #[inline(always)]
            fn view_in_line<'a>(
                __kw_buf: &mut &'a [u8],
                __kw_ctx: #krate::Ctx,
            ) -> #krate::__private::Result<#view<'a>, #krate::DecodeError> {
                #decode
            }

            #[inline]
            fn default_view<'a>() -> #view<'a> {
                #view { #(#defaults,)* #unknown_default #lifetime_default }
            }

            #[inline]
            fn from_view(__kw_view: #view<'_>) -> Self {
                Self { #(#owned,)* #unknown_owned }
            }
        }
    };
    quote! {
        #struct_item
        const _: () = { #impls };
    }
}

/// A struct with no fields: its view still names its input's lifetime, in
/// a private `PhantomData` field.
fn has_no_fields(plans: &[FieldPlan], unknown: Option<&UnknownField>) -> bool {
    plans.is_empty() && unknown.is_none()
}

/// The initialiser of that field, where there is one.
fn input_marker(plans: &[FieldPlan], unknown: Option<&UnknownField>) -> Option<TokenStream> {
    has_no_fields(plans, unknown).then(|| quote!(__kw_input: ::core::marker::PhantomData,))
}

/// `Foo` -> `FooView`.
pub(crate) fn view_ident(cont: &Container) -> syn::Ident {
    format_ident!("{}View", cont.ident)
}

/// `view_wire`: the owned decode's reads, as views.
fn gen_view_wire(
    plans: &[FieldPlan],
    tagged: &[&FieldPlan],
    unknown: Option<&UnknownField>,
    krate: &syn::Path,
    view: &syn::Ident,
) -> TokenStream {
    let reads = plans.iter().map(|p| {
        let var = &p.var;
        let read = in_field(p.view_value(quote!(__kw_buf)), &p.name, krate);
        let mutability = p.tag.map(|_| quote!(mut));
        if p.always_regular() {
            quote!(let #var = #read;)
        } else {
            let (regular, default) = (p.regular(), p.default_view());
            quote! {
                let #mutability #var = if #regular { #read } else { #default };
            }
        }
    });
    let members = plans.iter().map(|p| {
        let (member, var) = (p.member, &p.var);
        quote!(#member: #var)
    });
    let lifetime_default = input_marker(plans, unknown);
    if tagged.is_empty() {
        // Every tagged field is unknown: one call reads the section.
        let (bind, member) = match unknown {
            Some(u) => {
                let member = u.member;
                (quote!(let __kw_unknown =), quote!(#member: __kw_unknown,))
            }
            None => (quote!(), quote!()),
        };
        return quote! {
            #(#reads)*
            #bind #krate::__private::view_unknown_section(
                __kw_buf,
                __kw_ctx,
                &<Self as #krate::KafkaStruct>::SCHEMA,
            )?;
            #krate::__private::Ok(#view { #(#members,)* #member #lifetime_default })
        };
    }
    let arms = tagged.iter().map(|p| {
        let tag = p.tag.unwrap_or_default();
        let (var, in_tagged) = (&p.var, p.in_tagged());
        let read = p.view_tagged_value(quote!(__kw_value));
        let read = in_field(
            quote!(#krate::__private::view_value(__kw_buf, __kw_tag, __kw_size, |__kw_value| #read)),
            &p.name,
            krate,
        );
        quote! {
            #tag if #in_tagged => {
                #var = #read;
            }
        }
    });
    let (unknown_var, unknown_keep, unknown_member) = match unknown {
        Some(u) => {
            let member = u.member;
            (
                quote!(let mut __kw_unknown = #krate::UnknownTagsView::empty();),
                quote! {
                    __kw_unknown = #krate::__private::unknown_tags_view(
                        __kw_section,
                        __kw_buf,
                        __kw_count,
                        __kw_ctx.version,
                        &<Self as #krate::KafkaStruct>::SCHEMA,
                    );
                },
                quote!(#member: __kw_unknown,),
            )
        }
        None => (quote!(), quote!(), quote!()),
    };
    quote! {
        #(#reads)*
        #unknown_var
        if __kw_ctx.flexible {
            let __kw_count = #krate::__private::tagged_count(__kw_buf)?;
            let __kw_section: &'a [u8] = __kw_buf;
            let mut __kw_previous = #krate::__private::None;
            for _ in 0..__kw_count {
                let (__kw_tag, __kw_size) = #krate::__private::tagged_header(__kw_buf, __kw_previous)?;
                __kw_previous = #krate::__private::Some(__kw_tag);
                match __kw_tag {
                    #(#arms)*
                    _ => #krate::__private::keep_unknown(__kw_buf, __kw_tag, __kw_size, #krate::__private::None),
                }
            }
            #unknown_keep
        }
        #krate::__private::Ok(#view { #(#members,)* #unknown_member #lifetime_default })
    }
}
