// A workload that makes a Kafka 4.4 broker write a record of every family of its own topics,
// with Kafka's own clients: tests/live_internal_topics.rs runs it against a broker it starts,
// stops the broker, and dumps the segments with Kafka's DumpLogSegments and with kafka-wire-dump.
//
//   java -cp 'libs/*:.' Workload 127.0.0.1:9292
//
// What each step makes the broker write:
//   __cluster_metadata    topics and partitions created and one deleted, configs of a topic, of
//                         the cluster's brokers and of a group, ACLs created and deleted, SCRAM
//                         credentials upserted and deleted, a client quota, producer id blocks
//   __consumer_offsets    a classic consumer group and a KIP-848 consumer group (subscribed by a
//                         regular expression) committing and then deleted (tombstones), a transaction's offsets (with the markers
//                         that commit and abort them), a share group (KIP-932), a streams
//                         group (KIP-1071) committing through Kafka Streams
//   __transaction_state   a transactional producer committing one transaction and aborting one
//   __share_group_state   the share group acknowledging records: accepted, released, rejected
// Every wait is bounded; a step that does not finish in time fails the run.

import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialDeletion;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.SubscriptionPattern;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AccessControlEntryFilter;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclBindingFilter;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.quota.ClientQuotaAlteration;
import org.apache.kafka.common.quota.ClientQuotaEntity;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;

public final class Workload {
    static final String TOPIC = "workload";
    static final String TRANSACTIONS = "workload-transactions";
    static final String STREAMS_OUT = "workload-streams-out";
    static final int RECORDS = 30;
    static final Duration STEP = Duration.ofSeconds(60);

    public static void main(String[] args) throws Exception {
        String bootstrap = args[0];
        Properties adminConfig = tls(new Properties());
        adminConfig.put("bootstrap.servers", bootstrap);
        try (Admin admin = Admin.create(adminConfig)) {
            metadata(admin);
            produce(bootstrap);
            consumerGroup(bootstrap, admin, "workload-classic", "classic");
            consumerGroup(bootstrap, admin, "workload-consumer", "consumer");
            transactions(bootstrap);
            shareGroup(bootstrap, admin);
            streamsGroup(bootstrap);
            compacted(bootstrap, admin);
            laggingGroup(bootstrap);
            // Deleting the two consumer groups writes tombstones for their records.
            admin.deleteConsumerGroups(List.of("workload-classic", "workload-consumer")).all().get(30, TimeUnit.SECONDS);
            say("deleted the two consumer groups");
            describe(admin);
        }
    }

    static final String COMPACTED = "workload-compacted";

