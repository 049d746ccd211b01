//! A Kafka proxy: every broker of a cluster reached through a port of the
//! proxy, with a logger of exchanges and topic-name multi-tenancy as
//! filters (`kafka_wire_proxy`).
//!
//! ```text
//! cargo run --release --bin kafka-proxy -- \
//!     --bootstrap 127.0.0.1:9092 --listen 127.0.0.1:19092 --node-ports 19100 --log --tenant acme.
//! ```
//!
//! Clients bootstrap from `127.0.0.1:19092`; the broker with node id N is
//! reached through port 19100 + N. With `--tenant acme.`, a client's topic
//! `orders` is `acme.orders` at the broker, its group `billing` is
//! `acme.billing`, and its ACLs are over those names. Runs until Ctrl-C.
//!
//! TLS: `--tls-cert proxy.pem --tls-key proxy.key` makes clients speak TLS
//! to the proxy; `--broker-tls` makes the proxy speak TLS to the brokers,
//! checked against the system's authorities or `--broker-ca ca.pem`'s.
//!
//! `--config proxy.toml` reads all of it, and mTLS, tenants by principal,
//! the policy and the audit log, from one file instead
//! (`kafka_wire_proxy::config::ProxyConfig`; `docs/proxy.example.toml`).

use std::error::Error;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use clap::Parser;
use kafka_wire_proxy::config::{
    BrokerTlsConfig, ClientTlsConfig, LogFormat, ProxyConfig, TenantsConfig, TlsConfig,
};
use kafka_wire_proxy::filters::{Logger, Tenant};
use kafka_wire_proxy::rustls::{
    self,
    pki_types::{pem, pem::PemObject, CertificateDer, PrivateKeyDer},
};
use kafka_wire_proxy::{AuditLog, ClientConnection, Filter, Proxy, ProxyEvent};

/// A Kafka proxy with a logger of exchanges and multi-tenancy by name, over
/// TCP or TLS.
#[derive(Debug, Parser)]
#[command(version, about, long_about = None)]
struct Args {
    /// Everything but --threads and --verbose from this TOML file
    /// (docs/proxy.example.toml): TLS with client certificates, tenants by
    /// principal, the policy and the audit log.
    #[arg(long, value_name = "TOML", conflicts_with_all = [
        "bootstrap", "node_ports", "advertised_host", "log", "log_json", "tenant",
        "tls_cert", "broker_tls",
    ])]
    config: Option<PathBuf>,
    /// A bootstrap server of the cluster (repeat for more).
    #[arg(long, value_name = "HOST:PORT", required_unless_present = "config")]
    bootstrap: Vec<String>,
    /// Where clients bootstrap from.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:19092")]
    listen: SocketAddr,
    /// The broker with node id N is reached through port BASE + N (by
    /// default each broker gets a port the system picks).
    #[arg(long, value_name = "BASE")]
    node_ports: Option<u16>,
    /// The host clients are told to reach the brokers at (the listen
    /// address's IP by default).
    #[arg(long, value_name = "HOST")]
    advertised_host: Option<String>,
    /// Log one line per exchange to standard output.
    #[arg(long)]
    log: bool,
    /// Log each exchange as Kafka's request log does (JSON lines) to
    /// standard output.
    #[arg(long, conflicts_with = "log")]
    log_json: bool,
    /// Give every topic, group and transactional id this prefix at the
    /// broker (and take it off again for the clients).
    #[arg(long, value_name = "PREFIX")]
    tenant: Option<String>,
    /// The largest frame taken from either side, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = 100 * 1024 * 1024)]
    max_frame_size: usize,
    /// End a connection whose client or broker sent part of a frame and
    /// then nothing for this many seconds.
    #[arg(long, value_name = "SECS", default_value_t = 30)]
    stall_timeout: u64,
    /// Hold at most this many bytes of client frames being read, across all
    /// connections, as Kafka's queued.max.request.bytes does (default: no
    /// budget): a client whose frame does not fit waits unread. At least
    /// --max-frame-size for the largest frames to pass. With --config too.
    #[arg(long, value_name = "BYTES")]
    request_budget: Option<usize>,
    /// Threads that run the connections (default: one per CPU; 1 runs
    /// everything on the main thread).
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// Print every connection opened and closed to standard error, not only
    /// those that end with an error.
    #[arg(long)]
    verbose: bool,
    /// Accept TLS only from clients, with this certificate chain (PEM; it
    /// must name the advertised host).
    #[arg(long, value_name = "PEM", requires = "tls_key")]
    tls_cert: Option<PathBuf>,
    /// The private key of --tls-cert (PEM).
    #[arg(long, value_name = "PEM", requires = "tls_cert")]
    tls_key: Option<PathBuf>,
    /// Speak TLS to the brokers, trusting the system's certificate
    /// authorities (or --broker-ca's).
    #[arg(long)]
    broker_tls: bool,
    /// The certificate authorities (PEM) the brokers' certificates are
    /// checked against, instead of the system's.
    #[arg(long, value_name = "PEM", requires = "broker_tls")]
    broker_ca: Option<PathBuf>,
}

