//! Ready filters: a [`Logger`] of exchanges, [`Tenant`] multi-tenancy, and
//! [`TenantsByPrincipal`], many tenants chosen by who authenticated, a
//! [`Policy`] of what clients may do, and per-tenant byte-rate [`Quotas`].

mod logger;
mod policy;
mod quotas;
mod tenant;
mod tenants;

pub use logger::Logger;
pub use policy::Policy;
pub use quotas::{ByteRates, Quotas};
pub use tenant::{InvalidPrefix, Tenant, TopicIds};
pub use tenants::{TenantMapError, TenantsByPrincipal};
