//! [`ProxyConfig`]: the `kafka-proxy` binary's configuration in one TOML
//! file (feature `config`): listeners, TLS, logging, audit, tenants and
//! policy. See `docs/proxy.example.toml` in the repository.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use kafka_messages::ApiKey;
use serde::Deserialize;

use crate::filter::ClientConnection;
use crate::filters::{ByteRates, Policy, Quotas, TenantMapError, TenantsByPrincipal};
use crate::identity::CertificateName;

/// What is wrong with a configuration: each names the file or the field.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// The file could not be read.
    #[error("{path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The text is not TOML of this form (the message names the line,
    /// column and field).
    #[error("{path}: {source}")]
    Syntax {
        /// The file (`<text>` for text given directly).
        path: PathBuf,
        /// Why, with where.
        source: Box<toml::de::Error>,
    },
    /// A value that reads but cannot be used.
    #[error("{path}: {field}: {message}")]
    Invalid {
        /// The file.
        path: PathBuf,
        /// The field, as a TOML path (`policy.deny_apis`).
        field: &'static str,
        /// Why.
        message: String,
    },
}

/// The `kafka-proxy` binary's configuration: every field but `bootstrap`
/// may be left out.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProxyConfig {
    /// The cluster's bootstrap servers (`host:port`), tried in order.
    pub bootstrap: Vec<String>,
    /// Where clients bootstrap from (`127.0.0.1:19092` by default).
    #[serde(default = "default_listen")]
    pub listen: SocketAddr,
    /// The broker with node id N is reached through port `node_ports` + N
    /// (by default each broker gets a port the system picks).
    pub node_ports: Option<u16>,
    /// The host clients are told to reach the brokers at.
    pub advertised_host: Option<String>,
    /// The largest frame taken from either side, in bytes (100 MiB by
    /// default).
    #[serde(default = "default_max_frame_size")]
    pub max_frame_size: usize,
    /// Seconds a peer may stall inside a frame (30 by default).
    #[serde(default = "default_stall_timeout")]
    pub stall_timeout_secs: u64,
    /// TLS toward clients and brokers.
    #[serde(default)]
    pub tls: TlsConfig,
    /// The exchange log on standard output: `"text"` or `"json"`.
    pub log: Option<LogFormat>,
    /// The audit log.
    pub audit: Option<AuditConfig>,
    /// Tenants.
    #[serde(default)]
    pub tenants: TenantsConfig,
    /// What clients may do.
    #[serde(default)]
    pub policy: PolicyConfig,
    /// Each tenant's produce and fetch byte rates.
    #[serde(default)]
    pub quotas: QuotasConfig,
    /// SASL the proxy does itself.
    #[serde(default)]
    pub sasl: SaslConfig,
}

/// SASL the proxy does itself: toward clients (termination) and toward
/// brokers.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaslConfig {
    /// With users, the proxy authenticates clients itself (PLAIN,
    /// SCRAM-SHA-256/512): each user's password, salted into SCRAM
    /// credentials when the file is read (keep the file private).
    #[serde(default)]
    pub users: BTreeMap<String, String>,
    /// The PLAIN user and password the proxy authenticates to brokers
    /// with.
    pub broker_plain: Option<BrokerPlainConfig>,
    /// The SCRAM mechanism, user and password the proxy authenticates to
    /// brokers with (instead of `broker_plain`).
    pub broker_scram: Option<BrokerScramConfig>,
    /// The OAUTHBEARER token the proxy authenticates to brokers with
    /// (instead of `broker_plain` or `broker_scram`).
    pub broker_oauthbearer: Option<BrokerOAuthBearerConfig>,
    /// Each tenant's own credentials toward brokers, by its prefix in
    /// `[tenants.by_principal]` (`[sasl.broker_tenants."acme."]`); a tenant
    /// left out uses the proxy's (`broker_plain`, `broker_scram` or
    /// `broker_oauthbearer`). Needs termination (`users` or
    /// `oauthbearer`).
    #[serde(default)]
    pub broker_tenants: BTreeMap<String, TenantBrokerConfig>,
    /// OAUTHBEARER termination: clients' JWTs checked against a JWKS.
    pub oauthbearer: Option<OAuthBearerConfig>,
    /// With termination, the longest a client's session lasts before it
    /// must re-authenticate, in milliseconds (Kafka's
    /// `connections.max.reauth.ms`, KIP-368; 0, the default, for sessions
    /// that do not end).
    #[serde(default)]
    pub max_reauth_ms: u64,
    /// With termination, how long the answer to a refused authentication
    /// waits before it is written and the connection closed, in
    /// milliseconds (Kafka's `connection.failed.authentication.delay.ms`;
    /// 100 when left out, as in Kafka).
    pub failed_authentication_delay_ms: Option<u64>,
    /// With termination or `required`, the largest frame a client may
    /// send before and during its first authentication, in bytes (Kafka's
    /// `sasl.server.max.receive.size`; 524288 when left out, as in Kafka).
    pub max_receive_size: Option<usize>,
    /// Without termination: whether the brokers' listener requires SASL,
    /// so that clients authenticate (to it, through the proxy) before
    /// anything else, and their frames until then are held to
    /// `max_receive_size` (`ProxyBuilder::client_sasl_required`). Left out,
    /// the proxy asks the listener.
    pub required: Option<bool>,
}

