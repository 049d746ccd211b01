//! [`FrameBudget`]: the bytes of frames that every connection of a server
//! may hold at once (Kafka's `queued.max.request.bytes`), and
//! [`BudgetedRead`], the read side of one connection that reserves a frame's
//! bytes from it before letting any of them through.

use std::fmt;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{ready, Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::{AcquireError, OwnedSemaphorePermit, Semaphore};

use super::FrameDecoder;

/// The bytes of frames that all the connections sharing it may hold at once,
/// as Kafka's `queued.max.request.bytes` bounds a broker's requests (feature
/// `tokio`).
///
/// A connection reserves a frame's size from the budget as soon as the size
/// arrives, before it reads (or allocates for) any byte of the body, and
/// gives it back when the frame is done with; a peer whose frame does not fit
/// in what is left waits, its bytes unread in the socket (backpressure: the
/// kernel's buffers fill and the peer's writes block), until other frames
/// give their bytes back. Waiters are served in order. [`BudgetedRead`] does
/// this around any reader.
///
/// A frame larger than the whole budget could never be read: it is refused,
/// as a frame over the size limit is. Kafka likewise requires
/// `queued.max.request.bytes` to be at least `socket.request.max.bytes`.
///
/// Cloning shares the budget.
///
/// ```
/// use kafka_wire::frame::FrameBudget;
///
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// let budget = FrameBudget::new(1000);
/// let first = budget.reserve(600).await.expect("within the budget");
/// assert_eq!(budget.available(), 400);
/// // A second frame of 600 bytes does not fit until the first is done.
/// assert!(budget.try_reserve(600).expect("within the budget").is_none());
/// drop(first);
/// assert!(budget.try_reserve(600).expect("within the budget").is_some());
/// // Never, whatever is given back: it is refused.
/// assert!(budget.try_reserve(1001).is_err());
/// # }
/// ```
#[derive(Clone)]
pub struct FrameBudget {
    permits: Arc<Semaphore>,
    bytes: usize,
}

impl FrameBudget {
    /// The most a budget holds: what one reservation can take at once
    /// (`u32::MAX` bytes, within tokio's semaphore's own limit).
    pub const MAX: usize = if Semaphore::MAX_PERMITS < u32::MAX as usize {
        Semaphore::MAX_PERMITS
    } else {
        u32::MAX as usize
    };

    /// A budget of `bytes` (at most [`FrameBudget::MAX`]; more is taken as
    /// that).
    pub fn new(bytes: usize) -> Self {
        let bytes = bytes.min(Self::MAX);
        FrameBudget {
            permits: Arc::new(Semaphore::new(bytes)),
            bytes,
        }
    }

    /// The whole budget, in bytes.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// The bytes not reserved now.
    pub fn available(&self) -> usize {
        self.permits.available_permits()
    }

    /// Reserves `size` bytes, waiting until they are available; the
    /// reservation gives them back when dropped. A size over the whole
    /// budget is an error at once.
    pub async fn reserve(&self, size: usize) -> Result<FrameReservation, OverBudget> {
        let n = self.check(size)?;
        let permit = Arc::clone(&self.permits)
            .acquire_many_owned(n)
            .await
            .expect("the budget's semaphore is never closed");
        Ok(FrameReservation { permit })
    }

    /// Reserves `size` bytes if they are available now (`Ok(None)` if not);
    /// a size over the whole budget is an error.
    pub fn try_reserve(&self, size: usize) -> Result<Option<FrameReservation>, OverBudget> {
        let n = self.check(size)?;
        Ok(Arc::clone(&self.permits)
            .try_acquire_many_owned(n)
            .ok()
            .map(|permit| FrameReservation { permit }))
    }

    /// Wraps `reader`, the read side of one connection, so that each frame's
    /// bytes are reserved from this budget before any of them is read, and
    /// frames over `max_frame_size` (or the budget) are refused.
    pub fn read<R>(&self, reader: R, max_frame_size: usize) -> BudgetedRead<R> {
        BudgetedRead {
            inner: reader,
            budget: self.clone(),
            decoder: FrameDecoder::new(max_frame_size),
            size: [0; 4],
            size_got: 0,
            size_given: 0,
            body_left: 0,
            held: None,
            waiting: None,
            refused: None,
        }
    }

    fn check(&self, size: usize) -> Result<u32, OverBudget> {
        u32::try_from(size)
            .ok()
            .filter(|_| size <= self.bytes)
            .ok_or(OverBudget {
                size,
                budget: self.bytes,
            })
    }
}

impl fmt::Debug for FrameBudget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FrameBudget")
            .field("bytes", &self.bytes)
            .field("available", &self.available())
            .finish()
    }
}

