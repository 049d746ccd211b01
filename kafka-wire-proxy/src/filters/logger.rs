//! [`Logger`]: one line per exchange.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::sync::{Arc, Mutex};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use kafka_messages::dynamic::FrameView;
use kafka_messages::json::{RequestLog, RequestMetrics};
use kafka_messages::{ApiKey, RequestView};
use kafka_wire::dynamic::DynamicView;
use kafka_wire::ErrorCode;

use crate::filter::{ClientConnection, Filter, FilterError, RequestInfo, Verdict};
use crate::frame::{RequestFrame, ResponseFrame};
use crate::identity::Authentication;

/// How a [`Logger`] writes an exchange.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Lines,
    Json,
}

/// Logs every exchange of the APIs and versions this crate knows, as one
/// line when its response passes (or its request, for a Produce with
/// `acks=0`).
///
/// - [`Logger::new`] writes a summary: the time (UTC), the connection, the
///   client's address and id, the API and version, the client's
///   correlation id, the latency from the request's arrival to its
///   response's, both sizes and the response's error codes:
///
///   `18:20:01.123 #3 127.0.0.1:51234 producer-1 Produce v11 corr 7 1.24 ms 1043 B -> 62 B`
///
/// - [`json`](Logger::json) writes each exchange as Kafka's broker's request
///   log does (`requestDescMetrics`, [`RequestLog`]), for `jq`.
///
/// Clones share the writer: a factory hands each connection a clone. In
/// the filter chain, put it first to see messages as the client sends and
/// receives them, last to see them as the broker does.
#[derive(Clone)]
pub struct Logger {
    out: Arc<Mutex<dyn Write + Send>>,
    format: Format,
    /// JSON: the requests whose responses are to come, by the client's
    /// correlation id (at most the connection's requests in flight).
    requests: HashMap<i32, FrameView>,
    /// JSON: the client's software, as its ApiVersions request (v3 and up)
    /// names it: the request log's `clientInformation`.
    software: (String, String),
}

impl std::fmt::Debug for Logger {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Logger")
            .field("format", &self.format)
            .finish_non_exhaustive()
    }
}

impl Logger {
    /// A logger of summary lines to `out`.
    pub fn new(out: impl Write + Send + 'static) -> Self {
        Logger {
            out: Arc::new(Mutex::new(out)),
            format: Format::Lines,
            requests: HashMap::new(),
            software: Default::default(),
        }
    }

    /// A logger of summary lines to standard error.
    pub fn stderr() -> Self {
        Logger::new(io::stderr())
    }

    /// Writes Kafka's request-log JSON instead of summary lines.
    pub fn json(mut self) -> Self {
        self.format = Format::Json;
        self
    }

    fn write(&self, line: &str) -> Result<(), FilterError> {
        let mut out = self
            .out
            .lock()
            .map_err(|_| FilterError::new("the log writer panicked"))?;
        out.write_all(line.as_bytes())?;
        Ok(())
    }

    fn summary(connection: &ClientConnection, info: &RequestInfo, api_key: ApiKey) -> String {
        let mut line = String::with_capacity(128);
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        let secs = now.as_secs() % 86_400;
        let _ = write!(
            line,
            "{:02}:{:02}:{:02}.{:03} #{} {} {} {} v{} corr {}",
            secs / 3600,
            secs / 60 % 60,
            secs % 60,
            now.subsec_millis(),
            connection.id,
            connection.client,
            info.header.client_id.as_deref().unwrap_or("-"),
            api_key.name(),
            info.header.api_version,
            info.header.correlation_id,
        );
        line
    }
}

impl Filter for Logger {
    fn wants_request(&self, api_key: ApiKey, _version: i16) -> bool {
        self.format == Format::Json || api_key == ApiKey::Produce
    }

    fn wants_response(&self, _api_key: ApiKey, _version: i16) -> bool {
        true
    }

