//! Arrays: `Vec<T>` and `SmallVec`, their length prefixes, the bounded
//! reservation before decoding, and the fixed-size runs (broker ids,
//! partition indexes) written and read in one piece.

use bytes::{Buf, BufMut};

use super::nullable::{encode_or_null, len_or_null};
use super::{Ctx, Nullable, Wire};
use crate::codec::{self, LengthForm};
use crate::fast::{each_form, fixed_form, ElementLoop, Fast, FastPath, FixedForm};
use crate::schema::KafkaType;
use crate::{DecodeError, DecodeErrorKind, EncodeError};

/// Writes the elements of an array of fixed-size values (broker ids,
/// partition indexes) with one check of the room for all of them and one
/// cursor update; `false`, having committed nothing, when the buffer's chunk
/// is too small, so that the caller writes them one by one.
#[inline(always)]
fn put_fixed_run<T: Wire, B: BufMut>(items: &[T], buf: &mut B) -> bool {
    let Some(form) = fixed_form::<T>() else {
        return false;
    };
    let k = form.len;
    let Some(total) = items.len().checked_mul(k) else {
        return false;
    };
    let chunk = buf.chunk_mut();
    if chunk.len() < total {
        return false;
    }
    // SAFETY: only written to, never read.
    let room = unsafe { chunk.as_uninit_slice_mut() };
    let mut put = |i: usize| {
        let bytes = (form.write)(&items[i]);
        for (d, &b) in room[i * k..(i + 1) * k].iter_mut().zip(&bytes[..k]) {
            d.write(b);
        }
    };
    // The usual arrays (a partition's replicas) written straight, without
    // a loop's setup and its remainder.
    match items.len() {
        0 => {}
        1 => put(0),
        2 => {
            put(0);
            put(1);
        }
        3 => {
            put(0);
            put(1);
            put(2);
        }
        n => (0..n).for_each(&mut put),
    }
    // The room checked again, after the writes: past the `match`, the
    // compiler no longer knows it was, and a window clamped its room at the
    // commit. The same test as the window's own, it takes the clamp's place
    // at no cost. (Only a buffer whose chunk is longer than its room, which
    // `BufMut` forbids, fails it, and then gets the writes one by one.)
    if total > buf.remaining_mut() {
        return false;
    }
    // SAFETY: `items.len()` chunks of `k` bytes, `total` in all, were each
    // written in full above.
    unsafe { buf.advance_mut(total) };
    true
}

/// The most memory an array reserves before decoding, per byte of input left.
const PREALLOC_FACTOR: usize = 32;

/// How many of `n` claimed elements an array may reserve room for. The count is
/// checked against the bytes that remain before anything is allocated, so a
/// short input that claims 2^31 elements fails fast and allocates nothing; and
/// at most PREALLOC_FACTOR bytes of memory are reserved per input byte, so a
/// hostile count gets a container that grows only as elements really decode.
#[inline(always)]
fn element_capacity<T: Wire, B: Buf>(buf: &B, n: usize) -> Result<usize, DecodeError> {
    let remaining = buf.remaining();
    check_count::<T>(remaining, n)?;
    Ok(n.min(remaining.saturating_mul(PREALLOC_FACTOR) / core::mem::size_of::<T>().max(1)))
}

/// Fails unless `n` elements of `T` can fit in `remaining` bytes, each
/// taking at least [`Wire::MIN_LEN`] of them. Elements that take no bytes at
/// all (an empty struct) still may not be claimed beyond the input's size,
/// as Kafka's generated Java readers refuse "a collection of size N, but
/// there are only M bytes remaining": an array of structs with no field in
/// some version cannot hold more elements than bytes follow it there. The
/// owned decode and the view both check this first.
#[inline(always)]
pub(crate) fn check_count<T: Wire>(remaining: usize, n: usize) -> Result<(), DecodeError> {
    if n > remaining / T::MIN_LEN.max(1) {
        return Err(DecodeError::truncated(
            n.saturating_mul(T::MIN_LEN).max(n),
            remaining,
        ));
    }
    Ok(())
}

