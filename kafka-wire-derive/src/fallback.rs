//! What the derive emits when the input has errors: the errors, plus the trait
//! impls with unreachable bodies, so that users see the real mistakes and not a
//! cascade of "trait not implemented" errors where the struct is used.

use proc_macro2::TokenStream;
use quote::quote;
use syn::DeriveInput;

pub fn expand(
    input: &DeriveInput,
    errors: syn::Error,
    krate: &syn::Path,
    api_key: Option<i16>,
    versioned: bool,
    view: Option<syn::Ident>,
) -> TokenStream {
    let errors = errors.to_compile_error();
    let ident = &input.ident;
    let (impl_g, ty_g, where_g) = input.generics.split_for_impl();
    let versioned = (versioned || api_key.is_some()).then(|| {
        quote! {
            #[automatically_derived]
            impl #impl_g #krate::Versioned for #ident #ty_g #where_g {
                const VERSIONS: #krate::VersionRange = #krate::VersionRange::NONE;
                const FLEXIBLE: #krate::VersionRange = #krate::VersionRange::NONE;
            }
        }
    });
    let message = api_key.map(|key| {
        quote! {
            #[automatically_derived]
            impl #impl_g #krate::Message for #ident #ty_g #where_g {
                const API_KEY: i16 = #key;
            }
        }
    });
    // The view struct with no fields, so that its name resolves.
    let view = view.map(|view| {
        let vis = &input.vis;
        quote! {
            #[derive(Debug, Clone, Copy)]
            #vis struct #view<'a>(::core::marker::PhantomData<&'a ()>);
            #[automatically_derived]
            impl #impl_g #krate::WireView for #ident #ty_g #where_g {
                type View<'a> = #view<'a>;
                fn view_wire<'a>(_: &mut &'a [u8], _: #krate::Ctx)
                    -> ::core::result::Result<#view<'a>, #krate::DecodeError> { ::core::unreachable!() }
                fn default_view<'a>() -> #view<'a> { ::core::unreachable!() }
                fn from_view(_: #view<'_>) -> Self { ::core::unreachable!() }
            }
        }
    });
    quote! {
        #errors
        #view
        const _: () = {
            #[automatically_derived]
            impl #impl_g #krate::Wire for #ident #ty_g #where_g {
                const TYPE: #krate::schema::KafkaType = #krate::schema::KafkaType::Bool;
                const MIN_LEN: usize = 0;
                fn encode_wire<__B: #krate::__private::BufMut>(&self, _: &mut __B, _: #krate::Ctx)
                    -> ::core::result::Result<(), #krate::EncodeError> { ::core::unreachable!() }
                fn wire_len(&self, _: #krate::Ctx) -> usize { ::core::unreachable!() }
                fn decode_wire<__B: #krate::__private::Buf>(_: &mut __B, _: #krate::Ctx)
                    -> ::core::result::Result<Self, #krate::DecodeError> { ::core::unreachable!() }
                fn is_default_value(&self) -> bool { ::core::unreachable!() }
            }
            #[automatically_derived]
            impl #impl_g ::core::default::Default for #ident #ty_g #where_g {
                fn default() -> Self { ::core::unreachable!() }
            }
            #[automatically_derived]
            impl #impl_g #krate::KafkaStruct for #ident #ty_g #where_g {
                const SCHEMA: #krate::schema::StructSchema = #krate::schema::StructSchema {
                    name: "", json_name: "", doc: "", fields: &[], keeps_unknown_tags: false,
                };
            }
            #versioned
            #message
        };
    }
}