/// The proxy's own SCRAM credentials toward brokers.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BrokerScramConfig {
    /// `SCRAM-SHA-512` (the default) or `SCRAM-SHA-256`.
    #[serde(default = "default_scram_mechanism")]
    pub mechanism: String,
    /// The user.
    pub user: String,
    /// The password.
    pub password: String,
}

/// The proxy's own OAUTHBEARER token toward brokers: one of `token` and
/// `token_file`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BrokerOAuthBearerConfig {
    /// The token (a JWT).
    pub token: Option<String>,
    /// A file holding the token, read at each authentication and
    /// re-authentication (so that it can be renewed outside the proxy).
    pub token_file: Option<PathBuf>,
}

/// One tenant's credentials toward brokers.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TenantBrokerConfig {
    /// `PLAIN`, `SCRAM-SHA-256`, `SCRAM-SHA-512` (with `user` and
    /// `password`) or `OAUTHBEARER` (with `token` or `token_file`).
    pub mechanism: String,
    /// The user.
    pub user: Option<String>,
    /// The password.
    pub password: Option<String>,
    /// The OAUTHBEARER token.
    pub token: Option<String>,
    /// A file holding the OAUTHBEARER token.
    pub token_file: Option<PathBuf>,
}

impl TenantBrokerConfig {
    /// The credentials, or why they do not make sense.
    fn credentials(&self) -> Result<crate::BrokerCredentials, String> {
        use crate::BrokerCredentials as C;
        let token = self.token.is_some() || self.token_file.is_some();
        let password = |make: fn(String, String) -> C| match (&self.user, &self.password, token) {
            (Some(user), Some(password), false) => Ok(make(user.clone(), password.clone())),
            (_, _, true) => Err(format!(
                "{} takes user and password, no token",
                self.mechanism
            )),
            _ => Err(format!("{} needs user and password", self.mechanism)),
        };
        match &*self.mechanism {
            "PLAIN" => password(C::plain),
            "SCRAM-SHA-256" => password(C::scram_sha256),
            "SCRAM-SHA-512" => password(C::scram_sha512),
            "OAUTHBEARER" if self.user.is_some() || self.password.is_some() => {
                Err("OAUTHBEARER takes a token or token_file, no user or password".into())
            }
            "OAUTHBEARER" => bearer(&self.token, &self.token_file),
            other => Err(format!(
                "mechanism {other:?}: PLAIN, SCRAM-SHA-256, SCRAM-SHA-512 or OAUTHBEARER"
            )),
        }
    }
}

/// OAUTHBEARER credentials from one of a token and a token file.
fn bearer(
    token: &Option<String>,
    file: &Option<PathBuf>,
) -> Result<crate::BrokerCredentials, String> {
    match (token, file) {
        (Some(token), None) if !token.trim().is_empty() => {
            Ok(crate::BrokerCredentials::oauthbearer(token.trim()))
        }
        (None, Some(file)) => Ok(crate::BrokerCredentials::oauthbearer_file(file.clone())),
        (Some(_), None) => Err("an empty token".into()),
        _ => Err("one of token and token_file".into()),
    }
}

fn default_scram_mechanism() -> String {
    "SCRAM-SHA-512".into()
}

