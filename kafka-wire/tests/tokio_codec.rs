//! `FrameCodec` through tokio's `FramedRead` / `FramedWrite`: frames split
//! over many reads (one byte at a time), many frames coalesced in one read,
//! the size limit, and each way a stream can end.

use std::io;

use bytes::{Bytes, BytesMut};
use futures_util::{SinkExt, StreamExt};
use kafka_wire::frame::FrameCodec;
use tokio::io::AsyncWriteExt;
use tokio_util::codec::{Decoder, Encoder, FramedRead, FramedWrite};

/// Frames of sizes 0, 1, 5, 300 and 70 000 (over one read chunk), with
/// distinct contents, and their bytes on the wire.
fn frames() -> (Vec<Bytes>, Vec<u8>) {
    let frames: Vec<Bytes> = [0usize, 1, 5, 300, 70_000]
        .iter()
        .map(|&n| {
            (0..n)
                .map(|i| (i * 7 + n) as u8)
                .collect::<Vec<u8>>()
                .into()
        })
        .collect();
    let mut wire = BytesMut::new();
    let mut codec = FrameCodec::new(1 << 20);
    for f in &frames {
        codec.encode(f.clone(), &mut wire).unwrap();
    }
    (frames, wire.to_vec())
}

async fn read_all<R: tokio::io::AsyncRead + Unpin>(reader: R) -> io::Result<Vec<Bytes>> {
    let mut framed = FramedRead::new(reader, FrameCodec::new(1 << 20));
    let mut out = Vec::new();
    while let Some(frame) = framed.next().await {
        out.push(frame?);
    }
    Ok(out)
}

#[tokio::test(flavor = "current_thread")]
async fn coalesced_frames_in_one_read() {
    let (frames, wire) = frames();
    assert_eq!(read_all(&wire[..]).await.unwrap(), frames);
}

#[tokio::test(flavor = "current_thread")]
async fn frames_split_one_byte_per_read() {
    let (frames, wire) = frames();
    // A pipe of capacity 1: every read the codec sees holds a single byte.
    let (mut tx, rx) = tokio::io::duplex(1);
    let writer = tokio::spawn(async move {
        tx.write_all(&wire).await.unwrap();
        tx.shutdown().await.unwrap();
    });
    assert_eq!(read_all(rx).await.unwrap(), frames);
    writer.await.unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn framed_write_then_read_round_trips() {
    let (frames, wire) = frames();
    let mut out = Vec::new();
    let mut sink = FramedWrite::new(&mut out, FrameCodec::new(1 << 20));
    for f in &frames {
        sink.send(f.clone()).await.unwrap();
    }
    drop(sink);
    assert_eq!(out, wire);
}

#[tokio::test(flavor = "current_thread")]
async fn clean_end_between_frames_ends_the_stream() {
    assert!(read_all(&[][..]).await.unwrap().is_empty());
    let one = [0u8, 0, 0, 1, 9];
    assert_eq!(
        read_all(&one[..]).await.unwrap(),
        vec![Bytes::from_static(&[9])]
    );
}

#[tokio::test(flavor = "current_thread")]
async fn end_inside_the_size_is_unexpected_eof() {
    let err = read_all(&[0u8, 0, 0, 2, b'h', b'i', 0, 0][..])
        .await
        .unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::UnexpectedEof);
    assert!(
        err.to_string().contains("2 of the 4 bytes of its size"),
        "{err}"
    );
}

#[tokio::test(flavor = "current_thread")]
async fn end_inside_the_body_is_unexpected_eof() {
    let err = read_all(&[0u8, 0, 0, 5, 1, 2][..]).await.unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::UnexpectedEof);
    assert!(
        err.to_string().contains("2 of the 5 bytes of its body"),
        "{err}"
    );
}

#[tokio::test(flavor = "current_thread")]
async fn oversized_and_negative_sizes_are_invalid_data() {
    for wire in [[0u8, 0, 0x10, 1], [0xff, 0xff, 0xff, 0xfe]] {
        let mut framed = FramedRead::new(&wire[..], FrameCodec::new(4096));
        let err = framed.next().await.unwrap().unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidData);
        let inner = err
            .get_ref()
            .unwrap()
            .downcast_ref::<kafka_wire::DecodeError>();
        assert!(
            matches!(
                inner.map(|e| e.kind()),
                Some(kafka_wire::DecodeErrorKind::FrameSize { limit: 4096, .. })
            ),
            "{err:?}"
        );
    }
}

#[test]
fn decoder_reserves_at_most_a_chunk_ahead_of_a_claimed_size() {
    let mut codec = FrameCodec::new(usize::MAX);
    // Claims a frame of 2 GiB - 1 and sends nothing of it.
    let mut src = BytesMut::from(&[0x7fu8, 0xff, 0xff, 0xff][..]);
    assert!(codec.decode(&mut src).unwrap().is_none());
    assert!(src.capacity() < 128 * 1024, "reserved {}", src.capacity());
}

#[test]
fn encoder_refuses_contents_over_the_limit() {
    let mut codec = FrameCodec::new(3);
    let mut dst = BytesMut::new();
    let err = codec
        .encode(Bytes::from_static(b"four"), &mut dst)
        .unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
    assert!(dst.is_empty(), "nothing written");
    codec.encode(Bytes::from_static(b"abc"), &mut dst).unwrap();
    assert_eq!(&dst[..], b"\0\0\0\x03abc");
}
