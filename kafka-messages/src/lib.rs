//! Kafka messages.
