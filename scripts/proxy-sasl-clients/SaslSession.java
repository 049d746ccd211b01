import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Kafka's Java clients' SASL_SSL session through kafka-wire-proxy (scripts/proxy-sasl-clients.sh): a
 * topic created, records produced, consumed back by a group that commits (KIP-848's protocol), then the topics and groups
 * the client is shown listed.
 *
 * <pre>java SaslSession BOOTSTRAP CA MECHANISM USER SECRET TOPIC GROUP</pre>
 *
 * MECHANISM is PLAIN, SCRAM-SHA-512 or OAUTHBEARER; SECRET is the password, or for OAUTHBEARER a file
 * holding the signed JWT, read by Kafka's own OAuthBearerLoginCallbackHandler from its file URL (the
 * JVM must allow that URL: -Dorg.apache.kafka.sasl.oauthbearer.allowed.urls). Prints one JSON line:
 * {"topics": [...], "groups": [...], "read": N}. Every wait is bounded.
 */
public final class SaslSession {
    private static final int RECORDS = 10;

    public static void main(String[] args) throws Exception {
        if (args.length != 7) {
            System.err.println("usage: SaslSession BOOTSTRAP CA MECHANISM USER SECRET TOPIC GROUP");
            System.exit(2);
        }
        String bootstrap = args[0], ca = args[1], mechanism = args[2], user = args[3], secret = args[4];
        String topic = args[5], group = args[6];
        Properties sec = new Properties();
        sec.put("bootstrap.servers", bootstrap);
        sec.put("client.id", "sasl-java");
        sec.put("security.protocol", "SASL_SSL");
        sec.put("ssl.truststore.type", "PEM");
        sec.put("ssl.truststore.location", ca);
        sec.put("sasl.mechanism", mechanism);
        switch (mechanism) {
            case "PLAIN" -> sec.put("sasl.jaas.config", jaas("org.apache.kafka.common.security.plain.PlainLoginModule", user, secret));
            case "OAUTHBEARER" -> {
                sec.put("sasl.jaas.config", "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required;");
                sec.put("sasl.login.callback.handler.class",
                        "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginCallbackHandler");
                sec.put("sasl.oauthbearer.token.endpoint.url", Path.of(secret).toUri().toString());
            }
            default -> sec.put("sasl.jaas.config", jaas("org.apache.kafka.common.security.scram.ScramLoginModule", user, secret));
        }
        int read = 0;
        try (Admin admin = Admin.create(sec)) {
            try {
                admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof TopicExistsException)) throw e;
            }
            Properties p = new Properties();
            p.putAll(sec);
            p.put("key.serializer", StringSerializer.class.getName());
            p.put("value.serializer", StringSerializer.class.getName());
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
                for (int i = 0; i < RECORDS; i++) producer.send(new ProducerRecord<>(topic, "r" + i)).get();
            }
            Properties c = new Properties();
            c.putAll(sec);
            c.put("group.id", group);
            c.put("group.protocol", "consumer");
            c.put("auto.offset.reset", "earliest");
            c.put("enable.auto.commit", "false");
            c.put("key.deserializer", StringDeserializer.class.getName());
            c.put("value.deserializer", StringDeserializer.class.getName());
            try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(c)) {
                consumer.subscribe(List.of(topic));
                long deadline = System.currentTimeMillis() + 30_000;
                while (read < RECORDS && System.currentTimeMillis() < deadline) {
                    read += consumer.poll(Duration.ofMillis(500)).count();
                }
                consumer.commitSync();
            }
            TreeSet<String> topics = new TreeSet<>(admin.listTopics().names().get());
            TreeSet<String> groups = new TreeSet<>();
            admin.listGroups().all().get().forEach(g -> groups.add(g.groupId()));
            System.out.println("{\"topics\": " + json(topics) + ", \"groups\": " + json(groups) + ", \"read\": " + read + "}");
        }
        if (read < RECORDS) {
            System.err.println("java: read " + read + " of " + RECORDS + " records");
            System.exit(1);
        }
    }

    private static String jaas(String module, String user, String password) {
        return module + " required username=\"" + user + "\" password=\"" + password + "\";";
    }

    private static String json(TreeSet<String> names) {
        StringBuilder out = new StringBuilder("[");
        for (String n : names) out.append(out.length() > 1 ? ", " : "").append('"').append(n).append('"');
        return out.append(']').toString();
    }
}