/// How OAUTHBEARER tokens are checked ([`crate::JwtValidator`]).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OAuthBearerConfig {
    /// The JSON Web Key Set file (`{"keys": [...]}`) of the keys that sign
    /// tokens.
    pub jwks: PathBuf,
    /// The algorithms allowed (`RS256` and `ES256` by default; never
    /// `none` or a symmetric one).
    #[serde(default = "default_jwt_algorithms")]
    pub algorithms: Vec<String>,
    /// The audiences a token's `aud` must name one of (none checked when
    /// empty).
    #[serde(default)]
    pub audience: Vec<String>,
    /// The issuers a token's `iss` must be one of (none checked when
    /// empty).
    #[serde(default)]
    pub issuer: Vec<String>,
    /// The clock skew allowed on `exp` and `nbf` (30 s by default, as
    /// Kafka's `sasl.oauthbearer.clock.skew.seconds`).
    #[serde(default = "default_clock_skew")]
    pub clock_skew_secs: u64,
    /// The claim that names the principal (`sub` by default).
    #[serde(default = "default_principal_claim")]
    pub principal_claim: String,
}

fn default_jwt_algorithms() -> Vec<String> {
    vec!["RS256".into(), "ES256".into()]
}

fn default_clock_skew() -> u64 {
    30
}

fn default_principal_claim() -> String {
    "sub".into()
}

/// The proxy's own PLAIN credentials toward brokers.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BrokerPlainConfig {
    /// The user.
    pub user: String,
    /// The password.
    pub password: String,
}

fn default_listen() -> SocketAddr {
    SocketAddr::from(([127, 0, 0, 1], 19092))
}

fn default_max_frame_size() -> usize {
    100 * 1024 * 1024
}

fn default_stall_timeout() -> u64 {
    30
}

/// TLS toward clients and brokers.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TlsConfig {
    /// TLS toward clients: every listener accepts TLS only.
    pub clients: Option<ClientTlsConfig>,
    /// TLS toward brokers.
    pub brokers: Option<BrokerTlsConfig>,
}

/// TLS toward clients.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClientTlsConfig {
    /// The proxy's certificate chain (PEM); it must name the advertised
    /// host.
    pub cert: PathBuf,
    /// Its private key (PEM).
    pub key: PathBuf,
    /// Certificate authorities (PEM): with them, every client must present
    /// a certificate they signed (mTLS), and its name is the principal.
    pub client_ca: Option<PathBuf>,
    /// Which name of a client's certificate is its principal.
    #[serde(default)]
    pub principal: CertificateNameConfig,
    /// One port for all brokers: broker N is `broker-N.<sni_domain>` on
    /// the bootstrap listener, told apart by the TLS server name.
    pub sni_domain: Option<String>,
}

/// [`CertificateName`] as the file spells it.
#[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum CertificateNameConfig {
    /// `subject-cn`.
    #[default]
    SubjectCn,
    /// `dns-san`.
    DnsSan,
    /// `email-san`.
    EmailSan,
    /// `uri-san`.
    UriSan,
}

impl From<CertificateNameConfig> for CertificateName {
    fn from(name: CertificateNameConfig) -> Self {
        match name {
            CertificateNameConfig::SubjectCn => CertificateName::SubjectCommonName,
            CertificateNameConfig::DnsSan => CertificateName::DnsSan,
            CertificateNameConfig::EmailSan => CertificateName::EmailSan,
            CertificateNameConfig::UriSan => CertificateName::UriSan,
        }
    }
}

/// TLS toward brokers.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BrokerTlsConfig {
    /// The authorities (PEM) brokers' certificates are checked against
    /// (the system's without it).
    pub ca: Option<PathBuf>,
}

/// The exchange log's form.
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    /// One line per exchange.
    Text,
    /// Kafka's request log (JSON lines).
    Json,
}

/// The audit log.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AuditConfig {
    /// The file lines are appended to (`-` for standard output).
    pub path: PathBuf,
}

/// Tenants: one for every client, or one per principal.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TenantsConfig {
    /// One prefix for every connection.
    pub prefix: Option<String>,
    /// Each principal's prefix (`alice = "acme."`): connections are
    /// served only once a principal with a tenant is known.
    #[serde(default)]
    pub by_principal: BTreeMap<String, String>,
}