/// Bytes reserved from a [`FrameBudget`], given back when dropped.
#[derive(Debug)]
pub struct FrameReservation {
    permit: OwnedSemaphorePermit,
}

impl FrameReservation {
    /// The bytes reserved.
    pub fn bytes(&self) -> usize {
        self.permit.num_permits()
    }
}

/// A frame size over the whole of a [`FrameBudget`]: it could never be
/// reserved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OverBudget {
    /// The frame size asked for.
    pub size: usize,
    /// The whole budget.
    pub budget: usize,
}

impl fmt::Display for OverBudget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "frame size {} is over the frame budget of {} bytes",
            self.size, self.budget
        )
    }
}

impl std::error::Error for OverBudget {}

type Waiting = Pin<Box<dyn Future<Output = Result<OwnedSemaphorePermit, AcquireError>> + Send>>;

/// The read side of one connection under a [`FrameBudget`]
/// ([`FrameBudget::read`]): a reader of Kafka frames (a `FrameCodec`, a
/// `FrameDecoder`, ...) reads through it as it would read the stream.
///
/// It reads each frame's 4-byte size itself and gives those bytes to its
/// caller only once the frame's size is reserved: until then the caller sees
/// no byte of the frame, so it reserves nothing ahead for it, and the
/// frame's bytes stay in the socket. Then it lets through the body and no
/// byte past it, so the next frame's size is read only when the caller asks
/// for more after this frame. The frame's reservation is given back when the
/// caller reads on after the frame (or drops the reader): a server that
/// answers a request before it reads the next one, as Kafka's brokers do,
/// holds the request's bytes reserved until its answer is written, and a
/// connection idle between requests holds none.
///
/// A negative size or one over the limit is passed through unreserved for
/// the caller's frame reader to refuse (its own error); the next read is an
/// [`InvalidData`](io::ErrorKind::InvalidData) error. A size within the limit
/// but over the whole budget is that error at once.
///
/// Writes (when the stream is also a writer) pass through untouched.
pub struct BudgetedRead<R> {
    inner: R,
    budget: FrameBudget,
    decoder: FrameDecoder,
    /// The current frame's size bytes, read from the stream.
    size: [u8; 4],
    /// How many of them were read.
    size_got: usize,
    /// How many of them were given to the caller.
    size_given: usize,
    /// The body bytes of the current frame not yet read.
    body_left: usize,
    /// The current (or last) frame's reservation.
    held: Option<FrameReservation>,
    /// A reservation being waited for.
    waiting: Option<Waiting>,
    /// Why the stream is refused, once it is.
    refused: Option<String>,
}

impl<R> BudgetedRead<R> {
    /// The budget it reserves from.
    pub fn budget(&self) -> &FrameBudget {
        &self.budget
    }

    /// The wrapped stream.
    pub fn get_ref(&self) -> &R {
        &self.inner
    }

    /// The wrapped stream, to change it.
    pub fn get_mut(&mut self) -> &mut R {
        &mut self.inner
    }

    /// Whether it waits for budget: the caller gets no byte until then.
    pub fn is_waiting(&self) -> bool {
        self.waiting.is_some()
    }

