//! The byte streams of a proxied connection: TCP, or TLS over it (feature
//! `tls`, with rustls).

use std::io;
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;

/// The half of a stream a connection reads.
pub(crate) type ReadHalf = Box<dyn AsyncRead + Send + Unpin>;
/// The half of a stream a connection's writer task writes.
pub(crate) type WriteHalf = Box<dyn AsyncWrite + Send + Unpin>;

/// Reads what `io` has into `buf`, with at least `room` bytes spare. While
/// the read waits, or fails, with nothing in `buf`, the buffer is let go, so
/// a quiet connection holds none; bytes a frame has begun are kept. Both of
/// a connection's readers and the socket under TLS (`ReadAhead`) read this
/// way.
pub(crate) fn poll_fill<R: AsyncRead + ?Sized + Unpin>(
    io: std::pin::Pin<&mut R>,
    cx: &mut std::task::Context<'_>,
    buf: &mut bytes::BytesMut,
    room: usize,
) -> std::task::Poll<io::Result<usize>> {
    buf.reserve(room);
    let read = tokio_util::io::poll_read_buf(io, cx, buf);
    if !matches!(read, std::task::Poll::Ready(Ok(_))) && buf.is_empty() {
        *buf = bytes::BytesMut::new();
    }
    read
}

/// A TCP stream's halves, as they are.
pub(crate) fn plain(stream: TcpStream) -> (ReadHalf, WriteHalf) {
    let (read, write) = stream.into_split();
    (Box::new(read), Box::new(write))
}

/// What a client's TLS handshake named.
#[derive(Debug, Default)]
pub(crate) struct ClientTlsNames {
    /// The chosen name of the client's certificate.
    pub certificate: Option<String>,
    /// The server name (SNI) the client asked for.
    pub server: Option<String>,
}

/// How the proxy speaks TLS, each side that has it.
#[derive(Clone, Default)]
pub(crate) struct Tls {
    /// Toward clients: the listeners accept TLS.
    #[cfg(feature = "tls")]
    pub clients: Option<tokio_rustls::TlsAcceptor>,
    /// Which name of a client's certificate is its principal.
    #[cfg(feature = "tls")]
    pub client_name: crate::identity::CertificateName,
    /// Toward brokers: the proxy connects with TLS.
    #[cfg(feature = "tls")]
    pub brokers: Option<tokio_rustls::TlsConnector>,
}

impl Tls {
    /// Whether clients speak TLS to the proxy.
    pub fn toward_clients(&self) -> bool {
        #[cfg(feature = "tls")]
        return self.clients.is_some();
        #[cfg(not(feature = "tls"))]
        false
    }

    /// A client's stream, after the TLS handshake when the listeners have
    /// TLS, which must end within `timeout`; and the chosen name of the
    /// certificate the client presented, if it did (the configuration's
    /// client verifier checked it).
    pub async fn client(
        &self,
        stream: TcpStream,
        timeout: Duration,
    ) -> io::Result<((ReadHalf, WriteHalf), ClientTlsNames)> {
        #[cfg(feature = "tls")]
        if let Some(acceptor) = &self.clients {
            let tls = within(timeout, acceptor.accept(ReadAhead::new(stream))).await?;
            let session = tls.get_ref().1;
            let names = ClientTlsNames {
                certificate: session
                    .peer_certificates()
                    .and_then(|chain| chain.first())
                    .and_then(|end_entity| certificate_name(end_entity, self.client_name)),
                server: session.server_name().map(str::to_owned),
            };
            let (read, write) = tokio::io::split(tls);
            return Ok(((Box::new(read), Box::new(write)), names));
        }
        let _ = timeout;
        Ok((plain(stream), ClientTlsNames::default()))
    }

