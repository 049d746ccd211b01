//! One direction of a TCP connection, put back in order: segments out of
//! order are held (up to a limit), retransmitted bytes are checked against
//! those already delivered, and what never arrives is reported as a gap.

use std::collections::BTreeMap;

/// How many delivered bytes a direction keeps to check retransmissions
/// against.
const CHECKED_TAIL: usize = 64 << 10;

/// What holding a segment out of order costs beside its bytes (its map
/// entry and its allocation), counted against the limit: a run of one-byte
/// segments may not hold fifty times the limit.
const HELD_ENTRY_COST: usize = 64;

/// The last bytes delivered, up to [`CHECKED_TAIL`], in a ring: each byte
/// delivered is copied in once (a buffer that dropped its oldest bytes
/// would move up to 64 KiB per segment), grown by need up to the limit.
#[derive(Debug, Default)]
struct Tail {
    /// The bytes: in order while it grows (shorter than the limit), then a
    /// ring of the limit's size.
    ring: Vec<u8>,
    /// Where the next byte goes, in a ring of full size.
    end: usize,
    /// How many of the last bytes delivered it holds.
    held: usize,
}

impl Tail {
    /// Adds the bytes just delivered.
    fn push(&mut self, mut bytes: &[u8]) {
        if self.ring.len() < CHECKED_TAIL {
            let n = bytes.len().min(CHECKED_TAIL - self.ring.len());
            self.ring.extend_from_slice(&bytes[..n]);
            self.held = self.ring.len();
            self.end = self.ring.len() % CHECKED_TAIL;
            bytes = &bytes[n..];
        }
        if bytes.is_empty() {
            return;
        }
        let bytes = &bytes[bytes.len().saturating_sub(CHECKED_TAIL)..];
        let first = (CHECKED_TAIL - self.end).min(bytes.len());
        self.ring[self.end..self.end + first].copy_from_slice(&bytes[..first]);
        let rest = bytes.len() - first;
        self.ring[..rest].copy_from_slice(&bytes[first..]);
        self.end = (self.end + bytes.len()) % CHECKED_TAIL;
        self.held = (self.held + bytes.len()).min(CHECKED_TAIL);
    }

    /// Forgets the bytes held (a gap: the bytes before it are not the
    /// stream's last), keeping the room.
    fn clear(&mut self) {
        if self.ring.len() < CHECKED_TAIL {
            self.ring.clear();
            self.end = 0;
        }
        self.held = 0;
    }

    /// Where the first of `other` differs from the bytes held from the
    /// `at`-th (0 the oldest held) on; `other` fits in those held.
    fn first_difference(&self, at: usize, other: &[u8]) -> Option<usize> {
        let len = self.ring.len();
        let start = (self.end + len - self.held + at) % len;
        let first = (len - start).min(other.len());
        let (a, b) = other.split_at(first);
        let differs = |kept: &[u8], new: &[u8]| kept.iter().zip(new).position(|(x, y)| x != y);
        differs(&self.ring[start..start + first], a)
            .or_else(|| differs(&self.ring[..b.len()], b).map(|i| i + first))
    }
}

/// What putting a segment in order found, beside the bytes it delivered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StreamEvent {
    /// Bytes at `offset` (from the direction's first byte) were never
    /// captured: `missing` of them, given up on because the bytes held out
    /// of order passed the limit, or at the end of the capture.
    Gap {
        /// Where the gap starts.
        offset: u64,
        /// Its length.
        missing: u64,
        /// How many of the bytes delivered by the same call come before it.
        delivered_before: usize,
    },
    /// A segment's bytes at `offset` differ from the bytes already there:
    /// those delivered within the last 64 KiB, or a segment held out of
    /// order that starts at the same place. The first copy is kept.
    Conflict {
        /// Where the first differing byte is.
        offset: u64,
    },
    /// Segments held out of order passed the limit (reported once per
    /// direction; each gap it causes is reported too).
    LimitReached {
        /// The limit, in bytes.
        limit: usize,
    },
}

