//! One connection proxied over any byte streams rather than from a
//! listener to a broker it connects to: a test or a fuzz target drives the
//! client and the broker side in-process (`tokio::io::duplex` pairs), with
//! no socket.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;

use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::watch;

use super::ProxyBuilder;
use crate::connection::{serve_opened, Opened};
use crate::filter::Listener;

/// The domain brokers are named in by a connection served in-process
/// without [`ProxyBuilder::sni_routing`]: `broker-<id>.in-process.invalid`.
const IN_PROCESS_DOMAIN: &str = "in-process.invalid";

impl ProxyBuilder {
    /// Serves one client connection over `client`, forwarded to `broker`,
    /// with this builder's filters, limits, timeouts, request budget and
    /// SASL termination, as a connection accepted on the bootstrap listener
    /// is served, until either side ends it. The streams are taken as they
    /// are: no TLS on either (the builder's TLS settings are not used), and
    /// the proxy's own SASL to the broker is not done before the first
    /// frame (with [`tenant_broker_sasl`](Self::tenant_broker_sasl), it is
    /// done, in the stream, once the client has authenticated). No listener is
    /// opened: responses that name brokers name them as under SNI routing,
    /// `broker-<id>.<domain>` at the [`listen`](Self::listen) address's
    /// port, the domain [`sni_routing`](Self::sni_routing)'s or
    /// `in-process.invalid`. `client_addr` and `upstream` are what the
    /// filters and events see as the two sides' addresses. The future runs
    /// on the caller's runtime (it spawns the connection's writer tasks).
    pub fn serve_io<C, B>(
        mut self,
        client: C,
        broker: B,
        client_addr: SocketAddr,
        upstream: SocketAddr,
    ) -> impl Future<Output = ()> + Send + 'static
    where
        C: AsyncRead + AsyncWrite + Send + 'static,
        B: AsyncRead + AsyncWrite + Send + 'static,
    {
        if self.sni_domain.is_none() {
            self.sni_domain = Some(IN_PROCESS_DOMAIN.to_owned());
        }
        let listen = self.listen;
        // Never told to stop: the connection ends when a side ends it.
        let (stop, stopped) = watch::channel(false);
        let shared = Arc::new(self.shared(listen, stopped));
        let (client_read, client_write) = tokio::io::split(client);
        let (broker_read, broker_write) = tokio::io::split(broker);
        let opened = Opened {
            id: shared.next_id(),
            client_addr,
            listener: Listener::Bootstrap,
            certificate: None,
            upstream,
            broker_session: None,
        };
        async move {
            serve_opened(
                shared,
                opened,
                (Box::new(client_read), Box::new(client_write)),
                (Box::new(broker_read), Box::new(broker_write)),
            )
            .await;
            drop(stop);
        }
    }
}