    // A compacted topic whose segments roll every second: the cleaner (its backoff set short by
    // the test's broker config) rewrites the rolled ones, leaving the last value of each key and
    // a tombstone.
    static void compacted(String bootstrap, Admin admin) throws Exception {
        admin.createTopics(List.of(new NewTopic(COMPACTED, 1, (short) 1).configs(Map.of(
                "cleanup.policy", "compact",
                "segment.ms", "1000",
                "min.cleanable.dirty.ratio", "0.01",
                "delete.retention.ms", "100"))))
            .all().get(30, TimeUnit.SECONDS);
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(client(bootstrap))) {
            for (int round = 0; round < 3; round++) {
                for (int k = 0; k < 10; k++) {
                    producer.send(new ProducerRecord<>(COMPACTED, "key-" + k, "round-" + round)).get(30, TimeUnit.SECONDS);
                }
                if (round == 2) producer.send(new ProducerRecord<>(COMPACTED, "key-0", null)).get(30, TimeUnit.SECONDS);
                Thread.sleep(1100);
            }
            // One more record rolls the last round's segment, so that the cleaner may take it.
            producer.send(new ProducerRecord<>(COMPACTED, "key-9", "last")).get(30, TimeUnit.SECONDS);
        }
        Thread.sleep(2000);
        say(COMPACTED + " written in 3 rounds of 10 keys and a tombstone, segments rolled each second");
    }

    // A group that commits part of what it read and stays (empty, not deleted): its lag is what
    // the test reads offline from the log directory.
    static void laggingGroup(String bootstrap) throws Exception {
        Properties p = client(bootstrap);
        p.put("group.id", "workload-lagging");
        p.put("enable.auto.commit", "false");
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(p)) {
            Map<TopicPartition, OffsetAndMetadata> offsets = Map.of(
                new TopicPartition(TOPIC, 0), new OffsetAndMetadata(4),
                new TopicPartition(TOPIC, 1), new OffsetAndMetadata(7, "half way"),
                new TopicPartition(TOPIC, 2), new OffsetAndMetadata(10));
            consumer.commitSync(offsets, Duration.ofSeconds(30));
        }
        say("workload-lagging committed offsets 4, 7 and 10");
    }

    // What the admin API reports of the cluster's metadata, for the test to compare with the
    // image it reads offline: one line a fact, "admin: KIND NAME VALUE".
    static void describe(Admin admin) throws Exception {
        for (var t : admin.describeTopics(admin.listTopics(new org.apache.kafka.clients.admin.ListTopicsOptions().listInternal(true))
                .names().get(30, TimeUnit.SECONDS)).allTopicNames().get(30, TimeUnit.SECONDS).values()) {
            System.out.println("admin: topic " + t.name() + " " + t.topicId() + " " + t.partitions().size());
            for (var p : t.partitions()) {
                System.out.println("admin: replicas " + t.name() + "-" + p.partition() + " "
                    + p.replicas().stream().map(n -> String.valueOf(n.id())).collect(Collectors.joining(",")));
            }
        }
        ConfigResource topic = new ConfigResource(ConfigResource.Type.TOPIC, TOPIC);
        for (ConfigEntry e : admin.describeConfigs(List.of(topic)).all().get(30, TimeUnit.SECONDS).get(topic).entries()) {
            if (e.source() == ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG) {
                System.out.println("admin: config TOPIC/" + TOPIC + "/" + e.name() + " " + e.value());
            }
        }
        for (AclBinding b : admin.describeAcls(AclBindingFilter.ANY).values().get(30, TimeUnit.SECONDS)) {
            System.out.println("admin: acl " + b.pattern().name() + " " + b.entry().principal());
        }
        for (var q : admin.describeClientQuotas(org.apache.kafka.common.quota.ClientQuotaFilter.all()).entities().get(30, TimeUnit.SECONDS).entrySet()) {
            for (var v : q.getValue().entrySet()) {
                System.out.println("admin: quota " + q.getKey().entries() + " " + v.getKey() + " " + v.getValue());
            }
        }
        for (var u : admin.describeUserScramCredentials().all().get(30, TimeUnit.SECONDS).values()) {
            for (var c : u.credentialInfos()) {
                System.out.println("admin: scram " + c.mechanism().mechanismName() + " " + u.name() + " " + c.iterations());
            }
        }
        for (var f : admin.describeFeatures().featureMetadata().get(30, TimeUnit.SECONDS).finalizedFeatures().entrySet()) {
            System.out.println("admin: feature " + f.getKey() + " " + f.getValue().maxVersionLevel());
        }
    }

    static void say(String line) {
        System.out.println("workload: " + line);
    }

    static void metadata(Admin admin) throws Exception {
        admin.createTopics(List.of(
                new NewTopic(TOPIC, 3, (short) 1),
                new NewTopic(TRANSACTIONS, 1, (short) 1),
                new NewTopic(STREAMS_OUT, 1, (short) 1),
                new NewTopic("workload-deleted", 1, (short) 1)))
            .all().get(30, TimeUnit.SECONDS);
        admin.createPartitions(Map.of(TRANSACTIONS, NewPartitions.increaseTo(2))).all().get(30, TimeUnit.SECONDS);
        admin.deleteTopics(List.of("workload-deleted")).all().get(30, TimeUnit.SECONDS);
        Map<ConfigResource, Collection<AlterConfigOp>> configs = Map.of(
            new ConfigResource(ConfigResource.Type.TOPIC, TOPIC),
            List.of(new AlterConfigOp(new ConfigEntry("retention.ms", "86400000"), AlterConfigOp.OpType.SET)),
            new ConfigResource(ConfigResource.Type.BROKER, ""),
            List.of(new AlterConfigOp(new ConfigEntry("log.retention.ms", "604800000"), AlterConfigOp.OpType.SET)),
            // Before the share group's first member joins: it then starts at the earliest offset.
            new ConfigResource(ConfigResource.Type.GROUP, "workload-share"),
            List.of(new AlterConfigOp(new ConfigEntry("share.auto.offset.reset", "earliest"), AlterConfigOp.OpType.SET)));
        admin.incrementalAlterConfigs(configs).all().get(30, TimeUnit.SECONDS);
        AclBinding read = new AclBinding(new ResourcePattern(ResourceType.TOPIC, TOPIC, PatternType.LITERAL),
            new AccessControlEntry("User:alice", "*", AclOperation.READ, AclPermissionType.ALLOW));
        AclBinding groups = new AclBinding(new ResourcePattern(ResourceType.GROUP, "workload-", PatternType.PREFIXED),
            new AccessControlEntry("User:alice", "*", AclOperation.READ, AclPermissionType.ALLOW));
        admin.createAcls(List.of(read, groups)).all().get(30, TimeUnit.SECONDS);
        // Through a tenant's proxy, the ACLs read back as they were written. A broker that did not
        // take the creation's request learns of it from the metadata log a moment later.
        long deadline = System.nanoTime() + STEP.toNanos();
        Collection<AclBinding> described;
        while (!(described = admin.describeAcls(AclBindingFilter.ANY).values().get(30, TimeUnit.SECONDS))
                .containsAll(List.of(read, groups))) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("DescribeAcls shows " + described + ", not " + read + " and " + groups);
            }
            Thread.sleep(100);
        }
        // Deleted, and read back as written; again while the broker asked does not know of it yet.
        AclBindingFilter readFilter = new AclBindingFilter(read.pattern().toFilter(), AccessControlEntryFilter.ANY);
        while (!admin.deleteAcls(List.of(readFilter)).all().get(30, TimeUnit.SECONDS).contains(read)) {
            if (System.nanoTime() > deadline) throw new IllegalStateException("DeleteAcls did not delete " + read);
            Thread.sleep(100);
        }
        ScramCredentialInfo sha256 = new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_256, 4096);
        admin.alterUserScramCredentials(List.of(
                new UserScramCredentialUpsertion("alice", sha256, "alice-secret"),
                new UserScramCredentialUpsertion("bob", new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 8192), "bob-secret")))
            .all().get(30, TimeUnit.SECONDS);
        admin.alterUserScramCredentials(List.of(new UserScramCredentialDeletion("alice", ScramMechanism.SCRAM_SHA_256)))
            .all().get(30, TimeUnit.SECONDS);
        admin.alterClientQuotas(List.of(new ClientQuotaAlteration(
                new ClientQuotaEntity(Map.of(ClientQuotaEntity.USER, "alice")),
                List.of(new ClientQuotaAlteration.Op("producer_byte_rate", 1048576.0)))))
            .all().get(30, TimeUnit.SECONDS);
        say("topics, partitions, configs, ACLs, SCRAM credentials and a quota");
    }

    // With LIVE_CLIENTS_CA set (a PEM file of certificate authorities), every client speaks TLS,
    // trusting those authorities.
    static Properties tls(Properties p) {
        String ca = System.getenv("LIVE_CLIENTS_CA");
        if (ca != null && !ca.isEmpty()) {
            p.put("security.protocol", "SSL");
            p.put("ssl.truststore.type", "PEM");
            p.put("ssl.truststore.location", ca);
        }
        return p;
    }

    static Properties client(String bootstrap) {
        Properties p = tls(new Properties());
        p.put("bootstrap.servers", bootstrap);
        p.put("key.serializer", StringSerializer.class.getName());
        p.put("value.serializer", StringSerializer.class.getName());
        p.put("key.deserializer", StringDeserializer.class.getName());
        p.put("value.deserializer", StringDeserializer.class.getName());
        return p;
    }

    // The records in batches of every codec, a producer each (a capture of the session holds them all).
    static void produce(String bootstrap) throws Exception {
        String[] codecs = {"none", "gzip", "snappy", "lz4", "zstd"};
        for (int c = 0; c < codecs.length; c++) {
            Properties p = client(bootstrap);
            p.put("compression.type", codecs[c]);
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
                for (int i = c; i < RECORDS; i += codecs.length) {
                    producer.send(new ProducerRecord<>(TOPIC, i % 3, "key-" + i, "value-" + i)).get(30, TimeUnit.SECONDS);
                }
            }
        }
        say("produced " + RECORDS + " records, in batches of every codec");
    }

    static void consumerGroup(String bootstrap, Admin admin, String group, String protocol) throws Exception {
        Properties p = client(bootstrap);
        p.put("group.id", group);
        p.put("group.protocol", protocol);
        p.put("auto.offset.reset", "earliest");
        p.put("enable.auto.commit", "false");
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(p)) {
            // The KIP-848 group subscribes by a regular expression (resolved by the broker).
            if (protocol.equals("consumer")) consumer.subscribe(new SubscriptionPattern(TOPIC));
            else consumer.subscribe(List.of(TOPIC));
            int read = 0;
            long deadline = System.nanoTime() + STEP.toNanos();
            while (read < RECORDS) {
                if (System.nanoTime() > deadline) throw new IllegalStateException(group + " read " + read + " records");
                read += consumer.poll(Duration.ofMillis(200)).count();
            }
            consumer.commitSync(Duration.ofSeconds(30));
            // The member's assignment as described (a classic group's is the consumer protocol's
            // bytes, which a tenant's proxy rewrites too) names the topic as the client does.
            ConsumerGroupDescription described =
                admin.describeConsumerGroups(List.of(group)).describedGroups().get(group).get(30, TimeUnit.SECONDS);
            Set<String> assigned = described.members().stream()
                .flatMap(m -> m.assignment().topicPartitions().stream())
                .map(TopicPartition::topic)
                .collect(Collectors.toSet());
            if (!assigned.equals(Set.of(TOPIC))) {
                throw new IllegalStateException(group + " is described as assigned " + assigned);
            }
            say(group + " (" + protocol + " protocol) read and committed " + read + " records");
        }
    }

    // A producer without a consumer names the group of the offsets it commits by its id alone.
    @SuppressWarnings("removal")
    static void transactions(String bootstrap) throws Exception {
        Properties p = client(bootstrap);
        p.put("transactional.id", "workload-transactional");
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
            producer.initTransactions();
            producer.beginTransaction();
            for (int i = 0; i < 5; i++) producer.send(new ProducerRecord<>(TRANSACTIONS, "committed-" + i, "value"));
            producer.sendOffsetsToTransaction(Map.of(new TopicPartition(TOPIC, 0), new OffsetAndMetadata(5, "in a transaction")),
                new ConsumerGroupMetadata("workload-transactional-group"));
            producer.commitTransaction();
            producer.beginTransaction();
            for (int i = 0; i < 5; i++) producer.send(new ProducerRecord<>(TRANSACTIONS, "aborted-" + i, "value"));
            producer.sendOffsetsToTransaction(Map.of(new TopicPartition(TOPIC, 1), new OffsetAndMetadata(7)),
                new ConsumerGroupMetadata("workload-transactional-group"));
            // Sent before the abort, so that the data partition holds aborted records (its
            // transaction index an entry).
            producer.flush();
            producer.abortTransaction();
        }
        say("a transaction committed and one aborted");
    }

    static void shareGroup(String bootstrap, Admin admin) {
        Properties p = client(bootstrap);
        p.put("group.id", "workload-share");
        p.put("share.acknowledgement.mode", "explicit");
        try (KafkaShareConsumer<String, String> consumer = new KafkaShareConsumer<>(p)) {
            consumer.subscribe(List.of(TOPIC));
            int read = 0, accepted = 0, released = 0, rejected = 0;
            long deadline = System.nanoTime() + STEP.toNanos();
            while (accepted + rejected < RECORDS) {
                if (System.nanoTime() > deadline) throw new IllegalStateException("workload-share acknowledged " + (accepted + rejected) + " records");
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(200))) {
                    read++;
                    // Some records are released once (redelivered), one in ten rejected.
                    AcknowledgeType how = r.offset() % 10 == 3 ? AcknowledgeType.REJECT
                        : r.offset() % 10 == 7 && r.deliveryCount().orElse((short) 1) == 1 ? AcknowledgeType.RELEASE
                        : AcknowledgeType.ACCEPT;
                    consumer.acknowledge(r, how);
                    switch (how) {
                        case ACCEPT -> accepted++;
                        case RELEASE -> released++;
                        default -> rejected++;
                    }
                }
                consumer.commitSync(Duration.ofSeconds(30));
            }
            say("workload-share read " + read + " deliveries: " + accepted + " accepted, " + released + " released, " + rejected + " rejected");
        }
    }

    static void streamsGroup(String bootstrap) throws Exception {
        Properties p = tls(new Properties());
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, "workload-streams");
        p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(StreamsConfig.GROUP_PROTOCOL_CONFIG, "streams");
        p.put(StreamsConfig.STATE_DIR_CONFIG, Files.createTempDirectory("workload-streams").toString());
        p.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, 100);
        p.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, org.apache.kafka.common.serialization.Serdes.StringSerde.class);
        p.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, org.apache.kafka.common.serialization.Serdes.StringSerde.class);
        p.put("consumer.auto.offset.reset", "earliest");
        AtomicInteger seen = new AtomicInteger();
        StreamsBuilder builder = new StreamsBuilder();
        builder.<String, String>stream(TOPIC).mapValues(v -> {
            seen.incrementAndGet();
            return v.toUpperCase();
        }).to(STREAMS_OUT);
        try (KafkaStreams streams = new KafkaStreams(builder.build(), p)) {
            streams.start();
            long deadline = System.nanoTime() + STEP.toNanos();
            while (seen.get() < RECORDS) {
                if (System.nanoTime() > deadline) throw new IllegalStateException("workload-streams processed " + seen.get() + " records");
                Thread.sleep(100);
            }
            Thread.sleep(500); // a commit interval or more, so that its offsets are committed
            streams.close(Duration.ofSeconds(30));
        }
        say("workload-streams processed " + seen.get() + " records");
    }
}