/// One direction of a connection, in order.
#[derive(Debug)]
pub struct Flow {
    /// The sequence number of offset 0 (the byte after the SYN, or the first
    /// byte seen when the capture starts mid-connection); `None` before.
    base: Option<u32>,
    /// The offset of the next byte to deliver.
    next: u64,
    /// Segments ahead of `next`, by offset.
    held: BTreeMap<u64, Vec<u8>>,
    held_bytes: usize,
    max_held: usize,
    limit_reported: bool,
    /// The last delivered bytes, ending at `next`.
    tail: Tail,
    /// Whether retransmissions are no longer checked (the tail given up to
    /// keep under the memory limit).
    unchecked: bool,
    /// Whether the FIN was seen.
    pub finished: bool,
    /// Whether offset 0 is the byte after the SYN: the direction was
    /// captured from its start.
    from_syn: bool,
    /// The offset the FIN takes, once seen.
    fin_at: Option<u64>,
    /// The offset up to which the other direction acknowledged.
    acked: u64,
}

impl Flow {
    /// A direction that holds at most `max_held` bytes out of order.
    pub fn new(max_held: usize) -> Self {
        Flow {
            base: None,
            next: 0,
            held: BTreeMap::new(),
            held_bytes: 0,
            max_held,
            limit_reported: false,
            tail: Tail::default(),
            unchecked: false,
            finished: false,
            from_syn: false,
            fin_at: None,
            acked: 0,
        }
    }

    /// Whether the direction was captured from its SYN on: its offset 0 is
    /// its first byte.
    pub fn from_syn(&self) -> bool {
        self.from_syn
    }

    /// What the segments held out of order cost: their bytes, and 64 bytes
    /// each (their entries and allocations).
    pub fn held_bytes(&self) -> usize {
        self.held_bytes + self.held.len() * HELD_ENTRY_COST
    }

    /// The memory it holds: what it holds out of order, and the bytes kept
    /// to check retransmissions against (as allocated).
    pub fn memory(&self) -> usize {
        self.held_bytes() + self.tail.ring.capacity()
    }

    /// Gives up the bytes kept to check retransmissions against (memory
    /// runs short), for good: a retransmission is no longer compared (a
    /// tail grown again at the next segment would be given up again at the
    /// next pass, its room freed and taken back over and over).
    pub fn release_tail(&mut self) {
        self.tail = Tail::default();
        self.unchecked = true;
    }

    /// The offset of the next byte to deliver: the bytes delivered so far,
    /// gaps included.
    pub fn offset(&self) -> u64 {
        self.next
    }

    /// Takes a segment: `seq` its sequence number, `syn` whether it is the
    /// SYN (which takes one sequence number before the data). Bytes that
    /// come in order are appended to `out`; what else is found goes to
    /// `events`.
    pub fn push(
        &mut self,
        seq: u32,
        syn: bool,
        fin: bool,
        payload: &[u8],
        out: &mut Vec<u8>,
        events: &mut Vec<StreamEvent>,
    ) {
        self.push_cut(seq, syn, fin, payload, 0, out, events);
    }

