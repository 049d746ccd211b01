// Produces records with Kafka's own Java client (kafka-clients), one
// producer per compression type, for tests/live_records.rs to fetch with the
// crate. Usage: java -cp <kafka-clients and its codecs> Produce BOOTSTRAP TOPIC
import java.nio.charset.StandardCharsets;
import java.util.Properties;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

public final class Produce {
    public static void main(String[] args) throws Exception {
        String[] codecs = {"none", "gzip", "snappy", "lz4", "zstd"};
        for (String codec : codecs) {
            Properties props = new Properties();
            props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, args[0]);
            props.put(ProducerConfig.ACKS_CONFIG, "all");
            props.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, codec);
            props.put(ProducerConfig.LINGER_MS_CONFIG, "50");
            props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, "20000");
            props.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "30000");
            props.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, "20000");
            try (KafkaProducer<byte[], byte[]> producer =
                    new KafkaProducer<>(props, new ByteArraySerializer(), new ByteArraySerializer())) {
                for (int i = 0; i < 4; i++) {
                    ProducerRecord<byte[], byte[]> record = new ProducerRecord<>(args[1],
                            ("java-" + codec + "-" + i).getBytes(StandardCharsets.UTF_8),
                            ("value-" + i).getBytes(StandardCharsets.UTF_8));
                    record.headers().add("codec", codec.getBytes(StandardCharsets.UTF_8));
                    producer.send(record);
                }
                producer.flush();
            }
        }
    }
}
