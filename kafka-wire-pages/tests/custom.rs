//! A message of one's own: tagged fields, an unknown tag, a nullable struct
//! and records, laid out from a value and shown as what they are.

use bytes::Bytes;
use kafka_wire::{KafkaMessage, Records, RequestHeader, ResponseHeader, Str, UnknownTaggedFields};
use kafka_wire_pages::{empty_record_batch, schema_text, Direction, Layout, MessageSpec, Page};

/// A request of our own.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 1000, versions = "0-1", flexible = "1+")]
pub struct Probe {
    /// Who asks.
    #[kafka(versions = "0+")]
    pub name: Str,
    /// A note, tagged in v1.
    #[kafka(versions = "1+", tag = 0, tagged = "1+")]
    pub note: Str,
    /// How hard, tagged in v1.
    #[kafka(versions = "1+", tag = 2, tagged = "1+")]
    pub effort: i32,
    /// Where, when known.
    #[kafka(versions = "1+", nullable = "1+", default = None)]
    pub place: Option<Place>,
    /// Some records.
    #[kafka(versions = "0+")]
    pub records: Records,
    #[kafka(unknown_tagged_fields)]
    pub unknown_tagged_fields: UnknownTaggedFields,
}

/// A place.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
pub struct Place {
    /// Its rack.
    #[kafka(versions = "0+")]
    pub rack: Str,
}

/// Its response.
#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 1000, versions = "0-1", flexible = "1+")]
pub struct ProbeResponse {
    /// The answer.
    #[kafka(versions = "0+")]
    pub answer: i64,
}

fn probe() -> Probe {
    let mut unknown = UnknownTaggedFields::new();
    unknown.insert(5, Bytes::from_static(b"\x01\x02"));
    Probe {
        name: "me".into(),
        note: "hi".into(),
        effort: 0,
        place: Some(Place { rack: "r1".into() }),
        records: Records(empty_record_batch().into()),
        unknown_tagged_fields: unknown,
    }
}

#[test]
fn tagged_fields_unknown_tags_nullable_structs_and_records_are_shown() {
    let layout = Layout::of_request(&RequestHeader::new(1000, 1, 5, None), &probe()).unwrap();
    assert!(layout.error.is_none(), "{:?}", layout.error);
    assert!(matches!(layout.codec, Some(Ok(()))), "{:?}", layout.codec);
    let text = layout.to_text();
    for line in [
        "Probe message v1 [0x0000, ",
        "+-- request_api_key int16 = 1000 [0x0004, 2B] numeric id of the API being invoked",
        "+-- client_id nullable_string = null (int16 len=-1) [0x000c, 2B]",
        "+-- Name string = \"me\" (compact, len+1=3) [0x000f, 3B] Who asks.",
        "+-- Place Place = struct [0x0012, 5B] Where, when known.",
        "+-- marker int8 = 1 (present) [0x0012, 1B]",
        "+-- Rack string = \"r1\" (compact, len+1=3) [0x0013, 3B] Its rack.",
        "+-- Records records = 1 batch, 61 bytes [0x0017, 62B] Some records.",
        "+-- length uvarint = 62 (compact, n+1) [0x0017, 1B] 61 bytes follow",
        "+-- RecordBatch[0] RecordBatch = v2, 0 records [0x0018, 61B]",
        "+-- magic int8 = 2 [0x0028, 1B]",
        "+-- tagged_fields uvarint = 2 [0x0055, 10B] number of tagged fields in this struct",
        "+-- Note string = \"hi\" (compact, len+1=3) [0x0056, 5B] A note, tagged in v1.",
        "+-- tag uvarint = 0 [0x0056, 1B]",
        "+-- size uvarint = 3 [0x0057, 1B] bytes in the value",
        "+-- value string = \"hi\" (compact, len+1=3) [0x0058, 3B]",
        "+-- unknown_tag_5 raw = 2 bytes [0x005b, 4B] tag 5 is not declared at v1: kept raw",
        "+-- value bytes = [01 02] (2 bytes) [0x005d, 2B]",
    ] {
        assert!(text.contains(line), "{line:?} missing from\n{text}");
    }
    // The CRC is computed, and checked when read back.
    assert!(text.contains("(valid)"), "{text}");
    // Colours: the batch's bytes are RecordBatch, the tagged section's tagged.
    let categories: Vec<_> = layout
        .root
        .walk()
        .into_iter()
        .map(|(_, n)| n.category.id())
        .collect();
    assert!(categories.contains(&"batch") && categories.contains(&"tagged"));
}

