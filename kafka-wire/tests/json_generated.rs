//! The JSON writer the derive generates (`Wire::write_json`, reached by
//! `json::to_string`) against the interpreted writer over the same
//! message's bytes (`DynamicView::to_json`): the same text, byte for byte,
//! and the encoder's errors where the JSON shows what it refuses.

use bytes::Bytes;
use kafka_wire::dynamic::DynamicView;
use kafka_wire::json::{self, JsonErrorKind, RecordsAs};
use kafka_wire::schema::{KafkaType, MessageSchema};
use kafka_wire::{
    Ctx, DecodeError, EncodeError, KafkaMessage, Records, Str, Uuid, Versioned, Wire,
};

#[derive(Debug, Clone, PartialEq, KafkaMessage)]
struct Inner {
    #[kafka(versions = "0+")]
    name: Str,
    #[kafka(versions = "1+", nullable = "1+", default = None)]
    note: Option<String>,
    #[kafka(versions = "1+", tag = 0, tagged = "1+", default = -1)]
    hint: i32,
}

#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 1000, versions = "0-2", flexible = "1+")]
struct Everything {
    #[kafka(versions = "0+")]
    flag: bool,
    #[kafka(versions = "0+")]
    small: i8,
    #[kafka(versions = "0+")]
    short: i16,
    #[kafka(versions = "0+")]
    port: u16,
    #[kafka(versions = "0+")]
    int: i32,
    #[kafka(versions = "0+")]
    unsigned: u32,
    #[kafka(versions = "0+")]
    long: i64,
    #[kafka(versions = "0+")]
    ratio: f64,
    #[kafka(versions = "0+")]
    id: Uuid,
    #[kafka(versions = "0+")]
    text: String,
    #[kafka(versions = "0+")]
    payload: Bytes,
    #[kafka(versions = "0+", nullable = "0+")]
    records: Option<Records>,
    #[kafka(versions = "0+")]
    items: Vec<Inner>,
    #[kafka(versions = "0+")]
    numbers: Vec<i64>,
    #[kafka(versions = "0+", nullable = "1+")]
    label: Option<Str>,
    #[kafka(versions = "1+", nullable = "1+")]
    maybe: Option<Inner>,
    #[kafka(versions = "2+")]
    newest: i32,
    #[kafka(versions = "0-1", ignorable)]
    oldest: i32,
    #[kafka(versions = "1+", tag = 0, tagged = "1+")]
    tagged: Str,
    #[kafka(versions = "1+", tag = 1, tagged = "1+", nullable = "1+", default = None)]
    tagged_struct: Option<Inner>,
    #[kafka(unknown_tagged_fields)]
    unknown: kafka_wire::UnknownTaggedFields,
}

fn everything() -> Everything {
    Everything {
        flag: true,
        small: -8,
        short: i16::MIN,
        port: u16::MAX,
        int: -123_456,
        unsigned: u32::MAX,
        long: i64::MIN,
        ratio: 1e10,
        id: Uuid([7; 16]),
        text: "quote \" backslash \\ tab \t bell \u{7} é ✓".into(),
        payload: Bytes::from_static(b"\x00\x01binary\xff"),
        records: Some(Records(Bytes::from_static(b"not really records"))),
        items: vec![
            Inner {
                name: "a".into(),
                note: None,
                hint: -1,
            },
            Inner {
                name: "b".into(),
                note: Some("n".into()),
                hint: 5,
            },
        ],
        numbers: vec![0, -1, i64::MAX],
        label: Some("l".into()),
        maybe: None,
        newest: 0,
        oldest: 3,
        tagged: "t".into(),
        tagged_struct: Some(Inner {
            name: "ts".into(),
            note: None,
            hint: -1,
        }),
        unknown: Default::default(),
    }
}

/// The interpreted writer's text of `value`'s bytes.
fn interpreted<T: Versioned>(value: &T, version: i16, records: RecordsAs) -> String {
    let bytes = Bytes::from(value.encode_to_vec(version).unwrap());
    let view = DynamicView::decode_exact(MessageSchema::of::<T>(), version, bytes).unwrap();
    view.to_json().records(records).to_string()
}