    /// A broker's stream, after the TLS handshake when the proxy speaks
    /// TLS to brokers: the broker's certificate is checked against the host
    /// of `upstream` (`host:port`), as the proxy knows the broker.
    pub async fn broker(
        &self,
        stream: TcpStream,
        upstream: &str,
        timeout: Duration,
    ) -> io::Result<(ReadHalf, WriteHalf)> {
        #[cfg(feature = "tls")]
        if let Some(connector) = &self.brokers {
            let name = server_name(upstream)?;
            let tls = within(timeout, connector.connect(name, ReadAhead::new(stream))).await?;
            let (read, write) = tokio::io::split(tls);
            return Ok((Box::new(read), Box::new(write)));
        }
        let _ = (upstream, timeout);
        Ok(plain(stream))
    }
}

/// The most a TLS stream's socket is read at once ([`ReadAhead`]).
#[cfg(feature = "tls")]
const READ_AHEAD: usize = 64 * 1024;

/// The socket under a TLS stream, read up to [`READ_AHEAD`] bytes at a
/// time and handed out as asked: rustls asks for 4 KiB at a time, so over a
/// bare socket each 16 KiB record takes four or more read calls, and a
/// megabyte fetch hundreds. The buffer is held only while the socket has
/// bytes to give ([`poll_fill`]).
#[cfg(feature = "tls")]
struct ReadAhead<S> {
    inner: S,
    buf: bytes::BytesMut,
}

#[cfg(feature = "tls")]
impl<S> ReadAhead<S> {
    fn new(inner: S) -> Self {
        ReadAhead {
            inner,
            buf: bytes::BytesMut::new(),
        }
    }
}

#[cfg(feature = "tls")]
impl<S: AsyncRead + Unpin> AsyncRead for ReadAhead<S> {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        out: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<io::Result<()>> {
        use std::task::Poll;
        let this = &mut *self;
        if this.buf.is_empty() {
            if out.remaining() >= READ_AHEAD {
                return std::pin::Pin::new(&mut this.inner).poll_read(cx, out);
            }
            match poll_fill(
                std::pin::Pin::new(&mut this.inner),
                cx,
                &mut this.buf,
                READ_AHEAD,
            ) {
                Poll::Ready(Ok(_)) => {}
                other => return other.map_ok(|_| ()),
            }
        }
        let n = this.buf.len().min(out.remaining());
        out.put_slice(&this.buf.split_to(n));
        Poll::Ready(Ok(()))
    }
}

#[cfg(feature = "tls")]
impl<S: AsyncWrite + Unpin> AsyncWrite for ReadAhead<S> {
    fn poll_write(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        bytes: &[u8],
    ) -> std::task::Poll<io::Result<usize>> {
        std::pin::Pin::new(&mut self.inner).poll_write(cx, bytes)
    }

    fn poll_write_vectored(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> std::task::Poll<io::Result<usize>> {
        std::pin::Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<io::Result<()>> {
        std::pin::Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<io::Result<()>> {
        std::pin::Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// A handshake, failing when it takes longer than `timeout`.
#[cfg(feature = "tls")]
async fn within<T>(
    timeout: Duration,
    handshake: impl std::future::Future<Output = io::Result<T>>,
) -> io::Result<T> {
    tokio::time::timeout(timeout, handshake)
        .await
        .unwrap_or_else(|_| {
            Err(io::Error::new(
                io::ErrorKind::TimedOut,
                format!("the TLS handshake did not end in {timeout:?}"),
            ))
        })
}

/// The `which` name of a DER certificate, if it has one that reads as text.
#[cfg(feature = "tls")]
pub(crate) fn certificate_name(
    der: &[u8],
    which: crate::identity::CertificateName,
) -> Option<String> {
    use crate::identity::CertificateName;
    use x509_parser::extensions::GeneralName;

    let (_, certificate) = x509_parser::parse_x509_certificate(der).ok()?;
    let name = match which {
        CertificateName::SubjectCommonName => certificate
            .subject()
            .iter_common_name()
            .next()?
            .as_str()
            .ok()?,
        san => {
            let names = certificate.subject_alternative_name().ok()??;
            names
                .value
                .general_names
                .iter()
                .find_map(|name| match (san, name) {
                    (CertificateName::DnsSan, GeneralName::DNSName(n))
                    | (CertificateName::EmailSan, GeneralName::RFC822Name(n))
                    | (CertificateName::UriSan, GeneralName::URI(n)) => Some(*n),
                    _ => None,
                })?
        }
    };
    (!name.is_empty()).then(|| name.to_owned())
}

/// The name a broker's certificate must hold: the host of `host:port` (a
/// DNS name or an IP address, `[...]` around an IPv6 one).
#[cfg(feature = "tls")]
fn server_name(upstream: &str) -> io::Result<tokio_rustls::rustls::pki_types::ServerName<'static>> {
    let host = upstream.rsplit_once(':').map_or(upstream, |(host, _)| host);
    let host = host.trim_start_matches('[').trim_end_matches(']');
    tokio_rustls::rustls::pki_types::ServerName::try_from(host.to_owned()).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{host:?} is no name a certificate can hold: {e}"),
        )
    })
}

#[cfg(all(test, feature = "tls"))]
mod tests {
    use super::*;