    /// Takes a segment the capture cut: `payload` the bytes kept, `cut` how
    /// many were sent after them and not kept (the snap length). When the
    /// bytes kept come in order, the `cut` bytes after them are a gap at
    /// once: no later segment of this capture holds them.
    #[allow(clippy::too_many_arguments)]
    pub fn push_cut(
        &mut self,
        seq: u32,
        syn: bool,
        fin: bool,
        payload: &[u8],
        cut: u32,
        out: &mut Vec<u8>,
        events: &mut Vec<StreamEvent>,
    ) {
        let data_seq = if syn { seq.wrapping_add(1) } else { seq };
        if syn && self.next == 0 && self.tail.held == 0 && self.held.is_empty() {
            // The first SYN sets where the data starts (a SYN after data, of
            // a connection that started before the capture, does not).
            self.base = Some(data_seq);
            self.from_syn = true;
        }
        let base = *self.base.get_or_insert(data_seq);
        // Where the segment starts, as a signed distance from the next byte
        // expected: sequence numbers wrap, and a segment is never 2 GiB away.
        let expected = base.wrapping_add(self.next as u32);
        let start = self.next as i64 + i64::from(data_seq.wrapping_sub(expected) as i32);
        if fin {
            self.finished = true;
            // The FIN takes the sequence number after the segment's bytes.
            self.fin_at = u64::try_from(start + payload.len() as i64 + i64::from(cut)).ok();
        }
        let cut_at = u64::try_from(start + payload.len() as i64).ok();
        if payload.is_empty() && cut == 0 {
            return;
        }
        let (start, payload) = match u64::try_from(start) {
            Ok(start) => (start, payload),
            // Bytes from before the first one seen: only the rest counts.
            Err(_) => match payload.get(start.unsigned_abs() as usize..) {
                Some(rest) if !rest.is_empty() => (0, rest),
                _ => (0, &[][..]),
            },
        };
        if !payload.is_empty() {
            self.take(start, payload, out, events);
            self.drain(out, events);
        }
        if cut > 0 && cut_at == Some(self.next) {
            events.push(StreamEvent::Gap {
                offset: self.next,
                missing: u64::from(cut),
                delivered_before: out.len(),
            });
            self.next += u64::from(cut);
            self.tail.clear();
            self.drain(out, events);
        }
        self.skip_acknowledged_holes(out, events);
        if self.held_bytes() > self.max_held {
            if !self.limit_reported {
                self.limit_reported = true;
                events.push(StreamEvent::LimitReached {
                    limit: self.max_held,
                });
            }
            while self.held_bytes() > self.max_held && !self.held.is_empty() {
                self.skip_to_held(out.len(), events);
                self.drain(out, events);
            }
        }
    }

    /// The other direction acknowledges every byte before sequence number
    /// `ack`. A hole before a segment held out of order, acknowledged whole,
    /// was sent and received, and the capture missed it: it is reported as
    /// a gap, and what is held after it delivered. A hole with nothing
    /// captured after it yet is left open: a capture may hold an ACK before
    /// the data it acknowledges.
    pub fn acknowledged(&mut self, ack: u32, out: &mut Vec<u8>, events: &mut Vec<StreamEvent>) {
        let Some(base) = self.base else {
            return;
        };
        let expected = base.wrapping_add(self.next as u32);
        let ahead = ack.wrapping_sub(expected) as i32;
        if ahead <= 0 {
            return;
        }
        // An acknowledged FIN is no byte.
        let until = (self.next + ahead as u64).min(self.fin_at.unwrap_or(u64::MAX));
        self.acked = self.acked.max(until);
        self.skip_acknowledged_holes(out, events);
    }

    /// Gives up the holes before held segments that the other direction
    /// acknowledged whole (see [`acknowledged`](Self::acknowledged)).
    fn skip_acknowledged_holes(&mut self, out: &mut Vec<u8>, events: &mut Vec<StreamEvent>) {
        while let Some((&first, _)) = self.held.first_key_value() {
            if first <= self.next || first > self.acked {
                break;
            }
            self.skip_to_held(out.len(), events);
            self.drain(out, events);
        }
    }

    /// Gives up every hole: whatever is held is delivered, each hole before
    /// it reported as a gap. At the end of the capture, or when memory runs
    /// short.
    pub fn finish(&mut self, out: &mut Vec<u8>, events: &mut Vec<StreamEvent>) {
        while !self.held.is_empty() {
            self.skip_to_held(out.len(), events);
            self.drain(out, events);
        }
        // Bytes the other side acknowledged, or that come before the FIN,
        // and that were never captured: a gap at the direction's end.
        let end = self.acked.max(self.fin_at.unwrap_or(0));
        if end > self.next {
            events.push(StreamEvent::Gap {
                offset: self.next,
                missing: end - self.next,
                delivered_before: out.len(),
            });
            self.next = end;
            self.tail.clear();
        }
    }

    /// The sequence number of the byte at `offset`, once the first segment
    /// set where offset 0 is.
    pub fn sequence_number(&self, offset: u64) -> Option<u32> {
        Some(self.base?.wrapping_add(offset as u32))
    }

    /// Gives up on the bytes before the first held segment.
    fn skip_to_held(&mut self, delivered_before: usize, events: &mut Vec<StreamEvent>) {
        if let Some((&first, _)) = self.held.first_key_value() {
            if first > self.next {
                events.push(StreamEvent::Gap {
                    offset: self.next,
                    missing: first - self.next,
                    delivered_before,
                });
                self.next = first;
                self.tail.clear();
            }
        }
    }