#[test]
fn generated_and_interpreted_writers_agree() {
    const { assert!(<Everything as Wire>::WRITES_JSON) };
    let mut values = vec![everything(), Everything::default()];
    let mut other = everything();
    other.maybe = Some(Inner::default());
    other.records = None;
    other.tagged = Str::default();
    other.tagged_struct = None;
    other.ratio = f64::NAN;
    other.numbers.clear();
    other.label = None;
    values.push(other);
    for value in &values {
        for version in 0..=2 {
            let mut value = value.clone();
            if version == 0 {
                // Version 0 has neither a null struct nor tagged fields.
                value.maybe = Some(Inner::default());
                value.label = Some("l".into());
                value.items.iter_mut().for_each(|i| {
                    *i = Inner {
                        name: i.name.clone(),
                        ..Inner::default()
                    }
                });
                value.tagged = Str::default();
                value.tagged_struct = None;
            }
            for records in [RecordsAs::Base64, RecordsAs::Empty, RecordsAs::SizeInBytes] {
                let generated = json::to_string(&value, version, records).unwrap();
                assert_eq!(
                    generated,
                    interpreted(&value, version, records),
                    "v{version}"
                );
            }
        }
    }
}

#[test]
fn the_text_is_java_s() {
    let text = json::to_string(&everything(), 2, RecordsAs::SizeInBytes).unwrap();
    assert_eq!(
        text,
        concat!(
            r#"{"flag":true,"small":-8,"short":-32768,"port":65535,"int":-123456,"#,
            r#""unsigned":4294967295,"long":-9223372036854775808,"ratio":1.0E10,"#,
            r#""id":"BwcHBwcHBwcHBwcHBwcHBw","#,
            r#""text":"quote \" backslash \\ tab \t bell \u0007 é ✓","#,
            r#""payload":"AAFiaW5hcnn/","recordsSizeInBytes":18,"#,
            r#""items":[{"name":"a","note":null},{"name":"b","note":"n","hint":5}],"#,
            r#""numbers":[0,-1,9223372036854775807],"label":"l","maybe":null,"newest":0,"#,
            r#""tagged":"t","taggedStruct":{"name":"ts","note":null}}"#,
        )
    );
}

#[test]
fn appended_to_what_the_buffer_holds() {
    let mut out = b"prefix ".to_vec();
    json::write_message(&Everything::default(), 0, RecordsAs::Empty, &mut out).unwrap();
    assert!(out.starts_with(b"prefix {\"flag\":false,"));
    // On error the buffer is as it was.
    let len = out.len();
    let holds = Everything {
        newest: 1,
        ..Everything::default()
    };
    assert!(json::write_message(&holds, 0, RecordsAs::Empty, &mut out).is_err());
    assert_eq!(out.len(), len);
}

#[test]
fn the_encoder_s_errors_name_the_field() {
    let encode_kind = |e: json::JsonError| match e.kind() {
        JsonErrorKind::Encode(e) => (e.kind().name(), e.to_string()),
        other => panic!("{other:?}"),
    };
    // A field the version lacks holding more than its default.
    let holds = Everything {
        newest: 1,
        ..Everything::default()
    };
    let (kind, text) = encode_kind(json::to_string(&holds, 1, RecordsAs::Empty).unwrap_err());
    assert_eq!(kind, "non_default_absent");
    assert!(text.contains("newest"), "{text}");
    // ...unless ignorable: left out, as the encoder drops it.
    let old = Everything {
        oldest: 9,
        ..Everything::default()
    };
    assert!(!json::to_string(&old, 2, RecordsAs::Empty)
        .unwrap()
        .contains("oldest"));
    // A null where the version allows none.
    let null = Everything {
        label: None,
        ..Everything::default()
    };
    let (kind, text) = encode_kind(json::to_string(&null, 0, RecordsAs::Empty).unwrap_err());
    assert_eq!(kind, "unexpected_null");
    assert_eq!(text, null.encode_to_vec(0).unwrap_err().to_string());
    // A string longer than Kafka's strings: the encoder's error, same text.
    let long = Everything {
        text: "x".repeat(40_000),
        ..Everything::default()
    };
    let (kind, text) = encode_kind(json::to_string(&long, 1, RecordsAs::Empty).unwrap_err());
    assert_eq!(kind, "too_long");
    assert_eq!(text, long.encode_to_vec(1).unwrap_err().to_string());
    // An unsupported version.
    let (kind, _) = encode_kind(json::to_string(&holds, 3, RecordsAs::Empty).unwrap_err());
    assert_eq!(kind, "unsupported_version");
}

/// A port number, sent as Kafka's int32, by a `Wire` impl of its own: it
/// writes no JSON of itself, so its message is written from its bytes.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
struct Port(u16);

