//! What the targets that take any API share: the message a fuzz input's
//! first two bytes pick.

use kafka_messages::ApiKey;
use kafka_wire::schema::MessageSchema;

/// The message that `api` (an index into every API) and `pick` (the
/// direction in its low bit, the version above it) name: its API, whether
/// it is the response, its version, and its schema.
pub fn message(api: u8, pick: u8) -> (ApiKey, bool, i16, MessageSchema) {
    let (key, response, version) = kafka_wire_fuzz::pick_message(api, pick);
    let schema = if response {
        key.response_message_schema()
    } else {
        key.request_message_schema()
    }
    .expect("every API is compiled in");
    (key, response, version, schema)
}