    /// Delivers the held segments that now come in order.
    fn drain(&mut self, out: &mut Vec<u8>, events: &mut Vec<StreamEvent>) {
        while let Some(entry) = self.held.first_entry() {
            if *entry.key() > self.next {
                break;
            }
            let (start, bytes) = entry.remove_entry();
            self.held_bytes -= bytes.len();
            self.take(start, &bytes, out, events);
        }
    }

    /// Delivers what of `bytes` at `start` is new and in order, checks what
    /// repeats delivered bytes, and holds what is ahead.
    fn take(&mut self, start: u64, bytes: &[u8], out: &mut Vec<u8>, events: &mut Vec<StreamEvent>) {
        let end = start + bytes.len() as u64;
        if start > self.next {
            self.hold(start, bytes, events);
            return;
        }
        // The part already delivered: compare it with the tail kept.
        let repeated = (self.next.min(end) - start) as usize;
        let kept_from = self.next - self.tail.held as u64;
        if repeated > 0 && start >= kept_from {
            let at = (start - kept_from) as usize;
            if let Some(i) = self.tail.first_difference(at, &bytes[..repeated]) {
                events.push(StreamEvent::Conflict {
                    offset: start + i as u64,
                });
            }
        }
        let new = &bytes[repeated..];
        if new.is_empty() {
            return;
        }
        out.extend_from_slice(new);
        self.next = end;
        if !self.unchecked {
            self.tail.push(new);
        }
    }