/// TLS toward clients: the certificate chain and key in `cert` and `key`;
/// with `client_ca`, clients must present a certificate it signed.
fn client_tls(tls: &ClientTlsConfig) -> Result<Arc<rustls::ServerConfig>, Box<dyn Error>> {
    let (cert, key) = (&tls.cert, &tls.key);
    let chain = CertificateDer::pem_file_iter(cert)
        .and_then(|certs| certs.collect::<Result<Vec<_>, _>>())
        .map_err(|e| in_file(cert, e))?;
    let key = PrivateKeyDer::from_pem_file(key).map_err(|e| in_file(key, e))?;
    let builder = rustls::ServerConfig::builder();
    let config = match &tls.client_ca {
        None => builder.with_no_client_auth(),
        Some(path) => {
            let mut roots = rustls::RootCertStore::empty();
            for cert in CertificateDer::pem_file_iter(path).map_err(|e| in_file(path, e))? {
                roots.add(cert.map_err(|e| in_file(path, e))?)?;
            }
            let verifier = rustls::server::WebPkiClientVerifier::builder(Arc::new(roots))
                .build()
                .map_err(|e| format!("{}: {e}", path.display()))?;
            builder.with_client_cert_verifier(verifier)
        }
    }
    .with_single_cert(chain, key)?;
    Ok(Arc::new(config))
}

/// An error of a file, naming it.
fn in_file(path: &Path, error: pem::Error) -> String {
    format!("{}: {error}", path.display())
}

/// TLS toward brokers: their certificates checked against the authorities
/// in `ca`, or the system's.
fn broker_tls(ca: Option<&Path>) -> Result<Arc<rustls::ClientConfig>, Box<dyn Error>> {
    let mut roots = rustls::RootCertStore::empty();
    match ca {
        Some(path) => {
            for cert in CertificateDer::pem_file_iter(path).map_err(|e| in_file(path, e))? {
                roots.add(cert.map_err(|e| in_file(path, e))?)?;
            }
        }
        None => {
            let (added, _) =
                roots.add_parsable_certificates(rustls_native_certs::load_native_certs().certs);
            if added == 0 {
                return Err(
                    "no certificate authority of the system's was found: give --broker-ca".into(),
                );
            }
        }
    }
    let config = rustls::ClientConfig::builder()
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(Arc::new(config))
}

fn main() {
    keep_freed_memory();
    let args = Args::parse();
    let runtime = match args.threads {
        Some(1) => tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build(),
        Some(n) => tokio::runtime::Builder::new_multi_thread()
            .worker_threads(n)
            .enable_all()
            .build(),
        None => tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build(),
    };
    let result = runtime
        .map_err(Into::into)
        .and_then(|runtime| runtime.block_on(run(args)));
    if let Err(e) = result {
        eprintln!("kafka-proxy: {e}");
        std::process::exit(1);
    }
}