impl Wire for Port {
    const TYPE: KafkaType = KafkaType::Int32;
    fn encode_wire<B: bytes::BufMut>(&self, buf: &mut B, _: Ctx) -> Result<(), EncodeError> {
        buf.put_i32(i32::from(self.0));
        Ok(())
    }
    fn wire_len(&self, _: Ctx) -> usize {
        4
    }
    fn decode_wire<B: bytes::Buf>(buf: &mut B, _: Ctx) -> Result<Self, DecodeError> {
        Ok(Port(buf.try_get_i32()? as u16))
    }
    fn is_default_value(&self) -> bool {
        self.0 == 0
    }
}

#[derive(Debug, Clone, PartialEq, KafkaMessage)]
#[kafka(api_key = 1001, versions = "0", flexible = "none")]
struct Listener {
    #[kafka(versions = "0+")]
    host: Str,
    #[kafka(versions = "0+")]
    ports: Vec<Port>,
}

#[test]
fn a_type_of_its_own_is_written_from_its_bytes() {
    const { assert!(!<Listener as Wire>::WRITES_JSON) };
    let listener = Listener {
        host: "h".into(),
        ports: vec![Port(9092)],
    };
    assert_eq!(
        json::to_string(&listener, 0, RecordsAs::Empty).unwrap(),
        r#"{"host":"h","ports":[9092]}"#
    );
    let err = listener
        .write_json(
            &mut Vec::new(),
            json::JsonCtx {
                version: 0,
                records: RecordsAs::Empty,
            },
        )
        .unwrap_err();
    assert_eq!(err.kind().name(), "no_json_form");
    assert_eq!(
        err.to_string(),
        "ports[0]: the type writes no JSON form of its own"
    );
}

/// The reader the derive generates reads what the writer wrote back to the
/// same value; the strict reader reads it to the same value too.
#[test]
fn generated_text_reads_back() {
    let mut tagged_default = everything();
    tagged_default.tagged = Str::default();
    tagged_default.ratio = 2.5e-4;
    for value in [everything(), tagged_default] {
        for version in 1..=2 {
            let mut value = value.clone();
            value.newest = if version == 2 { 7 } else { 0 };
            value.oldest = if version == 2 { 0 } else { 3 };
            let text = json::to_string(&value, version, RecordsAs::Base64).unwrap();
            let fast: Everything = json::from_str(&text, version).unwrap();
            assert_eq!(fast, value, "v{version}: {text}");
            let strict: Everything =
                json::from_value(&serde_json::from_str(&text).unwrap(), version).unwrap();
            assert_eq!(strict, value, "v{version}");
            // Whitespace anywhere JSON allows it.
            let spaced = text.replace(',', " ,\n").replace(':', ": ");
            assert_eq!(
                json::from_str::<Everything>(&spaced, version).unwrap(),
                value
            );
        }
    }
}

