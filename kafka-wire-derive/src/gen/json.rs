//! `Wire::write_json` of a derived struct: Kafka's JSON text written field
//! by field, with no schema walked at run time. Generated only with the
//! `json` feature (switched on by kafka-wire's own `json` feature, which
//! holds the runtime it calls).
//!
//! The rules are the interpreted writer's (`kafka_wire::json`), decided per
//! field from the same [`FieldPlan`]: the fields of the version in
//! declaration (schema) order, a tagged one only when it holds more than its
//! default, unknown tagged fields never. Each entry is written with its
//! comma first, its key a constant; `close_object` turns the first comma
//! into the `{`. Values are written by their types' `Wire::write_json`.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use super::{in_field, lower_first, FieldPlan, UnknownField};

/// The `WRITES_JSON` constant and the `write_json` and `read_json`
/// methods, or nothing without the feature.
pub(super) fn generate(
    plans: &[FieldPlan],
    unknown: Option<&UnknownField>,
    krate: &syn::Path,
) -> TokenStream {
    if !cfg!(feature = "json") {
        return TokenStream::new();
    }
    let writes = plans.iter().map(|p| {
        let base = p.field.base_ty();
        quote_spanned!(p.span=> && <#base as #krate::Wire>::WRITES_JSON)
    });
    let entries = plans.iter().map(|p| entry(p, krate));
    let read = read(plans, unknown, krate);
    quote! {
        const WRITES_JSON: bool = true #(#writes)*;

        #[inline]
        fn write_json(
            &self,
            __kw_out: &mut ::std::vec::Vec<u8>,
            __kw_json: #krate::json::JsonCtx,
        ) -> #krate::__private::Result<(), #krate::EncodeError> {
            let __kw_start = __kw_out.len();
            #(#entries)*
            #krate::__private::close_object(__kw_out, __kw_start);
            #krate::__private::Ok(())
        }

        #read
    }
}