/// The containers arrays decode into.
trait Elements<T> {
    fn with_capacity(n: usize) -> Self;
    fn push(&mut self, value: T);
    /// The container of one `read` element per `k`-byte chunk of `run`, or
    /// the index of the element `read` refused.
    fn from_fixed_run(run: &[u8], k: usize, read: fn(&[u8]) -> Option<T>) -> Result<Self, usize>
    where
        Self: Sized;
    /// Drops the elements, keeping the capacity, and makes room for `n`:
    /// where to write them.
    fn clear_for(&mut self, n: usize) -> *mut T;
    /// Takes the first `len` elements as initialised.
    ///
    /// # Safety
    /// Those `len` elements are initialised, and `len` is within the room
    /// [`clear_for`](Elements::clear_for) made.
    unsafe fn set_initialised(&mut self, len: usize);
    /// Replaces the elements with one `read` element per `k`-byte chunk of
    /// `run`, in the container's room; on `Err(i)`, `read` refused element
    /// `i` and the container holds valid elements, old or new (a decode in
    /// place that fails leaves a mix, as `Wire::decode_in_place` says).
    /// The built-in fixed-size types never refuse a whole chunk.
    #[inline(always)]
    fn refill_fixed_run(
        &mut self,
        run: &[u8],
        k: usize,
        read: fn(&[u8]) -> Option<T>,
    ) -> Result<(), usize> {
        refill_run(self, run, k, read)
    }
    /// Decodes `n` elements into `self`, replacing those it holds.
    #[inline(always)]
    fn decode_n_in_place<B: Buf>(
        &mut self,
        buf: &mut B,
        n: usize,
        ctx: Ctx,
    ) -> Result<(), DecodeError>
    where
        Self: Sized,
        T: Wire,
    {
        let cap = element_capacity::<T, B>(buf, n)?;
        *self = Self::decode_n(buf, n, cap, ctx)?;
        Ok(())
    }
    /// Decodes `n` elements, having room reserved for `cap <= n` of them.
    #[inline(always)]
    fn decode_n<B: Buf>(buf: &mut B, n: usize, cap: usize, ctx: Ctx) -> Result<Self, DecodeError>
    where
        Self: Sized,
        T: Wire,
    {
        let mut out = Self::with_capacity(cap);
        for i in 0..n {
            out.push(T::decode_wire(buf, ctx).map_err(|e| e.at_index(i))?);
        }
        Ok(out)
    }
}

/// [`Elements::refill_fixed_run`] in the container's own room.
#[inline(always)]
fn refill_run<T, C: Elements<T> + ?Sized>(
    items: &mut C,
    run: &[u8],
    k: usize,
    read: fn(&[u8]) -> Option<T>,
) -> Result<(), usize> {
    let n = run.len() / k;
    let dst = items.clear_for(n);
    // SAFETY: `clear_for` made room for `n` elements at `dst`.
    let written = unsafe { write_fixed_run(dst, run, k, read) };
    // SAFETY: `written <= n` elements were initialised.
    unsafe { items.set_initialised(written) };
    if written < n {
        Err(written)
    } else {
        Ok(())
    }
}

/// Elements `from..n` of an array, past the room reserved for it: grown as
/// they really decode. Out of line, as only a count larger than the input
/// makes plausible gets here.
#[inline(never)]
#[cold]
fn decode_rest<T: Wire, B: Buf>(
    buf: &mut B,
    out: &mut Vec<T>,
    from: usize,
    n: usize,
    ctx: Ctx,
) -> Result<(), DecodeError> {
    for i in from..n {
        out.push(T::decode_wire(buf, ctx).map_err(|e| e.at_index(i))?);
    }
    Ok(())
}

/// Writes one `read` element per `k`-byte chunk of `run` to `dst` onwards,
/// without a capacity check or a length update per element, and returns how
/// many it wrote: fewer than `run.len() / k` only if `read` refused one.
///
/// # Safety
/// `dst` is valid for writes of `run.len() / k` elements of `T`.
#[inline(always)]
unsafe fn write_fixed_run<T>(
    dst: *mut T,
    run: &[u8],
    k: usize,
    read: fn(&[u8]) -> Option<T>,
) -> usize {
    let mut written = 0;
    for bytes in run.chunks_exact(k) {
        let Some(v) = read(bytes) else { break };
        // SAFETY: `chunks_exact` yields `run.len() / k` chunks, so
        // `written < run.len() / k`, for which the caller vouches.
        unsafe { dst.add(written).write(v) };
        written += 1;
    }
    written
}

