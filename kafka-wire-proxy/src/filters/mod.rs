//! Ready filters: a [`Logger`] of exchanges, and [`Tenant`] multi-tenancy.

mod logger;
mod tenant;

pub use logger::Logger;
pub use tenant::{InvalidPrefix, Tenant, TopicIds};