/// The configuration: the file's, or the command line's.
fn config_of(args: &Args) -> Result<ProxyConfig, Box<dyn Error>> {
    if let Some(path) = &args.config {
        return Ok(ProxyConfig::load(path)?);
    }
    Ok(ProxyConfig {
        bootstrap: args.bootstrap.clone(),
        listen: args.listen,
        node_ports: args.node_ports,
        advertised_host: args.advertised_host.clone(),
        max_frame_size: args.max_frame_size,
        stall_timeout_secs: args.stall_timeout,
        tls: TlsConfig {
            clients: args
                .tls_cert
                .clone()
                .zip(args.tls_key.clone())
                .map(|(cert, key)| ClientTlsConfig {
                    cert,
                    key,
                    client_ca: None,
                    principal: Default::default(),
                    sni_domain: None,
                }),
            brokers: args.broker_tls.then(|| BrokerTlsConfig {
                ca: args.broker_ca.clone(),
            }),
        },
        log: match (args.log, args.log_json) {
            (true, _) => Some(LogFormat::Text),
            (_, true) => Some(LogFormat::Json),
            _ => None,
        },
        audit: None,
        tenants: TenantsConfig {
            prefix: args.tenant.clone(),
            by_principal: Default::default(),
        },
        policy: Default::default(),
        quotas: Default::default(),
        sasl: Default::default(),
    })
}

/// Tells glibc's malloc to keep what the proxy frees while it passes bytes
/// on, rather than give it back to the kernel at once. A response passed on
/// in parts takes a buffer for each part, freed once written; at glibc's
/// starting thresholds each freed one is trimmed from the heap and the
/// next part's pages fault in afresh (60,000-70,000 page faults per GB
/// carried in `proxy-sasl-clients.sh bench`; about 200 with these). So
/// the heap is trimmed only once 8 MiB lies free at its top, and glibc's
/// adaptive mmap threshold, which that setting turns off, is fixed at
/// 512 KiB: larger frames are mapped and unmapped, so a burst of them
/// leaves nothing behind (`scripts/proxy_hostile.py`).
fn keep_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt sets two of malloc's parameters, before any thread
    // of the process has started.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 512 << 10);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 8 << 20);
    }
}

async fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let config = config_of(&args)?;
    let tenant = config
        .tenants
        .prefix
        .as_deref()
        .map(Tenant::new)
        .transpose()?;
    let logger = match config.log {
        Some(LogFormat::Text) => Some(Logger::new(std::io::stdout())),
        Some(LogFormat::Json) => Some(Logger::new(std::io::stdout()).json()),
        None => None,
    };
    let audit = match &config.audit {
        None => None,
        Some(audit) if audit.path == Path::new("-") => Some(AuditLog::new(std::io::stdout())),
        Some(audit) => {
            let file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&audit.path)
                .map_err(|e| format!("{}: {e}", audit.path.display()))?;
            Some(AuditLog::new(file))
        }
    };
    let by_principal = config.tenants_by_principal()?.map(|t| match &audit {
        Some(log) => t.audit(log.clone()),
        None => t,
    });
    // Each connection's tenant: the one prefix, or its principal's.
    let tenant_of = {
        let fixed = tenant.as_ref().map(|t| t.prefix().to_owned());
        let by = by_principal.clone();
        move |connection: &ClientConnection| {
            let principal = connection.principal.as_ref();
            match (&fixed, &by, principal) {
                (Some(prefix), _, _) => Some(prefix.clone()),
                (None, Some(by), Some(p)) => by.prefix_of(&p.name).map(str::to_owned),
                _ => None,
            }
        }
    };
    // With an audit log, a policy (one that allows everything, if the file
    // gives none) audits the changes clients make, naming their tenants.
    let policy = match (config.policy()?, &audit) {
        (policy, None) => policy,
        (policy, Some(log)) => Some(
            policy
                .unwrap_or_default()
                .audit(log.clone())
                .audit_tenant(tenant_of.clone()),
        ),
    };
    let quotas = config.quotas(tenant_of);
    let mut bootstrap = config.bootstrap.iter().cloned();
    let mut builder = Proxy::builder(bootstrap.next().expect("checked by the configuration"))
        .listen(config.listen)
        .max_frame_size(config.max_frame_size)
        .stall_timeout(Some(Duration::from_secs(config.stall_timeout_secs)))
        .connect_timeout(Duration::from_secs(10));
    for server in bootstrap {
        builder = builder.bootstrap(server);
    }
    if let Some(bytes) = args.request_budget {
        builder = builder.request_budget(kafka_wire::frame::FrameBudget::new(bytes));
    }
    if let Some(base) = config.node_ports {
        builder = builder.node_ports(base);
    }
    if let Some(host) = &config.advertised_host {
        builder = builder.advertised_host(host.clone());
    }
    if let Some(clients) = &config.tls.clients {
        builder = builder
            .client_tls(client_tls(clients)?)
            .certificate_principal(clients.principal.into());
        if let Some(domain) = &clients.sni_domain {
            builder = builder.sni_routing(domain.clone());
        }
    }
    if let Some(credentials) = config.credentials()? {
        builder = builder.sasl_termination(credentials);
    }
    if let Some(ms) = config.sasl.failed_authentication_delay_ms {
        builder = builder.failed_authentication_delay(Duration::from_millis(ms));
    }
    if let Some(bytes) = config.sasl.max_receive_size {
        builder = builder.sasl_max_receive_size(bytes);
    }
    if let Some(required) = config.sasl.required {
        builder = builder.client_sasl_required(required);
    }
    if let Some(credentials) = config.broker_credentials() {
        builder = builder.broker_sasl(credentials);
    }
    let per_tenant = config.tenant_broker_credentials();
    if let (false, Some(tenants)) = (per_tenant.is_empty(), &by_principal) {
        builder = builder.tenant_broker_sasl(tenants.clone(), per_tenant);
    }
    if let Some(brokers) = &config.tls.brokers {
        builder = builder.broker_tls(broker_tls(brokers.ca.as_deref())?);
    }
    let verbose = args.verbose;
    let proxy = builder
        // The logger first: it sees requests as clients send them and
        // responses as clients receive them.
        .filters(move |_: &ClientConnection| {
            let mut filters: Vec<Box<dyn Filter>> = Vec::new();
            if let Some(logger) = &logger {
                filters.push(Box::new(logger.clone()));
            }
            if let Some(tenant) = &tenant {
                filters.push(Box::new(tenant.clone()));
            }
            if let Some(tenants) = &by_principal {
                filters.push(Box::new(tenants.clone()));
            }
            // After the tenant: the policy sees the broker's names.
            if let Some(policy) = &policy {
                filters.push(Box::new(policy.clone()));
            }
            if let Some(quotas) = &quotas {
                filters.push(Box::new(quotas.clone()));
            }
            filters
        })
        .on_event(move |event| {
            if let Some(audit) = &audit {
                audit.on_event(event);
            }
            report(event, verbose)
        })
        .start()
        .await?;
    tokio::signal::ctrl_c().await?;
    proxy.shutdown();
    Ok(())
}