/// What clients may do ([`Policy`]).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PolicyConfig {
    /// APIs denied, by name as Kafka's schemas write it (`DeleteTopics`).
    #[serde(default)]
    pub deny_apis: Vec<String>,
    /// Topics (the broker's names) no client may produce to.
    #[serde(default)]
    pub read_only_topics: Vec<String>,
    /// The most bytes of records a Produce may carry for one partition.
    pub max_batch_bytes: Option<usize>,
    /// Whether a Produce with `acks=0` is refused.
    #[serde(default)]
    pub refuse_acks_zero: bool,
    /// Whether a Fetch that claims a replica id is refused
    /// (CVE-2018-1288).
    #[serde(default)]
    pub refuse_replica_fetches: bool,
}

/// Per-tenant byte-rate quotas ([`Quotas`]), measured as Kafka measures
/// client quotas.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuotasConfig {
    /// The length of a sample's window in milliseconds (Kafka's
    /// `quota.window.size.seconds`, 1 s by default).
    #[serde(default = "default_quota_window_ms")]
    pub window_ms: u64,
    /// The samples the rate is measured over (Kafka's `quota.window.num`,
    /// 11 by default; at least 2).
    #[serde(default = "default_quota_samples")]
    pub samples: usize,
    /// Each tenant's rates, by its prefix (`[quotas.tenants."acme."]`).
    #[serde(default)]
    pub tenants: BTreeMap<String, TenantQuotaConfig>,
}

impl Default for QuotasConfig {
    fn default() -> Self {
        QuotasConfig {
            window_ms: default_quota_window_ms(),
            samples: default_quota_samples(),
            tenants: BTreeMap::new(),
        }
    }
}

fn default_quota_window_ms() -> u64 {
    1000
}

fn default_quota_samples() -> usize {
    11
}

/// One tenant's byte rates; a rate left out is not limited.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TenantQuotaConfig {
    /// Produce requests' bytes a second (Kafka's `producer_byte_rate`).
    pub produce_bytes_per_sec: Option<u64>,
    /// Fetch responses' bytes a second (Kafka's `consumer_byte_rate`).
    pub fetch_bytes_per_sec: Option<u64>,
}