    fn on_request(
        &mut self,
        connection: &ClientConnection,
        request: &mut RequestFrame,
    ) -> Result<Verdict, FilterError> {
        let (api_key, version) = (request.api_key(), request.version());
        let acks_zero = !api_key.expects_response(version, request.body_bytes()?);
        match self.format {
            Format::Lines if acks_zero => {
                let frame = request.frame()?;
                let info = RequestInfo {
                    header: kafka_wire::frame::peek_request_header(&frame)?,
                    received: Instant::now(),
                    size: frame.len(),
                };
                let mut line = Logger::summary(connection, &info, request.api_key());
                let _ = writeln!(line, " {} B, acks=0: no response", info.size);
                self.write(&line)?;
            }
            Format::Lines => {}
            Format::Json => {
                if let RequestView::ApiVersions(v) = request.view()? {
                    if !v.client_software_name.is_empty() {
                        self.software = (
                            v.client_software_name.to_string(),
                            v.client_software_version.to_string(),
                        );
                    }
                }
                let (view, _) = FrameView::read_request(request.frame()?)?;
                if acks_zero {
                    let metrics = self.metrics(connection, 0.0);
                    let line = RequestLog::new(&view).completed(None, &metrics).to_string();
                    self.write(&(line + "\n"))?;
                } else {
                    self.requests.insert(request.correlation_id(), view);
                }
            }
        }
        Ok(Verdict::Forward)
    }

    fn on_response(
        &mut self,
        connection: &ClientConnection,
        request: &RequestInfo,
        response: &mut ResponseFrame,
    ) -> Result<(), FilterError> {
        let latency = request.received.elapsed();
        let api_key = response.api_key();
        match self.format {
            Format::Lines => {
                let mut line = Logger::summary(connection, request, api_key);
                let schema = api_key
                    .response_message_schema()
                    .ok_or("no response schema")?;
                let body = response.body_bytes()?.clone();
                let size = response.header_bytes().len() + body.len();
                let read = DynamicView::decode_exact(schema, response.version(), body)?;
                let mut codes = Vec::new();
                read.body().error_codes(&mut codes);
                let _ = write!(
                    line,
                    " {:.2} ms {} B -> {} B",
                    latency.as_secs_f64() * 1e3,
                    request.size,
                    size,
                );
                for code in codes {
                    let _ = write!(line, " {}", ErrorCode::from_code(code).name());
                }
                line.push('\n');
                self.write(&line)
            }
            Format::Json => {
                let Some(request_view) = self.requests.remove(&response.correlation_id()) else {
                    return Ok(());
                };
                let view = FrameView::decode_response(
                    response.frame()?,
                    api_key.key(),
                    response.version(),
                )?;
                let metrics = self.metrics(connection, latency.as_secs_f64() * 1e3);
                let line = RequestLog::new(&request_view)
                    .completed(Some(&view), &metrics)
                    .to_string();
                self.write(&(line + "\n"))
            }
        }
    }
}

impl Logger {
    /// The request log's metrics of an exchange on `connection`: what the
    /// proxy knows of the connection, as a broker's listener would say it.
    /// The principal is the connection's, as the proxy learnt it (from a
    /// SASL exchange or a certificate), and Kafka's `User:ANONYMOUS` before.
    fn metrics(&self, connection: &ClientConnection, total_time_ms: f64) -> RequestMetrics {
        let (software_name, software_version) = &self.software;
        RequestMetrics {
            connection: format!(
                "{}-{}-{}",
                connection.upstream, connection.client, connection.id
            ),
            total_time_ms,
            security_protocol: match (connection.tls, &connection.authentication) {
                (true, Authentication::None) => "SSL",
                (false, Authentication::None) => "PLAINTEXT",
                (true, _) => "SASL_SSL",
                (false, _) => "SASL_PLAINTEXT",
            }
            .into(),
            principal: match &connection.principal {
                Some(principal) => principal.to_string(),
                None => "User:ANONYMOUS".to_owned(),
            },
            listener: connection.listener.to_string(),
            client_software_name: software_name.clone(),
            client_software_version: software_version.clone(),
            ..RequestMetrics::default()
        }
    }
}