/// An event on standard error.
fn report(event: &ProxyEvent<'_>, verbose: bool) {
    match event {
        ProxyEvent::Listening { listener, address } => {
            eprintln!("listening on {address} for {listener}")
        }
        ProxyEvent::Opened(c) if verbose => eprintln!(
            "#{} opened: {} -> {} ({})",
            c.id, c.client, c.upstream, c.listener
        ),
        ProxyEvent::Closed {
            id,
            error: Some(error),
            requests,
            responses,
            ..
        } => {
            eprintln!("#{id} closed after {requests} requests, {responses} responses: {error}")
        }
        ProxyEvent::Closed {
            id,
            requests,
            responses,
            ..
        } if verbose => {
            eprintln!("#{id} closed after {requests} requests, {responses} responses")
        }
        ProxyEvent::ListenerSasl { requires: Ok(true) } => eprintln!(
            "the brokers' listener requires SASL: clients must authenticate before anything else"
        ),
        ProxyEvent::ListenerSasl {
            requires: Ok(false),
        } if verbose => {
            eprintln!("the brokers' listener does not require SASL")
        }
        ProxyEvent::ListenerSasl { requires: Err(why) } => {
            eprintln!("asking the brokers' listener whether it requires SASL: {why}; asking again")
        }
        ProxyEvent::AcceptFailed { listener, error } => {
            eprintln!("{listener}: accepting: {error}")
        }
        ProxyEvent::Authenticated(c) if verbose => {
            if let Some(principal) = &c.principal {
                eprintln!("#{} authenticated: {principal}", c.id)
            }
        }
        ProxyEvent::AuthenticationFailed(c) => {
            eprintln!("#{} authentication failed: {:?}", c.id, c.authentication)
        }
        _ => {}
    }
}