/// The generated reader itself (not the strict reader behind it) reads the
/// text as the writer writes it, and also with whitespace where JSON allows
/// it, its keys in another order, and a key written with an escape: a key
/// it does not find whole (`"name":`) is read and matched by its bytes.
#[test]
fn the_generated_reader_takes_keys_written_any_way() {
    let read = |text: &str, version: i16| {
        let mut reader = json::JsonReader::new(text);
        let ctx = Everything::context(version).unwrap();
        let value = <Everything as Wire>::read_json(&mut reader, ctx);
        assert!(reader.at_end() || value.is_none(), "{text}");
        value
    };
    let mut value = everything();
    (value.newest, value.oldest) = (7, 0);
    let text = json::to_string(&value, 2, RecordsAs::Base64).unwrap();
    assert_eq!(read(&text, 2).as_ref(), Some(&value));
    let spaced = text.replace(',', " ,\n").replace(':', " : ");
    assert_eq!(read(&spaced, 2).as_ref(), Some(&value), "{spaced}");
    // The same members, last first.
    let object: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&text).unwrap();
    let members: Vec<String> = object
        .iter()
        .rev()
        .map(|(k, v)| format!("{}:{v}", serde_json::Value::from(k.as_str())))
        .collect();
    let reversed = format!("{{{}}}", members.join(","));
    assert_eq!(read(&reversed, 2).as_ref(), Some(&value), "{reversed}");
    // A key that starts like another (`int` and `items`), and one that is a
    // field's key and more, are not that field.
    assert!(text.contains(r#""int":"#));
    assert_eq!(read(&text.replace(r#""int":"#, r#""intX":"#), 2), None);
    assert_eq!(read(&text.replace(r#""int":"#, r#""in":"#), 2), None);
    // A key with an escape is the strict reader's (it reads it the same).
    let escaped = text.replace(r#""int":"#, r#""\u0069nt":"#);
    assert_eq!(read(&escaped, 2), None);
    assert_eq!(json::from_str::<Everything>(&escaped, 2).unwrap(), value);
}

/// Arrays of numbers of many lengths: the same numbers, the first four in
/// one allocation of four, a longer array grown once to its length (the
/// rest counted ahead); an array that goes wrong anywhere is not taken.
#[test]
fn arrays_of_numbers_read_at_every_length() {
    let ctx = Ctx::new(1, true);
    for len in 0..=20usize {
        let numbers: Vec<i64> = (0..len as i64).map(|i| i * 1_000_000_007 - 3).collect();
        let text = serde_json::to_string(&numbers).unwrap();
        let mut reader = json::JsonReader::new(&text);
        let read = <Vec<i64> as Wire>::read_json(&mut reader, ctx).unwrap();
        assert_eq!(read, numbers, "{text}");
        assert!(reader.at_end());
        assert_eq!(
            read.capacity(),
            if len == 0 { 0 } else { len.max(4) },
            "{text}"
        );
        let spaced = text.replace(',', " , ");
        let mut reader = json::JsonReader::new(&spaced);
        assert_eq!(
            <Vec<i64> as Wire>::read_json(&mut reader, ctx).unwrap(),
            numbers
        );
        for bad_at in 0..len {
            let mut items: Vec<String> = numbers.iter().map(i64::to_string).collect();
            items[bad_at] = "\"1\"".into();
            let bad = format!("[{}]", items.join(","));
            let mut reader = json::JsonReader::new(&bad);
            assert_eq!(
                <Vec<i64> as Wire>::read_json(&mut reader, ctx),
                None,
                "{bad}"
            );
        }
        let open = &text[..text.len() - 1];
        let mut reader = json::JsonReader::new(open);
        assert_eq!(
            <Vec<i64> as Wire>::read_json(&mut reader, ctx),
            None,
            "{open}"
        );
    }
    let mut reader = json::JsonReader::new("[128]");
    assert_eq!(<Vec<i8> as Wire>::read_json(&mut reader, ctx), None);
    let mut reader = json::JsonReader::new("[1.5,-2.5E-4]");
    assert_eq!(
        <Vec<f64> as Wire>::read_json(&mut reader, ctx),
        Some(vec![1.5, -2.5e-4])
    );
}

/// What the generated reader does not take is read by the strict reader,
/// whose errors name the path; a type of its own is read by it too.
#[test]
fn the_strict_reader_has_the_last_word() {
    let text = json::to_string(&everything(), 2, RecordsAs::Base64).unwrap();
    // A null the version does not allow.
    let v0 = json::to_string(&Everything::default(), 0, RecordsAs::Base64).unwrap();
    let null = v0.replace(r#""label":"""#, r#""label":null"#);
    assert_ne!(null, v0);
    let err = json::from_str::<Everything>(&null, 0).unwrap_err();
    assert_eq!((err.kind().name(), err.path()), ("not_nullable", "$.label"));
    // "NaN", which the generated reader leaves to the strict one.
    let nan = text.replace("1.0E10", r#""NaN""#);
    let read: Everything = json::from_str(&nan, 2).unwrap();
    assert!(read.ratio.is_nan());
    // A key given twice, a missing field, an unknown field: errors with paths.
    let twice = text.replacen(r#""flag":true"#, r#""flag":true,"flag":false"#, 1);
    let err = json::from_str::<Everything>(&twice, 2).unwrap_err();
    assert_eq!((err.kind().name(), err.path()), ("duplicate_key", "$.flag"));
    let deep = text.replace(r#""name":"b""#, r#""name":7"#);
    let err = json::from_str::<Everything>(&deep, 2).unwrap_err();
    assert_eq!(
        (err.kind().name(), err.path()),
        ("wrong_type", "$.items[1].name")
    );
    // A type of its own.
    let listener: Listener = json::from_str(r#"{"host":"h","ports":[9092]}"#, 0).unwrap();
    assert_eq!(listener.ports, vec![Port(9092)]);
}