    /// Holds `bytes` at `start` (ahead of `next`), checking them against a
    /// held segment at the same place.
    fn hold(&mut self, start: u64, bytes: &[u8], events: &mut Vec<StreamEvent>) {
        if let Some(held) = self.held.get(&start) {
            let n = held.len().min(bytes.len());
            if let Some(i) = held[..n].iter().zip(&bytes[..n]).position(|(a, b)| a != b) {
                events.push(StreamEvent::Conflict {
                    offset: start + i as u64,
                });
            }
            if held.len() >= bytes.len() {
                return;
            }
            self.held_bytes -= held.len();
        }
        self.held_bytes += bytes.len();
        self.held.insert(start, bytes.to_vec());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(dir: &mut Flow, segments: &[(u32, &[u8])]) -> (Vec<u8>, Vec<StreamEvent>) {
        let (mut out, mut events) = (Vec::new(), Vec::new());
        for (seq, payload) in segments {
            dir.push(*seq, false, false, payload, &mut out, &mut events);
        }
        dir.finish(&mut out, &mut events);
        (out, events)
    }

    #[test]
    fn the_tail_keeps_the_last_bytes_across_its_wrap() {
        let mut t = Tail::default();
        let stream: Vec<u8> = (0..3 * CHECKED_TAIL + 123)
            .map(|i| (i * 7 % 251) as u8)
            .collect();
        let mut pushed = 0;
        for piece in [
            1000,
            CHECKED_TAIL - 1000 - 5,
            17,
            CHECKED_TAIL + 9,
            3,
            40_000,
        ] {
            t.push(&stream[pushed..pushed + piece]);
            pushed += piece;
            let held = pushed.min(CHECKED_TAIL);
            assert_eq!(t.held, held);
            let kept = &stream[pushed - held..pushed];
            // Every part of the bytes held compares equal, and a change
            // anywhere is found where it is.
            for at in [0, 1, held / 2, held - 1] {
                assert_eq!(t.first_difference(at, &kept[at..]), None);
                let mut changed = kept[at..].to_vec();
                let i = changed.len() - 1;
                changed[i] ^= 1;
                assert_eq!(t.first_difference(at, &changed), Some(i));
            }
        }
        assert_eq!(t.ring.len(), CHECKED_TAIL);
        t.clear();
        assert_eq!(t.held, 0);
        t.push(b"abc");
        assert_eq!(t.first_difference(0, b"abc"), None);
        assert_eq!(t.first_difference(1, b"bX"), Some(1));
    }

    #[test]
    fn a_tail_given_up_stays_given_up() {
        let mut d = Flow::new(1 << 20);
        let (mut out, mut ev) = (Vec::new(), Vec::new());
        d.push(0, false, false, b"abcd", &mut out, &mut ev);
        assert!(d.memory() > 0);
        d.release_tail();
        d.push(4, false, false, &[7; 5000], &mut out, &mut ev);
        assert_eq!(d.memory(), 0);
        // A retransmission that differs is no longer compared.
        d.push(4, false, false, &[8; 10], &mut out, &mut ev);
        assert!(ev.is_empty(), "{ev:?}");
        assert_eq!(out.len(), 5004);
    }

    #[test]
    fn in_order_after_a_syn() {
        let mut d = Flow::new(1 << 20);
        let (mut out, mut ev) = (Vec::new(), Vec::new());
        d.push(999, true, false, b"", &mut out, &mut ev);
        d.push(1000, false, false, b"abc", &mut out, &mut ev);
        d.push(1003, false, true, b"def", &mut out, &mut ev);
        assert_eq!((out.as_slice(), ev.as_slice()), (&b"abcdef"[..], &[][..]));
        assert!(d.finished);
    }

    #[test]
    fn out_of_order_and_retransmitted_segments_deliver_once() {
        let mut d = Flow::new(1 << 20);
        let (out, ev) = run(
            &mut d,
            &[
                (10, b"ab"),
                (14, b"ef"),
                (12, b"cd"),
                (12, b"cd"),
                (10, b"abcdef"),
                (16, b"g"),
            ],
        );
        assert_eq!(out, b"abcdefg");
        assert!(ev.is_empty(), "{ev:?}");
    }

    #[test]
    fn overlapping_segments_that_disagree_are_reported_and_the_first_kept() {
        let mut d = Flow::new(1 << 20);
        let (out, ev) = run(&mut d, &[(0, b"abcd"), (2, b"XY12")]);
        assert_eq!(out, b"abcd12");
        assert_eq!(ev, [StreamEvent::Conflict { offset: 2 }]);
        // Two held copies of the same place.
        let mut d = Flow::new(1 << 20);
        let (out, ev) = run(&mut d, &[(0, b"a"), (5, b"xyz"), (5, b"xQz"), (1, b"bcde")]);
        assert_eq!(out, b"abcdexyz");
        assert_eq!(ev, [StreamEvent::Conflict { offset: 6 }]);
    }

    #[test]
    fn a_hole_is_a_gap_at_the_end_or_when_the_limit_is_passed() {
        let mut d = Flow::new(1 << 20);
        let (out, ev) = run(&mut d, &[(0, b"ab"), (5, b"fg")]);
        assert_eq!(out, b"abfg");
        assert_eq!(
            ev,
            [StreamEvent::Gap {
                offset: 2,
                missing: 3,
                delivered_before: 2
            }]
        );

        let mut d = Flow::new(4);
        let (out, ev) = run(&mut d, &[(0, b"ab"), (10, b"xyz"), (13, b"uv"), (20, b"q")]);
        assert_eq!(out, b"abxyzuvq");
        assert_eq!(
            ev,
            [
                StreamEvent::LimitReached { limit: 4 },
                StreamEvent::Gap {
                    offset: 2,
                    missing: 8,
                    delivered_before: 2
                },
                StreamEvent::Gap {
                    offset: 15,
                    missing: 5,
                    delivered_before: 7
                },
            ]
        );
    }

    #[test]
    fn an_acknowledged_hole_before_held_bytes_is_a_gap() {
        let mut d = Flow::new(1 << 20);
        let (mut out, mut ev) = (Vec::new(), Vec::new());
        d.push(0, false, false, b"ab", &mut out, &mut ev);
        d.acknowledged(6, &mut out, &mut ev); // before anything after the hole: left open
        assert!(ev.is_empty());
        d.push(6, false, false, b"gh", &mut out, &mut ev); // captured after the hole
        assert_eq!(out, b"abgh");
        assert_eq!(
            ev,
            [StreamEvent::Gap {
                offset: 2,
                missing: 4,
                delivered_before: 2
            }]
        );
        d.push(10, false, false, b"kl", &mut out, &mut ev);
        d.acknowledged(9, &mut out, &mut ev); // the hole 8-9 is not acknowledged whole
        assert_eq!(ev.len(), 1);
        d.acknowledged(12, &mut out, &mut ev);
        assert_eq!(
            ev[1],
            StreamEvent::Gap {
                offset: 8,
                missing: 2,
                delivered_before: 4
            }
        );
        assert_eq!(out, b"abghkl");
        d.acknowledged(3, &mut out, &mut ev); // old acks change nothing
        assert_eq!((out.len(), ev.len(), d.offset()), (6, 2, 12));
    }

    #[test]
    fn an_ack_before_the_data_it_acknowledges_loses_nothing() {
        let mut d = Flow::new(1 << 20);
        let (mut out, mut ev) = (Vec::new(), Vec::new());
        d.push(0, false, false, b"ab", &mut out, &mut ev);
        d.acknowledged(2_000_000_000, &mut out, &mut ev); // even a bogus one
        d.push(2, false, false, b"cd", &mut out, &mut ev);
        assert_eq!((out.as_slice(), ev.as_slice()), (&b"abcd"[..], &[][..]));
    }

    #[test]
    fn sequence_numbers_wrap() {
        let mut d = Flow::new(1 << 20);
        let start = u32::MAX - 2;
        let (out, ev) = run(
            &mut d,
            &[
                (start, b"abc"),
                (start.wrapping_add(5), b"fg"),
                (start.wrapping_add(3), b"de"),
            ],
        );
        assert_eq!(out, b"abcdefg");
        assert!(ev.is_empty());
        assert_eq!(d.offset(), 7);
    }

    #[test]
    fn bytes_a_snap_length_cut_are_a_gap_at_once_when_in_order() {
        let mut d = Flow::new(1 << 20);
        let (mut out, mut ev) = (Vec::new(), Vec::new());
        d.push(0, false, false, b"ab", &mut out, &mut ev);
        // 3 bytes kept of 10 sent.
        d.push_cut(2, false, false, b"cde", 7, &mut out, &mut ev);
        d.push(12, false, false, b"xy", &mut out, &mut ev);
        assert_eq!(out, b"abcdexy");
        assert_eq!(
            ev,
            [StreamEvent::Gap {
                offset: 5,
                missing: 7,
                delivered_before: 5
            }]
        );
        assert_eq!(d.sequence_number(5), Some(5));
        // Out of order, the hole waits like any other.
        let mut d = Flow::new(1 << 20);
        let (out, ev) = {
            let (mut out, mut ev) = (Vec::new(), Vec::new());
            d.push(0, true, false, b"", &mut out, &mut ev); // the SYN
            d.push_cut(5, false, false, b"e", 2, &mut out, &mut ev);
            d.push(1, false, false, b"abcd", &mut out, &mut ev);
            d.push(8, false, false, b"h", &mut out, &mut ev);
            d.finish(&mut out, &mut ev);
            (out, ev)
        };
        assert_eq!(out, b"abcdeh");
        assert_eq!(
            ev,
            [StreamEvent::Gap {
                offset: 5,
                missing: 2,
                delivered_before: 5
            }]
        );
    }

    #[test]
    fn bytes_acknowledged_or_before_the_fin_and_never_captured_are_a_gap_at_the_end() {
        let mut d = Flow::new(1 << 20);
        let (mut out, mut ev) = (Vec::new(), Vec::new());
        d.push(100, false, false, b"abc", &mut out, &mut ev);
        d.acknowledged(110, &mut out, &mut ev);
        assert!(ev.is_empty());
        d.finish(&mut out, &mut ev);
        assert_eq!(
            ev,
            [StreamEvent::Gap {
                offset: 3,
                missing: 7,
                delivered_before: 3
            }]
        );
        assert_eq!(d.sequence_number(3), Some(103));
        // A FIN after bytes never captured.
        let mut d = Flow::new(1 << 20);
        let (mut out, mut ev) = (Vec::new(), Vec::new());
        d.push(0, false, false, b"abc", &mut out, &mut ev);
        d.push(8, false, true, b"", &mut out, &mut ev);
        d.finish(&mut out, &mut ev);
        assert_eq!(
            ev,
            [StreamEvent::Gap {
                offset: 3,
                missing: 5,
                delivered_before: 3
            }]
        );
    }
}