/// The [`Elements`] methods that both containers answer with their own
/// methods of the same names (`$ty` is the container's type).
macro_rules! elements_by_inherent_methods {
    ($ty:ty) => {
        #[inline(always)]
        fn with_capacity(n: usize) -> Self {
            <$ty>::with_capacity(n)
        }
        #[inline(always)]
        fn push(&mut self, value: T) {
            <$ty>::push(self, value)
        }
        #[inline(always)]
        fn clear_for(&mut self, n: usize) -> *mut T {
            <$ty>::clear(self);
            <$ty>::reserve(self, n);
            <$ty>::as_mut_ptr(self)
        }
        #[inline(always)]
        unsafe fn set_initialised(&mut self, len: usize) {
            // SAFETY: the caller vouches for the `len` elements.
            unsafe { <$ty>::set_len(self, len) }
        }
    };
}

impl<T: Wire> Elements<T> for Vec<T> {
    elements_by_inherent_methods!(Vec<T>);
    #[inline(always)]
    fn from_fixed_run(run: &[u8], k: usize, read: fn(&[u8]) -> Option<T>) -> Result<Self, usize> {
        let n = run.len() / k;
        let mut out = Vec::with_capacity(n);
        // SAFETY: the capacity is at least `n`.
        let written = unsafe { write_fixed_run(out.as_mut_ptr(), run, k, read) };
        // SAFETY: `written <= n` elements were initialised. (A panic in
        // `read` leaks those written instead.)
        unsafe { out.set_len(written) };
        if written < n {
            Err(written)
        } else {
            Ok(out)
        }
    }
    /// The elements the vector holds are decoded in place, and room beyond
    /// them is reserved only as far as the bytes that remain cover.
    #[inline(always)]
    fn decode_n_in_place<B: Buf>(
        &mut self,
        buf: &mut B,
        n: usize,
        ctx: Ctx,
    ) -> Result<(), DecodeError> {
        let cap = element_capacity::<T, B>(buf, n)?;
        self.truncate(n);
        for (i, item) in self.iter_mut().enumerate() {
            item.decode_in_place(buf, ctx).map_err(|e| e.at_index(i))?;
        }
        let reused = self.len();
        if reused < n {
            self.reserve(cap.saturating_sub(reused));
            decode_rest(buf, self, reused, n, ctx)?;
        }
        Ok(())
    }
    /// The reserved elements are written in place, with no capacity check
    /// and no call to grow the vector inside the loop.
    #[inline(always)]
    fn decode_n<B: Buf>(buf: &mut B, n: usize, cap: usize, ctx: Ctx) -> Result<Self, DecodeError> {
        let cap = cap.min(n);
        let mut out: Vec<T> = Vec::with_capacity(cap);
        let dst = out.as_mut_ptr();
        for i in 0..cap {
            match T::decode_wire(buf, ctx) {
                // SAFETY: `i < cap`, and the vector has room for `cap`.
                Ok(v) => unsafe { dst.add(i).write(v) },
                Err(e) => {
                    // SAFETY: the first `i` elements were written.
                    unsafe { out.set_len(i) };
                    return Err(e.at_index(i));
                }
            }
        }
        // SAFETY: all `cap` were written. (A panic in `decode_wire` leaks
        // those written so far instead.)
        unsafe { out.set_len(cap) };
        if cap < n {
            decode_rest(buf, &mut out, cap, n, ctx)?;
        }
        Ok(out)
    }
}

#[cfg(feature = "smallvec")]
impl<T: Wire, const N: usize> Elements<T> for smallvec::SmallVec<[T; N]>
where
    [T; N]: smallvec::Array<Item = T>,
{
    elements_by_inherent_methods!(smallvec::SmallVec<[T; N]>);
    #[inline(always)]
    fn from_fixed_run(run: &[u8], k: usize, read: fn(&[u8]) -> Option<T>) -> Result<Self, usize> {
        let n = run.len() / k;
        if n > N {
            return Vec::from_fixed_run(run, k, read).map(smallvec::SmallVec::from_vec);
        }
        // Short lists (broker ids) are built in place in the inline array.
        let mut inline = core::mem::MaybeUninit::<[T; N]>::uninit();
        // SAFETY: the array has room for `N >= n` elements.
        let written = unsafe { write_fixed_run(inline.as_mut_ptr().cast::<T>(), run, k, read) };
        if written < n {
            // `read` refused one: drop those built before it.
            // SAFETY: the first `written <= N` elements are initialised, and
            // the `SmallVec` owns exactly those.
            drop(unsafe { smallvec::SmallVec::from_buf_and_len_unchecked(inline, written) });
            return Err(written);
        }
        // SAFETY: all `n <= N` elements are initialised (`written == n`).
        Ok(unsafe { smallvec::SmallVec::from_buf_and_len_unchecked(inline, n) })
    }
    /// An inline vector is replaced by one built for the run (inline when
    /// it fits, through a `Vec` when it does not): each of the vector's own
    /// calls checks again whether it has spilled, which took a third of a
    /// reused large CreateTopics decode in its broker ids. A spilled one is
    /// refilled in its own room.
    #[inline(always)]
    fn refill_fixed_run(
        &mut self,
        run: &[u8],
        k: usize,
        read: fn(&[u8]) -> Option<T>,
    ) -> Result<(), usize> {
        if !self.spilled() {
            *self = Self::from_fixed_run(run, k, read)?;
            return Ok(());
        }
        refill_run(self, run, k, read)
    }
}

