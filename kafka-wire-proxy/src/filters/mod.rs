//! Ready filters: a [`Logger`] of exchanges, [`Tenant`] multi-tenancy, and
//! [`TenantsByPrincipal`], many tenants chosen by who authenticated, and a
//! [`Policy`] of what clients may do.

mod logger;
mod policy;
mod tenant;
mod tenants;

pub use logger::Logger;
pub use policy::Policy;
pub use tenant::{InvalidPrefix, Tenant, TopicIds};
pub use tenants::{TenantMapError, TenantsByPrincipal};
