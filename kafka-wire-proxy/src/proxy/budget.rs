//! The proxy's request budget: the bytes of client frames all of its
//! connections may hold at once while reading them (Kafka's
//! `queued.max.request.bytes`).

use kafka_wire::frame::FrameBudget;

use super::ProxyBuilder;

impl ProxyBuilder {
    /// Reserve each client frame's bytes from `budget` before reading them,
    /// as a broker with `queued.max.request.bytes` does (default: no
    /// budget). A connection reserves a frame's size as soon as it arrives,
    /// before it reads or allocates anything for the body, and gives it back
    /// when it reads on from that client after the frame (or closes); a
    /// client whose frame does not fit waits, its bytes left unread in its
    /// socket, until other frames are done.
    ///
    /// What it bounds: the request frames being read, across all
    /// connections, to `budget.bytes()`. A frame read is then queued for the
    /// broker under the connection's own [`max_buffered`](Self::max_buffered)
    /// (which, with `max_in_flight`, bounds what each connection holds
    /// after reading), and responses are not budgeted: the broker is trusted.
    /// The budget may be shared with other servers of the process (a clone of
    /// it). It must hold at least [`max_frame_size`](Self::max_frame_size)
    /// for such a frame to pass: a frame over the whole budget is refused and
    /// its connection closed, as one over the size limit is.
    pub fn request_budget(mut self, budget: FrameBudget) -> Self {
        self.limits.request_budget = Some(budget);
        self
    }
}
