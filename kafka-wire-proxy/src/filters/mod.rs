//! Ready filters: a [`Logger`] of exchanges, [`Tenant`] multi-tenancy, and
//! [`TenantsByPrincipal`], many tenants chosen by who authenticated.

mod logger;
mod tenant;
mod tenants;

pub use logger::Logger;
pub use tenant::{InvalidPrefix, Tenant, TopicIds};
pub use tenants::{TenantMapError, TenantsByPrincipal};