/// The `n` elements of an array of fixed-size values (broker ids,
/// partition indexes, topic ids) when all of them are in the current chunk:
/// their bytes, and the form that reads each. One check then covers them
/// all, and the container is sized by bytes that are really there (at most
/// PREALLOC_FACTOR bytes of memory per byte, as elsewhere).
#[inline(always)]
fn fixed_run<T: Wire, B: Buf>(buf: &B, n: usize) -> Option<(&[u8], FixedForm<T>)> {
    let form =
        fixed_form::<T>().filter(|form| core::mem::size_of::<T>() <= form.len * PREALLOC_FACTOR)?;
    let run = buf.chunk().get(..n.checked_mul(form.len)?)?;
    Some((run, form))
}

/// The error of element `i` of a fixed run that `read` refused. It refuses
/// only too few bytes, which a whole chunk never has.
#[cold]
fn refused_element(k: usize, i: usize) -> DecodeError {
    DecodeError::truncated(k, k).at_index(i)
}

/// Reads the `n` elements of an array whose length prefix has been read.
#[inline(always)]
fn decode_elements<T: Wire, B: Buf, C: Elements<T>>(
    buf: &mut B,
    n: usize,
    ctx: Ctx,
) -> Result<C, DecodeError> {
    if let Some((run, form)) = fixed_run::<T, B>(buf, n) {
        let total = run.len();
        let out = C::from_fixed_run(run, form.len, form.read)
            .map_err(|i| refused_element(form.len, i))?;
        buf.advance(total);
        return Ok(out);
    }
    let cap = element_capacity::<T, B>(buf, n)?;
    C::decode_n(buf, n, cap, ctx)
}

/// Reads the `n` elements of an array whose length prefix has been read
/// into `items`. A run of fixed-size values is written in the container's
/// room; other elements are decoded into those a `Vec` holds, each in place
/// (a `SmallVec` of them is decoded afresh).
#[inline(always)]
fn decode_elements_in_place<T: Wire, B: Buf, C: Elements<T>>(
    items: &mut C,
    buf: &mut B,
    n: usize,
    ctx: Ctx,
) -> Result<(), DecodeError> {
    if let Some((run, form)) = fixed_run::<T, B>(buf, n) {
        let total = run.len();
        items
            .refill_fixed_run(run, form.len, form.read)
            .map_err(|i| refused_element(form.len, i))?;
        buf.advance(total);
        return Ok(());
    }
    items.decode_n_in_place(buf, n, ctx)
}

/// Writes each of an array's `items` into `buf`, through
/// [`Wire::encode_in_line`] when `IN_LINE`, an error located at the failing
/// element's index.
struct EncodeElements<'a, T, B> {
    items: &'a [T],
    buf: &'a mut B,
}

impl<T: Wire, B: BufMut> ElementLoop for EncodeElements<'_, T, B> {
    type Output = Result<(), EncodeError>;

    #[inline(always)]
    fn run<const IN_LINE: bool>(self, ctx: Ctx) -> Self::Output {
        let EncodeElements { items, buf } = self;
        // The failing element's index is worked out from what is left, only
        // on error: a counter beside the loop is one more value to keep, and
        // the loop over assignments in a large CreateTopics ran out of
        // registers for it.
        let mut rest = items.iter();
        while let Some(item) = rest.next() {
            let written = match IN_LINE {
                true => item.encode_in_line(buf, ctx),
                false => item.encode_wire(buf, ctx),
            };
            if let Err(e) = written {
                return Err(e.at_index(items.len() - 1 - rest.len()));
            }
        }
        Ok(())
    }
}

/// How many numbers an array of numbers read from JSON takes before it
/// counts the rest: one small allocation holds a replica list of four
/// (`Vec<i32>` of four takes the allocator's smallest chunk, as three do).
#[cfg(feature = "json")]
const SMALL_NUMBER_ARRAY: usize = 4;