#[test]
fn a_null_struct_is_its_marker() {
    let mut p = probe();
    p.place = None;
    let layout = Layout::of_request(&RequestHeader::new(1000, 1, 5, None), &p).unwrap();
    assert!(layout.error.is_none());
    assert!(layout
        .to_text()
        .contains("+-- Place Place = null [0x0012, 1B] Where, when known."));
    assert!(layout
        .to_text()
        .contains("+-- marker int8 = -1 (null) [0x0012, 1B]"));
}

#[test]
fn a_known_tag_that_does_not_fill_its_size_is_an_error_at_its_field() {
    let layout = Layout::of_request(&RequestHeader::new(1000, 1, 5, None), &probe()).unwrap();
    let mut bytes = layout.bytes.clone();
    // The note's size: 3 -> 4 (its value then takes the next byte, too).
    assert_eq!(bytes[0x57], 3);
    bytes[0x57] = 4;
    let spec = MessageSpec::of::<Probe>(Direction::Request);
    let bad = Layout::decode_with(spec, 1, &bytes, kafka_wire_pages::SizePrefix::Present);
    let e = bad.error.expect("refused");
    assert_eq!(e.error.path(), "Probe.note");
    assert!(
        e.error
            .to_string()
            .contains("declares 4 bytes but its value used 3"),
        "{e}"
    );
}

#[test]
fn a_page_of_ones_own_messages_renders_its_schema_as_data() {
    let request = MessageSpec::of::<Probe>(Direction::Request);
    let response = MessageSpec::of::<ProbeResponse>(Direction::Response);
    assert_eq!(request.kafka_api(), None, "key 1000 is not Kafka's");
    let page = Page::sample_of(request, response, 1).unwrap();
    assert_eq!(page.title, "Probe");
    let schema: serde_json::Value = serde_json::from_str(&schema_text(&request)).unwrap();
    assert_eq!(schema["validVersions"], "0-1");
    assert_eq!(schema["fields"][1]["taggedVersions"], "1+");
    assert_eq!(schema["fields"][3]["fields"][0]["name"], "Rack");
    assert_eq!(schema["fields"][0]["about"], "Who asks.");
    // The sample: one empty batch, no tags, the nullable struct present.
    let sample = &page.sections[0].layout;
    assert!(sample.error.is_none());
    assert!(sample
        .to_text()
        .contains("+-- Records records = 1 batch, 61 bytes"));
    let resp =
        Layout::of_response(&ResponseHeader::new(1), 1, &ProbeResponse { answer: 42 }).unwrap();
    assert!(resp
        .to_text()
        .contains("+-- Answer int64 = 42 [0x0009, 8B] The answer."));
}