impl ProxyConfig {
    /// Reads and checks the configuration in file `path`.
    pub fn load(path: &Path) -> Result<Self, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
            path: path.to_owned(),
            source,
        })?;
        Self::parse_at(&text, path)
    }

    /// Reads and checks a configuration's text.
    pub fn parse(text: &str) -> Result<Self, ConfigError> {
        Self::parse_at(text, Path::new("<text>"))
    }

    fn parse_at(text: &str, path: &Path) -> Result<Self, ConfigError> {
        let config: ProxyConfig = toml::from_str(text).map_err(|e| ConfigError::Syntax {
            path: path.to_owned(),
            source: Box::new(e),
        })?;
        let invalid = |field, message: String| ConfigError::Invalid {
            path: path.to_owned(),
            field,
            message,
        };
        if config.bootstrap.is_empty() {
            return Err(invalid("bootstrap", "at least one server".into()));
        }
        if config.tenants.prefix.is_some() && !config.tenants.by_principal.is_empty() {
            return Err(invalid(
                "tenants",
                "either one prefix for all or prefixes by principal, not both".into(),
            ));
        }
        config
            .policy()
            .map_err(|m| invalid("policy.deny_apis", m))?;
        config
            .tenants_by_principal()
            .map_err(|e| invalid("tenants.by_principal", e.to_string()))?;
        if let Some(prefix) = &config.tenants.prefix {
            crate::filters::Tenant::new(prefix)
                .map_err(|e| invalid("tenants.prefix", e.to_string()))?;
        }
        let sasl = &config.sasl;
        let defaults = [
            sasl.broker_plain.is_some(),
            sasl.broker_scram.is_some(),
            sasl.broker_oauthbearer.is_some(),
        ];
        if defaults.iter().filter(|&&d| d).count() > 1 {
            return Err(invalid(
                "sasl",
                "one of broker_plain, broker_scram and broker_oauthbearer, not more".into(),
            ));
        }
        if let Some(o) = &sasl.broker_oauthbearer {
            bearer(&o.token, &o.token_file).map_err(|m| invalid("sasl.broker_oauthbearer", m))?;
        }
        for (tenant, credentials) in &sasl.broker_tenants {
            credentials
                .credentials()
                .map_err(|m| invalid("sasl.broker_tenants", format!("{tenant:?}: {m}")))?;
            if !config.tenants.by_principal.values().any(|p| p == tenant) {
                return Err(invalid(
                    "sasl.broker_tenants",
                    format!("{tenant:?} is no tenant's prefix in [tenants.by_principal]"),
                ));
            }
        }
        if !sasl.broker_tenants.is_empty() && sasl.users.is_empty() && sasl.oauthbearer.is_none() {
            return Err(invalid(
                "sasl.broker_tenants",
                "credentials per tenant need SASL termination ([sasl.users] or [sasl.oauthbearer]): the proxy must know the principal".into(),
            ));
        }
        if let Some(scram) = &config.sasl.broker_scram {
            if !matches!(&*scram.mechanism, "SCRAM-SHA-512" | "SCRAM-SHA-256") {
                return Err(invalid(
                    "sasl.broker_scram.mechanism",
                    format!("{:?}: SCRAM-SHA-512 or SCRAM-SHA-256", scram.mechanism),
                ));
            }
        }
        if let Some(o) = &config.sasl.oauthbearer {
            let names: Vec<&str> = o.algorithms.iter().map(String::as_str).collect();
            crate::oauthbearer::allowed_algorithms(&names)
                .map_err(|e| invalid("sasl.oauthbearer.algorithms", e.to_string()))?;
        }
        let quotas = &config.quotas;
        if quotas.window_ms == 0 {
            return Err(invalid("quotas.window_ms", "at least 1".into()));
        }
        if quotas.samples < 2 {
            return Err(invalid("quotas.samples", "at least 2".into()));
        }
        for (tenant, rates) in &quotas.tenants {
            let known = config.tenants.prefix.as_ref() == Some(tenant)
                || config.tenants.by_principal.values().any(|p| p == tenant);
            if !known {
                return Err(invalid(
                    "quotas.tenants",
                    format!("{tenant:?} is no tenant's prefix in [tenants]"),
                ));
            }
            if rates.produce_bytes_per_sec == Some(0) || rates.fetch_bytes_per_sec == Some(0) {
                return Err(invalid(
                    "quotas.tenants",
                    format!("{tenant:?}: a rate of 0 bytes a second lets nothing through"),
                ));
            }
        }
        Ok(config)
    }

    /// The policy the configuration describes, if it restricts anything.
    pub fn policy(&self) -> Result<Option<Policy>, String> {
        let p = &self.policy;
        if p.deny_apis.is_empty()
            && p.read_only_topics.is_empty()
            && p.max_batch_bytes.is_none()
            && !p.refuse_acks_zero
            && !p.refuse_replica_fetches
        {
            return Ok(None);
        }
        let mut policy = Policy::new();
        for name in &p.deny_apis {
            let api = ApiKey::from_name(name).ok_or_else(|| {
                format!("{name:?} is no API of Kafka's (write them as `DeleteTopics`)")
            })?;
            policy = policy.deny_api(api);
        }
        for topic in &p.read_only_topics {
            policy = policy.read_only_topic(topic.clone());
        }
        if let Some(max) = p.max_batch_bytes {
            policy = policy.max_batch_bytes(max);
        }
        if p.refuse_acks_zero {
            policy = policy.refuse_acks_zero();
        }
        if p.refuse_replica_fetches {
            policy = policy.refuse_replica_fetches();
        }
        Ok(Some(policy))
    }

    /// The quotas the configuration describes, if it limits a tenant;
    /// `tenant_of` names each connection's tenant (its prefix).
    pub fn quotas(
        &self,
        tenant_of: impl Fn(&ClientConnection) -> Option<String> + Send + Sync + 'static,
    ) -> Option<Quotas> {
        let q = &self.quotas;
        if q.tenants.is_empty() {
            return None;
        }
        let window = std::time::Duration::from_millis(q.window_ms);
        let mut quotas = Quotas::new(tenant_of).window(window, q.samples);
        for (tenant, rates) in &q.tenants {
            let rates = ByteRates {
                produce: rates.produce_bytes_per_sec,
                fetch: rates.fetch_bytes_per_sec,
            };
            quotas = quotas.tenant(tenant.clone(), rates);
        }
        Some(quotas)
    }

    /// The credentials of SASL termination, if the file gives users.
    ///
    /// With `[sasl.oauthbearer]`, its JWKS file is read now: an error
    /// names the file, or the field.
    pub fn credentials(&self) -> Result<Option<crate::Credentials>, String> {
        let oauthbearer = self.sasl.oauthbearer.as_ref();
        if self.sasl.users.is_empty() && oauthbearer.is_none() {
            return Ok(None);
        }
        let mut credentials = crate::Credentials::new()
            .max_session(std::time::Duration::from_millis(self.sasl.max_reauth_ms));
        for (user, password) in &self.sasl.users {
            credentials = credentials
                .user(user, password)
                .map_err(|e| format!("sasl.users: {e}"))?;
        }
        if let Some(o) = oauthbearer {
            let jwks = std::fs::read_to_string(&o.jwks)
                .map_err(|e| format!("sasl.oauthbearer.jwks: {}: {e}", o.jwks.display()))?;
            let mut validator = crate::JwtValidator::from_jwks(&jwks)
                .map_err(|e| format!("sasl.oauthbearer.jwks: {}: {e}", o.jwks.display()))?;
            let algorithms: Vec<&str> = o.algorithms.iter().map(String::as_str).collect();
            validator = validator
                .algorithms(&algorithms)
                .map_err(|e| format!("sasl.oauthbearer.algorithms: {e}"))?
                .clock_skew(o.clock_skew_secs)
                .principal_claim(o.principal_claim.clone());
            if !o.audience.is_empty() {
                let audience: Vec<&str> = o.audience.iter().map(String::as_str).collect();
                validator = validator.audience(&audience);
            }
            if !o.issuer.is_empty() {
                let issuer: Vec<&str> = o.issuer.iter().map(String::as_str).collect();
                validator = validator.issuer(&issuer);
            }
            credentials = credentials.oauthbearer(validator);
        }
        Ok(Some(credentials))
    }

    /// The proxy's default credentials toward brokers, if the file gives
    /// them (`broker_plain`, `broker_scram` or `broker_oauthbearer`).
    pub fn broker_credentials(&self) -> Option<crate::BrokerCredentials> {
        use crate::BrokerCredentials as C;
        let sasl = &self.sasl;
        if let Some(p) = &sasl.broker_plain {
            return Some(C::plain(p.user.clone(), p.password.clone()));
        }
        if let Some(s) = &sasl.broker_scram {
            let (user, password) = (s.user.clone(), s.password.clone());
            return Some(match &*s.mechanism {
                "SCRAM-SHA-256" => C::scram_sha256(user, password),
                _ => C::scram_sha512(user, password),
            });
        }
        let o = sasl.broker_oauthbearer.as_ref()?;
        bearer(&o.token, &o.token_file).ok()
    }

    /// Each tenant's own credentials toward brokers, by prefix (checked
    /// when the file was read).
    pub fn tenant_broker_credentials(&self) -> Vec<(String, crate::BrokerCredentials)> {
        self.sasl
            .broker_tenants
            .iter()
            .filter_map(|(tenant, c)| Some((tenant.clone(), c.credentials().ok()?)))
            .collect()
    }

    /// The tenants by principal the configuration describes, if any.
    pub fn tenants_by_principal(&self) -> Result<Option<TenantsByPrincipal>, TenantMapError> {
        let map = &self.tenants.by_principal;
        if map.is_empty() {
            return Ok(None);
        }
        TenantsByPrincipal::new(map.iter().map(|(p, t)| (p.as_str(), t.as_str()))).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_file_reads() {
        let example = include_str!("../../docs/proxy.example.toml");
        let config = ProxyConfig::parse(example).unwrap();
        assert_eq!(config.bootstrap, ["127.0.0.1:9092"]);
        assert_eq!(config.node_ports, Some(19100));
        let clients = config.tls.clients.as_ref().unwrap();
        assert_eq!(clients.principal, CertificateNameConfig::SubjectCn);
        assert_eq!(clients.sni_domain.as_deref(), Some("kafka.example.com"));
        assert_eq!(config.log, Some(LogFormat::Json));
        let tenants = config.tenants_by_principal().unwrap().unwrap();
        assert_eq!(tenants.prefix_of("alice"), Some("acme."));
        assert_eq!(tenants.prefix_of("CN=nobody"), None);
        assert!(config.policy().unwrap().is_some());
        let quotas = config.quotas(|_| None).unwrap();
        assert_eq!(quotas.rates_of("acme.").produce, Some(1 << 20));
        assert_eq!(quotas.rates_of("globex.").produce, None);
        assert_eq!(config.credentials().unwrap().unwrap().len(), 2);
        assert_eq!(config.sasl.failed_authentication_delay_ms, Some(100));
        assert_eq!(config.sasl.max_receive_size, Some(512 * 1024));
        assert_eq!(config.sasl.required, None);
        let inspecting = example.replace("# required = true", "required = true");
        assert_eq!(
            ProxyConfig::parse(&inspecting).unwrap().sasl.required,
            Some(true)
        );
        assert_eq!(config.sasl.broker_plain.as_ref().unwrap().user, "proxy");
        let default = config.broker_credentials().unwrap();
        assert_eq!(default.mechanism().name(), "PLAIN");
        let tenants = config.tenant_broker_credentials();
        let shown: Vec<_> = tenants
            .iter()
            .map(|(t, c)| format!("{t} {} {}", c.mechanism().name(), c.user()))
            .collect();
        assert_eq!(
            shown,
            ["acme. SCRAM-SHA-512 svc-acme", "globex. OAUTHBEARER "]
        );
    }

    #[test]
    fn bad_broker_credentials_are_errors_that_name_the_key() {
        let base = "bootstrap = [\"b:1\"]\n[tenants.by_principal]\nalice = \"a.\"\n[sasl.users]\nalice = \"x\"\n";
        let tenant = |body: &str| error(&format!("{base}[sasl.broker_tenants.\"a.\"]\n{body}"));
        assert_eq!(
            tenant("mechanism = \"GSSAPI\"\n"),
            "<text>: sasl.broker_tenants: \"a.\": mechanism \"GSSAPI\": PLAIN, SCRAM-SHA-256, SCRAM-SHA-512 or OAUTHBEARER"
        );
        assert_eq!(
            tenant("mechanism = \"SCRAM-SHA-512\"\nuser = \"svc\"\n"),
            "<text>: sasl.broker_tenants: \"a.\": SCRAM-SHA-512 needs user and password"
        );
        assert_eq!(
            tenant("mechanism = \"OAUTHBEARER\"\ntoken = \"t\"\ntoken_file = \"f\"\n"),
            "<text>: sasl.broker_tenants: \"a.\": one of token and token_file"
        );
        assert_eq!(
            tenant("mechanism = \"OAUTHBEARER\"\nuser = \"u\"\ntoken = \"t\"\n"),
            "<text>: sasl.broker_tenants: \"a.\": OAUTHBEARER takes a token or token_file, no user or password"
        );
        let unknown = tenant("mechanism = \"PLAIN\"\nusr = \"u\"\n");
        assert!(unknown.contains("usr"), "{unknown}");
        assert_eq!(
            error(&format!("{base}[sasl.broker_tenants.\"z.\"]\nmechanism = \"PLAIN\"\nuser = \"u\"\npassword = \"p\"\n")),
            "<text>: sasl.broker_tenants: \"z.\" is no tenant's prefix in [tenants.by_principal]"
        );
        assert_eq!(
            error("bootstrap = [\"b:1\"]\n[tenants.by_principal]\nalice = \"a.\"\n[sasl.broker_tenants.\"a.\"]\nmechanism = \"PLAIN\"\nuser = \"u\"\npassword = \"p\"\n"),
            "<text>: sasl.broker_tenants: credentials per tenant need SASL termination ([sasl.users] or [sasl.oauthbearer]): the proxy must know the principal"
        );
        assert_eq!(
            error(&format!("{base}[sasl.broker_oauthbearer]\n")),
            "<text>: sasl.broker_oauthbearer: one of token and token_file"
        );
        assert_eq!(
            error(&format!("{base}[sasl.broker_oauthbearer]\ntoken = \"t\"\n[sasl.broker_plain]\nuser = \"u\"\npassword = \"p\"\n")),
            "<text>: sasl: one of broker_plain, broker_scram and broker_oauthbearer, not more"
        );
        let config = ProxyConfig::parse(&format!(
            "{base}[sasl.broker_oauthbearer]\ntoken_file = \"/run/token\"\n"
        ))
        .unwrap();
        let token = config.broker_credentials().unwrap();
        assert_eq!(token.mechanism().name(), "OAUTHBEARER");
    }

    #[test]
    fn a_minimal_file_takes_the_defaults() {
        let config = ProxyConfig::parse(r#"bootstrap = ["b:9092"]"#).unwrap();
        assert_eq!(config.listen, default_listen());
        assert_eq!(config.max_frame_size, 100 << 20);
        assert!(config.policy().unwrap().is_none());
        assert!(config.tenants_by_principal().unwrap().is_none());
        assert!(config.quotas(|_| None).is_none());
    }

    fn error(text: &str) -> String {
        ProxyConfig::parse(text).unwrap_err().to_string()
    }

    #[test]
    fn a_bad_file_is_an_error_that_names_the_field() {
        let unknown = error("bootstrap = [\"b:9092\"]\nlisten_on = \"x\"\n");
        assert!(
            unknown.contains("listen_on") && unknown.contains("line 2"),
            "{unknown}"
        );
        let typed = error("bootstrap = [\"b:9092\"]\nnode_ports = \"high\"\n");
        assert!(
            typed.contains("node_ports") || typed.contains("line 2"),
            "{typed}"
        );
        let missing = error("listen = \"127.0.0.1:1\"\n");
        assert!(missing.contains("bootstrap"), "{missing}");
        assert_eq!(
            error("bootstrap = []"),
            "<text>: bootstrap: at least one server"
        );
        assert_eq!(
            error("bootstrap = [\"b:1\"]\n[policy]\ndeny_apis = [\"DropEverything\"]\n"),
            "<text>: policy.deny_apis: \"DropEverything\" is no API of Kafka's (write them as `DeleteTopics`)"
        );
        assert_eq!(
            error("bootstrap = [\"b:1\"]\n[tenants.by_principal]\na = \"acme.\"\nb = \"acme.eu.\"\n"),
            "<text>: tenants.by_principal: tenant prefix \"acme.\" begins tenant prefix \"acme.eu.\": the first would reach the second's names"
        );
        assert_eq!(
            error(
                "bootstrap = [\"b:1\"]\n[quotas.tenants.\"acme.\"]\nproduce_bytes_per_sec = 10\n"
            ),
            "<text>: quotas.tenants: \"acme.\" is no tenant's prefix in [tenants]"
        );
        assert_eq!(
            error("bootstrap = [\"b:1\"]\n[sasl.oauthbearer]\njwks = \"j\"\nalgorithms = [\"none\"]\n"),
            "<text>: sasl.oauthbearer.algorithms: algorithm \"none\" cannot be allowed: only RS256/384/512, PS256/384/512, ES256/384 and EdDSA"
        );
        let missing = ProxyConfig::parse(
            "bootstrap = [\"b:1\"]\n[sasl.oauthbearer]\njwks = \"/nonexistent/jwks.json\"\n",
        )
        .unwrap()
        .credentials()
        .unwrap_err();
        assert!(
            missing.starts_with("sasl.oauthbearer.jwks: /nonexistent/jwks.json: "),
            "{missing}"
        );
        assert_eq!(
            error("bootstrap = [\"b:1\"]\n[sasl.broker_scram]\nmechanism = \"SCRAM-SHA-1\"\nuser = \"u\"\npassword = \"p\"\n"),
            "<text>: sasl.broker_scram.mechanism: \"SCRAM-SHA-1\": SCRAM-SHA-512 or SCRAM-SHA-256"
        );
        assert_eq!(
            error("bootstrap = [\"b:1\"]\n[quotas]\nsamples = 1\n"),
            "<text>: quotas.samples: at least 2"
        );
        let both = error(
            "bootstrap = [\"b:1\"]\n[tenants]\nprefix = \"x.\"\nby_principal = { a = \"y.\" }\n",
        );
        assert!(both.starts_with("<text>: tenants: either"), "{both}");
        let principal = error(
            "bootstrap = [\"b:1\"]\n[tls.clients]\ncert = \"c\"\nkey = \"k\"\nprincipal = \"ou\"\n",
        );
        assert!(principal.contains("subject-cn"), "{principal}");
        assert!(matches!(
            ProxyConfig::load(Path::new("/nonexistent/proxy.toml")),
            Err(ConfigError::Read { .. })
        ));
    }
}