/// How many elements of an array of anything but numbers read from JSON
/// are held on the stack before the array moves to the heap.
#[cfg(feature = "json")]
const ARRAY_HEAD: usize = 8;

/// The elements of an array of anything but numbers (structs above all),
/// after its `[` and up to its `]`, read into room for [`ARRAY_HEAD`] on the
/// stack: a short array is allocated once at its length; a longer one moves
/// to the heap at its ninth element and grows from there.
#[cfg(feature = "json")]
#[inline]
fn read_json_elements<T: Wire>(
    reader: &mut crate::json::JsonReader<'_>,
    ctx: Ctx,
) -> Option<Vec<T>> {
    let mut head: smallvec::SmallVec<[T; ARRAY_HEAD]> = smallvec::SmallVec::new();
    loop {
        head.push(T::read_json(reader, ctx)?);
        if !reader.array_next()? {
            break;
        }
    }
    Some(head.into_vec())
}

/// `Wire` and `Nullable` for an array container: `Vec<T>`, and with the
/// `smallvec` feature `SmallVec<[T; N]>`, whose short arrays need no allocation.
macro_rules! array_wire {
    ($(#[$attr:meta])* [$($generics:tt)*] $ty:ty where [$($bounds:tt)*]) => {
        $(#[$attr])*
        impl<$($generics)*> Wire for $ty where $($bounds)* {
            const TYPE: KafkaType = KafkaType::Array(&T::TYPE);
            const MIN_LEN: usize = 1;
            const FAST: FastPath<Self> = FastPath::at_least(1);

            // Always in line: an array of a flat struct holds two loops, one
            // per form, and without the attribute the compiler sees their
            // size and keeps the whole array out of line, where the window
            // lives in memory, where every write stores the cursor again.
            #[inline(always)]
            fn encode_wire<B: BufMut>(&self, buf: &mut B, ctx: Ctx) -> Result<(), EncodeError> {
                // Found once: a `SmallVec` tests where its elements are at
                // every length or pointer asked of it.
                let items: &[T] = self;
                if ctx.flexible && items.len() < codec::SHORT_COMPACT {
                    // Tested here, on the flag, rather than on the form
                    // inside the call: the same test, but the call's form
                    // made the large encodes slower.
                    buf.put_u8(codec::compact_length_byte(items.len()));
                } else {
                    codec::put_length_checked(
                        buf,
                        items.len(),
                        codec::MAX_ARRAY_LEN,
                        LengthForm::array(ctx.flexible),
                    )?;
                }
                if put_fixed_run(items, buf) {
                    return Ok(());
                }
                // An array that cannot fit stops here, rather than walking
                // its elements into a full buffer (where a one-pass attempt
                // would write nothing, and any other buffer would panic).
                let at_least = items.len().saturating_mul(<T as Fast>::WRITES_AT_LEAST);
                if buf.remaining_mut() < at_least {
                    return Err(crate::error::short_of_room(at_least, buf.remaining_mut()));
                }
                each_form::<T, _>(EncodeElements { items, buf }, ctx)
            }

            #[inline]
            fn wire_len(&self, ctx: Ctx) -> usize {
                let prefix = codec::length_prefix_len(Some(self.len()), LengthForm::array(ctx.flexible));
                match <T as Fast>::FIXED_LEN {
                    Some(n) => prefix + n * self.len(),
                    None => prefix + self.iter().map(|item| item.wire_len(ctx)).sum::<usize>(),
                }
            }

            #[inline]
            fn decode_wire<B: Buf>(buf: &mut B, ctx: Ctx) -> Result<Self, DecodeError> {
                match codec::get_length(buf, LengthForm::array(ctx.flexible))? {
                    Some(n) => decode_elements::<T, B, Self>(buf, n, ctx),
                    None => Err(DecodeErrorKind::UnexpectedNull.into()),
                }
            }

            #[inline(always)]
            fn is_default_value(&self) -> bool {
                self.is_empty()
            }

            #[cfg(feature = "json")]
            const WRITES_JSON: bool = T::WRITES_JSON;

            #[cfg(feature = "json")]
            #[inline]
            fn write_json(
                &self,
                out: &mut Vec<u8>,
                ctx: crate::json::JsonCtx,
            ) -> Result<(), EncodeError> {
                let items: &[T] = self;
                if items.len() > codec::MAX_ARRAY_LEN {
                    return Err(crate::EncodeErrorKind::TooLong {
                        length: items.len(),
                        max: codec::MAX_ARRAY_LEN,
                    }
                    .into());
                }
                out.push(b'[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    if let Err(e) = item.write_json(out, ctx) {
                        return Err(e.at_index(i));
                    }
                }
                out.push(b']');
                Ok(())
            }

            // Always in line: an array of numbers is a short loop in its
            // struct's reader (a call per replica list cost a tenth of a
            // Metadata read); other arrays call `read_json_elements`.
            #[cfg(feature = "json")]
            #[inline(always)]
            fn read_json(reader: &mut crate::json::JsonReader<'_>, ctx: Ctx) -> Option<Self> {
                let mut items = Self::new();
                if !reader.array_start()? {
                    return Some(items);
                }
                if matches!(
                    T::TYPE,
                    KafkaType::Int8
                        | KafkaType::Int16
                        | KafkaType::Uint16
                        | KafkaType::Int32
                        | KafkaType::Uint32
                        | KafkaType::Int64
                        | KafkaType::Float64
                ) {
                    // An array of numbers takes its first four in one small
                    // allocation, uncounted (most are replica lists); a
                    // longer one counts the numbers left up to its `]` and
                    // grows once to hold them all (never more than the text
                    // holds).
                    loop {
                        let item = T::read_json(reader, ctx)?;
                        if items.len() == items.capacity() {
                            if items.is_empty() {
                                items = Self::with_capacity(SMALL_NUMBER_ARRAY);
                            } else {
                                let more = match reader.numbers_left() {
                                    Some(left) => left + 1,
                                    // Not numbers to a `]`: the read fails
                                    // further on, or grows as a `Vec` grows.
                                    None => items.len(),
                                };
                                items.reserve_exact(more);
                            }
                        }
                        items.push(item);
                        if !reader.array_next()? {
                            break;
                        }
                    }
                } else {
                    items = Self::from(read_json_elements::<T>(reader, ctx)?);
                }
                // The decoders refuse more elements than bytes left when an
                // element takes none: such an array is the strict reader's
                // to refuse.
                if T::MIN_LEN == 0 && items.iter().any(|item| item.wire_len(ctx) == 0) {
                    return None;
                }
                Some(items)
            }

            #[inline]
            fn decode_in_place<B: Buf>(&mut self, buf: &mut B, ctx: Ctx) -> Result<(), DecodeError> {
                match codec::get_length(buf, LengthForm::array(ctx.flexible))? {
                    Some(n) => decode_elements_in_place(self, buf, n, ctx),
                    None => Err(DecodeErrorKind::UnexpectedNull.into()),
                }
            }
        }

        $(#[$attr])*
        impl<$($generics)*> Nullable for $ty where $($bounds)* {
            #[inline]
            fn encode_nullable<B: BufMut>(
                value: Option<&Self>,
                buf: &mut B,
                ctx: Ctx,
            ) -> Result<(), EncodeError> {
                encode_or_null(value, buf, ctx, LengthForm::array(ctx.flexible))
            }

            #[inline]
            fn nullable_len(value: Option<&Self>, ctx: Ctx) -> usize {
                len_or_null(value, ctx, LengthForm::array(ctx.flexible))
            }

            #[inline]
            fn decode_nullable<B: Buf>(buf: &mut B, ctx: Ctx) -> Result<Option<Self>, DecodeError> {
                let Some(n) = codec::get_length(buf, LengthForm::array(ctx.flexible))? else {
                    return Ok(None);
                };
                decode_elements::<T, B, Self>(buf, n, ctx).map(Some)
            }

            #[inline]
            fn decode_nullable_in_place<B: Buf>(
                slot: &mut Option<Self>,
                buf: &mut B,
                ctx: Ctx,
            ) -> Result<(), DecodeError> {
                let Some(n) = codec::get_length(buf, LengthForm::array(ctx.flexible))? else {
                    *slot = None;
                    return Ok(());
                };
                match slot {
                    Some(items) => decode_elements_in_place(items, buf, n, ctx),
                    None => {
                        *slot = Some(decode_elements::<T, B, Self>(buf, n, ctx)?);
                        Ok(())
                    }
                }
            }
        }
    };
}

array_wire!([T] Vec<T> where [T: Wire]);

// Not listed among "other types that implement Wire" in compile errors, so
// those read the same with and without the feature.
#[cfg(feature = "smallvec")]
array_wire!(#[diagnostic::do_not_recommend] [T, const N: usize] smallvec::SmallVec<[T; N]> where [T: Wire, [T; N]: smallvec::Array<Item = T>]);