    /// The size read is complete: check it and reserve it (or start waiting).
    fn on_size(&mut self) {
        let size = match self.decoder.peek_size(&self.size) {
            Ok(Some(size)) => size,
            // Refused by the limit: the caller's reader gets the size and
            // gives its own error.
            _ => {
                self.refused = Some(format!(
                    "frame size {} refused",
                    i32::from_be_bytes(self.size)
                ));
                return;
            }
        };
        match self.budget.try_reserve(size) {
            Ok(Some(reservation)) => {
                self.held = Some(reservation);
                self.body_left = size;
            }
            Ok(None) => {
                let n = u32::try_from(size).expect("checked by try_reserve");
                let permits = Arc::clone(&self.budget.permits);
                self.waiting = Some(Box::pin(permits.acquire_many_owned(n)));
                self.body_left = size;
            }
            Err(over) => {
                // Nothing of the frame reaches the caller.
                self.size_given = 4;
                self.refused = Some(over.to_string());
            }
        }
    }
}

impl<R: AsyncRead + Unpin> AsyncRead for BudgetedRead<R> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if buf.remaining() == 0 {
            return Poll::Ready(Ok(()));
        }
        loop {
            if let Some(waiting) = &mut this.waiting {
                let permit =
                    ready!(waiting.as_mut().poll(cx)).expect("the budget's semaphore stays open");
                this.held = Some(FrameReservation { permit });
                this.waiting = None;
            }
            // The size, once reserved (or refused by the limit), first.
            if this.size_got == 4 && this.size_given < 4 {
                let n = (4 - this.size_given).min(buf.remaining());
                buf.put_slice(&this.size[this.size_given..this.size_given + n]);
                this.size_given += n;
                return Poll::Ready(Ok(()));
            }
            if let Some(reason) = &this.refused {
                return Poll::Ready(Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    reason.clone(),
                )));
            }
            if this.body_left > 0 {
                // The body, and not a byte past it.
                let want = this.body_left.min(buf.remaining());
                let dst = buf.initialize_unfilled_to(want);
                let mut part = ReadBuf::new(dst);
                ready!(Pin::new(&mut this.inner).poll_read(cx, &mut part))?;
                let n = part.filled().len();
                buf.advance(n);
                this.body_left -= n;
                return Poll::Ready(Ok(()));
            }
            // The next frame's size, into its own 4 bytes. The caller reads
            // on past the last frame: that frame is done with.
            if this.size_got == 4 {
                this.size_got = 0;
                this.size_given = 0;
            }
            if this.size_got == 0 {
                this.held = None;
            }
            let mut part = ReadBuf::new(&mut this.size[this.size_got..]);
            ready!(Pin::new(&mut this.inner).poll_read(cx, &mut part))?;
            let n = part.filled().len();
            if n == 0 {
                // The end of the stream: a partial size is given to the
                // caller, whose frame reader says where the stream ended.
                let got = this.size_got;
                buf.put_slice(&this.size[..got.min(buf.remaining())]);
                this.size_got = 0;
                return Poll::Ready(Ok(()));
            }
            this.size_got += n;
            if this.size_got == 4 {
                this.on_size();
            }
        }
    }
}

impl<R: AsyncWrite + Unpin> AsyncWrite for BudgetedRead<R> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().inner).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}