    #[test]
    fn a_certificate_that_does_not_read_has_no_name() {
        use crate::identity::CertificateName;
        for which in [CertificateName::SubjectCommonName, CertificateName::DnsSan] {
            assert_eq!(certificate_name(b"", which), None);
            assert_eq!(certificate_name(&[0x30, 0x82, 0xff, 0xff, 0], which), None);
        }
    }

    #[test]
    fn a_brokers_name_is_its_host() {
        let name = |s| server_name(s).map(|n| n.to_str().into_owned());
        assert_eq!(
            name("broker-1.example.com:9093").unwrap(),
            "broker-1.example.com"
        );
        assert_eq!(name("127.0.0.1:9093").unwrap(), "127.0.0.1");
        assert_eq!(name("[::1]:9093").unwrap(), "::1");
        assert!(name("not a host:9093").is_err());
    }

    /// A stream that counts the reads made of it.
    struct Counted<S> {
        inner: S,
        reads: usize,
    }

    impl<S: AsyncRead + Unpin> AsyncRead for Counted<S> {
        fn poll_read(
            mut self: std::pin::Pin<&mut Self>,
            cx: &mut std::task::Context<'_>,
            out: &mut tokio::io::ReadBuf<'_>,
        ) -> std::task::Poll<io::Result<()>> {
            self.reads += 1;
            std::pin::Pin::new(&mut self.inner).poll_read(cx, out)
        }
    }

    #[tokio::test]
    async fn a_socket_under_tls_is_read_64_kib_at_a_time_and_its_buffer_let_go_when_idle() {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let (mut peer, socket) = tokio::io::duplex(1 << 20);
        let sent: Vec<u8> = (0..200 * 1024).map(|i| (i % 251) as u8).collect();
        peer.write_all(&sent).await.unwrap();
        let mut stream = ReadAhead::new(Counted {
            inner: socket,
            reads: 0,
        });
        // As rustls reads: 4 KiB at a time.
        let mut got = Vec::new();
        let mut ask = [0; 4096];
        while got.len() < sent.len() {
            let n = stream.read(&mut ask).await.unwrap();
            got.extend_from_slice(&ask[..n]);
        }
        assert_eq!(got, sent);
        assert_eq!(stream.inner.reads, 4, "200 KiB in reads of 64 KiB");
        // Nothing more has come: the read waits, holding no buffer.
        let waiting = tokio::time::timeout(Duration::from_millis(10), stream.read(&mut ask)).await;
        assert!(waiting.is_err());
        assert_eq!(stream.buf.capacity(), 0);
        // What comes next is read; the peer's end is the stream's.
        peer.write_all(b"next").await.unwrap();
        drop(peer);
        let n = stream.read(&mut ask).await.unwrap();
        assert_eq!(&ask[..n], b"next");
        assert_eq!(stream.read(&mut ask).await.unwrap(), 0);
        // A caller asking for more than the read-ahead reads directly.
        let (mut peer, socket) = tokio::io::duplex(1 << 20);
        peer.write_all(&sent).await.unwrap();
        let mut stream = ReadAhead::new(socket);
        let mut large = vec![0; 2 * READ_AHEAD];
        let n = stream.read(&mut large).await.unwrap();
        assert!(n > READ_AHEAD, "{n}");
        assert_eq!(stream.buf.capacity(), 0);
    }
}
