//! The cluster's request budget: the bytes of request frames all of its
//! connections may hold at once (Kafka's `queued.max.request.bytes`).

use kafka_wire::frame::FrameBudget;

use super::ClusterBuilder;

impl ClusterBuilder {
    /// Reserve each request frame's bytes from `budget` before reading
    /// them, as a broker with `queued.max.request.bytes` does (default: no
    /// budget, as Kafka's default). A connection reserves a frame's size as
    /// soon as it arrives, before it reads or allocates anything for the
    /// body, and gives it back once the request is answered; a client whose
    /// frame does not fit waits, its bytes left unread in its socket, until
    /// other requests are done. So every node of the cluster together holds
    /// at most `budget.bytes()` of request frames, plus a few KiB of read
    /// buffer per connection, however many clients claim large frames.
    ///
    /// The budget is shared with whatever else holds a clone of it (another
    /// server in the same process, a test reading
    /// [`FrameBudget::available`]). It must hold at least the largest frame
    /// the fake takes (100 MiB, Kafka's `socket.request.max.bytes`) for such
    /// a frame to be served: a frame over the whole budget is refused and its
    /// connection closed, as one over the size limit is.
    pub fn request_budget(mut self, budget: FrameBudget) -> Self {
        self.request_budget = Some(budget);
        self
    }
}