impl<R> fmt::Debug for BudgetedRead<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BudgetedRead")
            .field("budget", &self.budget)
            .field("held", &self.held.as_ref().map(FrameReservation::bytes))
            .field("waiting", &self.waiting.is_some())
            .field("body_left", &self.body_left)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use bytes::Bytes;
    use tokio::io::{duplex, AsyncReadExt, AsyncWriteExt};
    use tokio_util::codec::FramedRead;

    use super::*;
    use crate::frame::FrameCodec;

    fn frame(size: usize, fill: u8) -> Vec<u8> {
        let mut f = (size as u32).to_be_bytes().to_vec();
        f.resize(4 + size, fill);
        f
    }

    async fn next_frame<R: AsyncRead + Unpin>(
        frames: &mut FramedRead<BudgetedRead<R>, FrameCodec>,
        wait: Duration,
    ) -> Option<io::Result<Bytes>> {
        use futures_util::StreamExt;
        tokio::time::timeout(wait, frames.next())
            .await
            .unwrap_or_else(|_| Some(Err(io::ErrorKind::TimedOut.into())))
    }

    fn rt() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap()
    }

    #[test]
    fn frames_pass_through_exactly_in_any_chunking() {
        rt().block_on(async {
            let mut wire = Vec::new();
            for (i, size) in [0usize, 1, 3, 4, 5, 700, 70_000, 2].into_iter().enumerate() {
                wire.extend_from_slice(&frame(size, i as u8));
            }
            for chunk in [1, 3, 4, 5, 4096, 1 << 20] {
                let (mut client, server) = duplex(1 << 20);
                let budget = FrameBudget::new(100_000);
                let mut frames =
                    FramedRead::new(budget.read(server, 80_000), FrameCodec::new(80_000));
                let sent = wire.clone();
                let writer = tokio::spawn(async move {
                    for part in sent.chunks(chunk) {
                        client.write_all(part).await.unwrap();
                    }
                });
                let mut got = Vec::new();
                while let Some(f) = next_frame(&mut frames, Duration::from_secs(5)).await {
                    let f = f.unwrap();
                    got.extend_from_slice(&(f.len() as u32).to_be_bytes());
                    got.extend_from_slice(&f);
                }
                writer.await.unwrap();
                assert_eq!(got, wire, "chunks of {chunk}");
                // Every reservation was given back at the stream's end.
                drop(frames);
                assert_eq!(budget.available(), 100_000);
            }
        });
    }

    #[test]
    fn a_frame_that_does_not_fit_waits_unread_until_another_is_done() {
        rt().block_on(async {
            let budget = FrameBudget::new(100);
            let (mut a_client, a_server) = duplex(4096);
            let (mut b_client, b_server) = duplex(4096);
            let mut a = FramedRead::new(budget.read(a_server, 100), FrameCodec::new(100));
            let mut b = FramedRead::new(budget.read(b_server, 100), FrameCodec::new(100));
            a_client.write_all(&frame(80, 1)).await.unwrap();
            b_client.write_all(&frame(50, 2)).await.unwrap();
            let first = next_frame(&mut a, Duration::from_secs(5))
                .await
                .unwrap()
                .unwrap();
            assert_eq!(&first[..], &[1; 80][..]);
            // A's frame is held: B's 50 bytes do not fit in the 20 left.
            assert_eq!(budget.available(), 20);
            let waited = next_frame(&mut b, Duration::from_millis(100))
                .await
                .unwrap();
            assert_eq!(waited.unwrap_err().kind(), io::ErrorKind::TimedOut);
            assert!(b.get_ref().is_waiting());
            // The codec saw no byte of B's frame, so it reserved nothing for it.
            assert!(b.read_buffer().is_empty(), "{:?}", b.read_buffer());
            // A reads on: A's first frame is done with.
            a_client.write_all(&frame(10, 3)).await.unwrap();
            let second = next_frame(&mut a, Duration::from_secs(5))
                .await
                .unwrap()
                .unwrap();
            assert_eq!(&second[..], &[3; 10][..]);
            let got = next_frame(&mut b, Duration::from_secs(5))
                .await
                .unwrap()
                .unwrap();
            assert_eq!(&got[..], &[2; 50][..]);
            assert_eq!(budget.available(), 100 - 10 - 50);
            drop((a, b));
            assert_eq!(budget.available(), 100);
        });
    }

    #[test]
    fn no_byte_past_the_frame_is_read_before_the_caller_asks() {
        rt().block_on(async {
            let budget = FrameBudget::new(1000);
            let (mut client, server) = duplex(4096);
            let mut read = budget.read(server, 1000);
            let mut wire = frame(3, 7);
            wire.extend_from_slice(&frame(900, 8));
            client.write_all(&wire).await.unwrap();
            let mut buf = [0u8; 64];
            let mut got = Vec::new();
            while got.len() < 7 {
                let n = read.read(&mut buf).await.unwrap();
                got.extend_from_slice(&buf[..n]);
            }
            // Exactly the first frame, though the second is in the pipe.
            assert_eq!(got, frame(3, 7));
            assert_eq!(budget.available(), 997);
            // Reading on reads the next size: the first frame is given back.
            let n = read.read(&mut buf).await.unwrap();
            assert_eq!(&buf[..n], &900u32.to_be_bytes()[..n]);
            assert_eq!(budget.available(), 100);
        });
    }

    #[test]
    fn a_connection_idle_after_a_frame_holds_no_budget() {
        rt().block_on(async {
            let budget = FrameBudget::new(1000);
            let (mut client, server) = duplex(4096);
            let mut frames = FramedRead::new(budget.read(server, 1000), FrameCodec::new(1000));
            client.write_all(&frame(600, 1)).await.unwrap();
            let f = next_frame(&mut frames, Duration::from_secs(5))
                .await
                .unwrap()
                .unwrap();
            assert_eq!(f.len(), 600);
            assert_eq!(budget.available(), 400, "held while the caller has it");
            // Answered; the server reads on, and nothing comes.
            let idle = next_frame(&mut frames, Duration::from_millis(50))
                .await
                .unwrap();
            assert_eq!(idle.unwrap_err().kind(), io::ErrorKind::TimedOut);
            assert_eq!(budget.available(), 1000);
        });
    }

    #[test]
    fn sizes_over_the_limit_or_the_budget_are_refused() {
        rt().block_on(async {
            // Over the limit: the codec's own error, at the size.
            let budget = FrameBudget::new(1000);
            let (mut client, server) = duplex(4096);
            let mut frames = FramedRead::new(budget.read(server, 500), FrameCodec::new(500));
            client.write_all(&frame(600, 0)).await.unwrap();
            let e = next_frame(&mut frames, Duration::from_secs(5))
                .await
                .unwrap()
                .unwrap_err();
            assert_eq!(e.kind(), io::ErrorKind::InvalidData);
            assert!(e.to_string().contains("600"), "{e}");
            // Negative.
            let (mut client, server) = duplex(4096);
            let mut frames = FramedRead::new(budget.read(server, 500), FrameCodec::new(500));
            client.write_all(&(-1i32).to_be_bytes()).await.unwrap();
            let e = next_frame(&mut frames, Duration::from_secs(5))
                .await
                .unwrap()
                .unwrap_err();
            assert_eq!(e.kind(), io::ErrorKind::InvalidData);
            // Within the limit, over the whole budget: refused, nothing reserved.
            let (mut client, server) = duplex(4096);
            let mut frames = FramedRead::new(budget.read(server, 5000), FrameCodec::new(5000));
            client.write_all(&frame(1001, 0)).await.unwrap();
            let e = next_frame(&mut frames, Duration::from_secs(5))
                .await
                .unwrap()
                .unwrap_err();
            assert_eq!(e.kind(), io::ErrorKind::InvalidData);
            assert_eq!(
                e.to_string(),
                "frame size 1001 is over the frame budget of 1000 bytes"
            );
            assert_eq!(budget.available(), 1000);
        });
    }

    #[test]
    fn a_stream_that_ends_inside_a_frame_is_the_codecs_error() {
        rt().block_on(async {
            let budget = FrameBudget::new(1000);
            for cut in [2, 4, 9] {
                let (mut client, server) = duplex(4096);
                let mut frames = FramedRead::new(budget.read(server, 1000), FrameCodec::new(1000));
                client.write_all(&frame(10, 1)[..cut]).await.unwrap();
                drop(client);
                let e = next_frame(&mut frames, Duration::from_secs(5))
                    .await
                    .unwrap()
                    .unwrap_err();
                assert_eq!(e.kind(), io::ErrorKind::UnexpectedEof, "cut at {cut}");
            }
            assert_eq!(budget.available(), 1000);
        });
    }
}
