//! # kafka-wire-capture
//!
//! Kafka traffic out of a packet capture: the `kafka-capture` command line,
//! and the library under it.
//!
//! A pcap or pcapng file is read as a stream ([`packets::CaptureReader`]);
//! each packet's TCP segment ([`packets::tcp_segment`]) goes to its
//! connection, whose two directions are put back in order
//! ([`tcp::Flow`]: segments out of order held up to a limit,
//! retransmissions checked against the bytes already captured, what never
//! arrives reported as a gap). Each direction is cut into frames; a request's
//! header says its API and version, and the response with its correlation id
//! is read at them ([`exchange::Analyzer`]). Every message is read by
//! kafka-wire's interpreted codec ([`kafka_messages::dynamic::FrameView`]),
//! record sets through [`kafka_wire::records`] ([`walk::record_sets`]).
//!
//! ```
//! use kafka_wire_capture::exchange::{read_capture, Event, Options};
//!
//! # fn read(file: std::fs::File) -> Result<(), Box<dyn std::error::Error>> {
//! read_capture(file, Options::default(), &mut |event| match event {
//!     Event::Exchange(x) => println!("{} {} v{} {:?}", x.connection, x.api_name(), x.api_version, x.latency()),
//!     Event::Notice(n) => eprintln!("{}", n.kind),
//! })?;
//! # Ok(()) }
//! ```
//!
//! [`exchange::Analyzer`] takes the packets one at a time, for a caller that
//! reads them itself (a live capture, a progress line).
//!
//! What cannot be read is never guessed at: a response whose request was
//! not captured is reported (or read at a version the user gives), a
//! direction that lost bytes looks for the next frame start, a frame that
//! does not read keeps its bytes and its error, and a frame the capture cut
//! is kept with what was captured ([`exchange::Cut`]). [`analysis`] sums
//! traffic per client, broker and topic-partition, and tells throttling,
//! consumer lag and consumer groups' timelines.

pub mod analysis;
pub mod exchange;
pub mod output;
pub mod packets;
pub mod tcp;
pub mod walk;