#[test]
fn records_show_their_batch_header_and_each_record_field() {
    use kafka_wire::records::{Header, NewRecord, RecordBatchBuilder};

    let headers = [Header::new(b"trace", b"7f3a")];
    let mut builder = RecordBatchBuilder::new().base_offset(40);
    builder
        .append(
            NewRecord::new(1_700_000_000_000)
                .key(b"k")
                .value(b"hello")
                .headers(&headers),
        )
        .unwrap();
    builder.append(NewRecord::new(1_700_000_000_001)).unwrap();
    let mut p = probe();
    p.records = Records::from(builder.build().unwrap());
    let layout = Layout::of_request(&RequestHeader::new(1000, 1, 5, None), &p).unwrap();
    assert!(layout.error.is_none(), "{:?}", layout.error);
    let text = layout.to_text();
    for line in [
        "+-- RecordBatch[0] RecordBatch = v2, 2 records [0x0018, 92B]",
        "+-- baseOffset int64 = 40 [0x0018, 8B] offset of the first record",
        "+-- recordCount int32 = 2 [0x0051, 4B] records that follow",
        "+-- Record[0] Record [0x0055, 24B]",
        "+-- length varint = 23 [0x0055, 1B] bytes in the record after this field",
        "+-- offsetDelta varint = 0 [0x0058, 1B] from the batch's baseOffset",
        "+-- key varbytes = [6b] [0x0059, 2B]",
        "+-- value varbytes = [68 65 6c 6c 6f] [0x005b, 6B]",
        "+-- headerCount varint = 1 [0x0061, 1B] record headers that follow",
        "+-- header[0] Header [0x0062, 11B]",
        "+-- headerKey varbytes = [74 72 61 63 65] [0x0062, 6B]",
        "+-- headerValue varbytes = [37 66 33 61] [0x0068, 5B]",
        "+-- Record[1] Record [0x006d, 7B]",
        "+-- offsetDelta varint = 1 [0x0070, 1B] from the batch's baseOffset",
        "+-- value varbytes = null [0x0072, 1B]",
    ] {
        assert!(text.contains(line), "{line:?} missing from\n{text}");
    }
}

#[test]
fn legacy_message_sets_show_each_message_field() {
    use kafka_wire::records::{LegacyRecordsBuilder, NewRecord};

    let mut v0 = LegacyRecordsBuilder::v0();
    v0.append(NewRecord::new(-1).key(b"k").value(b"hello"))
        .unwrap();
    // (A compressed wrapper needs a codec, which this crate's tests build
    // without: kafka-wire-capture's tests show one.)
    let mut v1 = LegacyRecordsBuilder::v1().base_offset(1);
    for value in [&b"a"[..], b"b"] {
        v1.append(NewRecord::new(1_700_000_000_000).value(value))
            .unwrap();
    }
    let mut bytes = v0.build().unwrap().0.to_vec();
    bytes.extend_from_slice(&v1.build().unwrap().0);
    let mut p = probe();
    p.records = Records(bytes.into());
    let layout = Layout::of_request(&RequestHeader::new(1000, 1, 5, None), &p).unwrap();
    assert!(layout.error.is_none(), "{:?}", layout.error);
    let text = layout.to_text();
    // The v0 entry: 12 bytes of offset and size, a message of 20.
    for line in [
        "+-- LegacyMessage[0] LegacyMessage = v0, a message [0x0018, 32B]",
        "+-- offset int64 = 0 [0x0018, 8B]",
        "+-- messageSize int32 = 20 [0x0020, 4B] bytes that follow this field",
        "(valid) [0x0024, 4B] CRC-32 of the bytes from magic to the end",
        "+-- magic int8 = 0 [0x0028, 1B] message format version: 0 or 1",
        "+-- attributes int8 = 0 [0x0029, 1B]",
        "+-- key bytes = [6b] [0x002a, 5B]",
        "+-- value bytes = [68 65 6c 6c 6f] [0x002f, 9B]",
        // Then two v1 messages of 27 bytes after their offset and size.
        "+-- LegacyMessage[1] LegacyMessage = v1, a message [0x0038, 35B]",
        "+-- offset int64 = 1 [0x0038, 8B]",
        "+-- magic int8 = 1 [0x0048, 1B]",
        "+-- attributes int8 = 0 [0x0049, 1B]",
        "+-- timestamp int64 = 1700000000000 [0x004a, 8B]",
        "+-- key bytes = null [0x0052, 4B]",
        "+-- value bytes = [61] [0x0056, 5B]",
        "+-- LegacyMessage[2] LegacyMessage = v1, a message [0x005b, 35B]",
        "+-- value bytes = [62] [0x0079, 5B]",
    ] {
        assert!(text.contains(line), "{line:?} missing from\n{text}");
    }
    assert!(!text.contains("unparsed"), "{text}");
}