/// `read_json`: the object's members in any order, each key matched (first
/// as the writer writes it, then by its bytes) to a field the version has (`None`, for the strict reader to report, on any
/// other key, a key given twice, a null the version does not allow, or a
/// required field missing); a tagged field left out is its default.
fn read(plans: &[FieldPlan], unknown: Option<&UnknownField>, krate: &syn::Path) -> TokenStream {
    let version = quote!(__kw_ctx.version);
    let locals = plans.iter().map(|p| {
        let (var, ty) = (&p.var, p.field.ty);
        quote!(let mut #var: #krate::__private::Option<#ty> = #krate::__private::None;)
    });
    // The key is matched in two steps: by its first byte, then compared
    // whole as the writer writes it (`"name":`, one constant-length
    // comparison); a key written otherwise (space before its `:`, an
    // escape) is read by `key` and matched by its bytes. Either gives the
    // field's index, and one `match` reads its value.
    let known = plans.iter().enumerate().filter_map(|(i, p)| {
        let key = lower_first(&p.json_name);
        let first = syn::LitByte::new(*key.as_bytes().first()?, p.span);
        let whole = syn::LitByteStr::new(format!("\"{key}\":").as_bytes(), p.span);
        Some(quote!(#first if __kw_reader.known_key(#whole) => #i,))
    });
    let by_bytes = plans.iter().enumerate().map(|(i, p)| {
        let key = lower_first(&p.json_name);
        let key = syn::LitByteStr::new(key.as_bytes(), p.span);
        quote!(#key => #i,)
    });
    let arms = plans.iter().enumerate().map(|(i, p)| {
        let var = &p.var;
        let in_versions = p.versions.contains_tokens(&version);
        let value = if p.is_option() {
            let base = p.field.base_ty();
            let nullable = p.nullable.contains_tokens(&version);
            let read =
                quote_spanned!(p.span=> <#base as #krate::Wire>::read_json(__kw_reader, __kw_ctx));
            quote! {
                if __kw_reader.null() {
                    if !#nullable {
                        return #krate::__private::None;
                    }
                    #krate::__private::None
                } else {
                    #krate::__private::Some(#read?)
                }
            }
        } else {
            let ty = p.field.ty;
            quote_spanned!(p.span=> <#ty as #krate::Wire>::read_json(__kw_reader, __kw_ctx)?)
        };
        quote! {
            #i if #in_versions && #var.is_none() => {
                #var = #krate::__private::Some(#value);
            }
        }
    });
    let members = plans.iter().map(|p| {
        let (member, var) = (p.member, &p.var);
        let value = if p.always_regular() {
            quote!(#var?)
        } else {
            let (regular, default) = (p.regular(), p.default_value());
            quote! {
                match #var {
                    #krate::__private::Some(__kw_value) => __kw_value,
                    #krate::__private::None if #regular => return #krate::__private::None,
                    #krate::__private::None => #default,
                }
            }
        };
        quote!(#member: #value)
    });
    let unknown_member = unknown.map(|u| u.build(quote!(#krate::UnknownTaggedFields::new())));
    // A struct without fields reads `{}` only.
    let members_loop = if plans.is_empty() {
        quote! {
            if __kw_reader.object_start()? {
                return #krate::__private::None;
            }
        }
    } else {
        quote! {
            if __kw_reader.object_start()? {
                loop {
                    let __kw_field: usize = match __kw_reader.key_start() {
                        #(#known)*
                        _ => match __kw_reader.key()? {
                            #(#by_bytes)*
                            _ => return #krate::__private::None,
                        },
                    };
                    match __kw_field {
                        #(#arms)*
                        _ => return #krate::__private::None,
                    }
                    if !__kw_reader.object_next()? {
                        break;
                    }
                }
            }
        }
    };
    quote! {
        #[inline]
        fn read_json(
            __kw_reader: &mut #krate::json::JsonReader<'_>,
            __kw_ctx: #krate::Ctx,
        ) -> #krate::__private::Option<Self> {
            #(#locals)*
            #members_loop
            #krate::__private::Some(Self { #(#members,)* #unknown_member })
        }
    }
}

/// One field's entry: `,"key":value` when the version shows it; the
/// encoder's error when the version lacks it and it holds more than its
/// default (unless ignorable).
fn entry(p: &FieldPlan, krate: &syn::Path) -> TokenStream {
    let (member, ty) = (p.member, p.field.ty);
    let key = format!(",\"{}", lower_first(&p.json_name));
    let key = syn::LitByteStr::new(key.as_bytes(), p.span);
    let write = if p.is_option() {
        // Matched here rather than in a runtime helper: a helper's bound
        // would be one more compile error on a field whose type is not a
        // Kafka type, where `<T as Wire>` repeats the one already given.
        let base = p.field.base_ty();
        let nullable = p.nullable.contains_tokens(&quote!(__kw_json.version));
        let key_end =
            quote_spanned!(p.span=> <#base as #krate::Wire>::json_key_end(__kw_value, __kw_json));
        let value = in_field(
            quote_spanned!(p.span=> <#base as #krate::Wire>::write_json(__kw_value, __kw_out, __kw_json)),
            &p.name,
            krate,
        );
        let null = in_field(
            quote!(#krate::__private::Err::<(), _>(#krate::__private::unexpected_null())),
            &p.name,
            krate,
        );
        quote! {
            match &self.#member {
                #krate::__private::Some(__kw_value) => {
                    __kw_out.extend_from_slice(#key);
                    __kw_out.extend_from_slice(#key_end);
                    #value;
                }
                #krate::__private::None if #nullable => {
                    __kw_out.extend_from_slice(#key);
                    __kw_out.extend_from_slice(b"\":null");
                }
                #krate::__private::None => #null,
            }
        }
    } else {
        let key_end =
            quote_spanned!(p.span=> <#ty as #krate::Wire>::json_key_end(&self.#member, __kw_json));
        let value = in_field(
            quote_spanned!(p.span=> <#ty as #krate::Wire>::write_json(&self.#member, __kw_out, __kw_json)),
            &p.name,
            krate,
        );
        quote! {
            __kw_out.extend_from_slice(#key);
            __kw_out.extend_from_slice(#key_end);
            #value;
        }
    };
    if p.always_regular() {
        return write;
    }
    let version = quote!(__kw_json.version);
    let in_versions = p.versions.contains_tokens(&version);
    let shown = if p.tagged.is_empty() {
        in_versions.clone()
    } else {
        let (in_tagged, is_default) = (p.tagged.contains_tokens(&version), p.is_default());
        quote!((#in_versions && !(#in_tagged && #is_default)))
    };
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
        if #shown {
            #write
        } #absent
    }
}
