// Kafka's own Java clients (kafka-clients 4.4.0) in five scenarios, run by scripts/fake-java.sh
// against kafka-fake and against a Kafka 4.4 broker, unchanged: the program does not know which it
// talks to.
//
//   java -cp 'CLASSES:libs/*' JavaSession BOOTSTRAP [SCENARIO...]
//
//   admin          topics created with configs (and one again: TopicExistsException), the cluster
//                  and the topics described, partitions added, configs described and altered
//                  incrementally (SET, DELETE, APPEND), topics listed, one deleted, ACLs created,
//                  described and deleted
//   idempotent     an idempotent producer (acks=all) for each codec (none gzip snappy lz4 zstd)
//                  writes 40 records with a header and a timestamp over two partitions; an assigned
//                  consumer reads every one back, in order, with its offset, key, value, header and
//                  timestamp
//   transactional  a transactional producer commits 10 records with its group's offsets, aborts 10
//                  (flushed first, so that they are written and marked) with other offsets, and
//                  commits 10 more with others again; a read_committed consumer reads exactly the 20
//                  committed records, a read_uncommitted one all 30, the log ends where the records
//                  and three markers per partition end, and the group's committed offsets
//                  (Admin.listConsumerGroupOffsets) are the last committed transaction's
//   classic        two members of a classic group (group.protocol=classic) on a topic of four
//                  partitions hold two partitions each, read exactly the records of their own
//                  partitions (40 in all, each once), commit, are described, and leave
//   consumer       the same with two members of a KIP-848 group (group.protocol=consumer)
//
// Each scenario is timed and prints one line, `RESULT<TAB>name<TAB>pass|FAIL<TAB>seconds<TAB>detail`,
// the detail of a failure naming what differed. A scenario is bounded by STEP_SECONDS (60 s), each
// wait in it by WAIT (30 s). Exit status 1 when any scenario failed. Names carry a suffix of the
// run, so that runs against one broker do not meet.

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.CreateTopicsResult;
import org.apache.kafka.clients.admin.DescribeClusterResult;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.clients.admin.TransactionListing;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.GroupType;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AccessControlEntryFilter;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclBindingFilter;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourcePatternFilter;
import org.apache.kafka.common.resource.ResourceType;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

public final class JavaSession {
    static final List<String> SCENARIOS = List.of("admin", "idempotent", "transactional", "classic", "consumer");
    static final long STEP_SECONDS = 60;
    static final Duration WAIT = Duration.ofSeconds(30);
    static final Duration POLL = Duration.ofMillis(100);
    static final String[] CODECS = {"none", "gzip", "snappy", "lz4", "zstd"};

    static String bootstrap;
    static String run;

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: JavaSession BOOTSTRAP [" + String.join("|", SCENARIOS) + "]...");
            System.exit(2);
        }
        bootstrap = args[0];
        run = Long.toString(System.currentTimeMillis() % 100_000_000L, 36);
        List<String> chosen = args.length > 1 ? List.of(args).subList(1, args.length) : SCENARIOS;
        for (String s : chosen) {
            if (!SCENARIOS.contains(s)) {
                System.err.println("unknown scenario '" + s + "' (one of " + SCENARIOS + ")");
                System.exit(2);
            }
        }
        int failures = 0;
        for (String s : chosen) {
            if (!scenario(s)) failures++;
        }
        System.out.flush();
        // Daemon threads of a scenario that timed out may still run: exit without waiting for them.
        Runtime.getRuntime().halt(failures == 0 ? 0 : 1);
    }

    /** Runs one scenario in a thread of its own, bounded by STEP_SECONDS; prints its RESULT line. */
    static boolean scenario(String name) {
        ExecutorService pool = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "scenario-" + name);
            t.setDaemon(true);
            return t;
        });
        long t0 = System.nanoTime();
        scenarioStart = t0;
        String outcome;
        String detail;
        try {
            Future<String> f = pool.submit(() -> switch (name) {
                case "admin" -> admin();
                case "idempotent" -> idempotent();
                case "transactional" -> transactional();
                case "classic" -> group("classic");
                case "consumer" -> group("consumer");
                default -> throw new IllegalArgumentException(name);
            });
            detail = f.get(STEP_SECONDS, TimeUnit.SECONDS);
            outcome = "pass";
        } catch (TimeoutException e) {
            outcome = "FAIL";
            detail = "did not finish within " + STEP_SECONDS + " s";
        } catch (ExecutionException e) {
            outcome = "FAIL";
            Throwable c = e.getCause();
            detail = c instanceof Mismatch ? c.getMessage() : c.toString();
            if (!(c instanceof Mismatch)) c.printStackTrace();
        } catch (InterruptedException e) {
            outcome = "FAIL";
            detail = "interrupted";
        } finally {
            pool.shutdownNow();
        }
        double secs = (System.nanoTime() - t0) / 1e9;
        System.out.printf("RESULT\t%s\t%s\t%.1f\t%s%n", name, outcome, secs, detail.replaceAll("\\s+", " "));
        System.out.flush();
        return outcome.equals("pass");
    }

    static volatile long scenarioStart;

    /** A line on stderr with the time into the scenario: how it went, for a closer look. */
    static void trace(String scenario, String what) {
        System.err.printf("trace\t%s\t+%.3f s\t%s%n", scenario, (System.nanoTime() - scenarioStart) / 1e9, what);
    }

    /** What a scenario found that it did not expect. */
    static final class Mismatch extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Mismatch(String message) {
            super(message);
        }
    }

    static void expect(boolean ok, Supplier<String> what) {
        if (!ok) throw new Mismatch(what.get());
    }

    static <T> void expectEqual(String what, T want, T got) {
        if (!Objects.equals(want, got)) throw new Mismatch(what + ": expected " + want + ", got " + got);
    }

    /** Waits up to WAIT for `check` to return null (done); else fails with its last answer. */
    static void await(String what, Check check) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        String last;
        while ((last = check.pending()) != null) {
            if (System.nanoTime() > deadline) throw new Mismatch(what + " within " + WAIT.toSeconds() + " s: " + last);
            Thread.sleep(100);
        }
    }

    interface Check {
        /** null when done, else what is still not as wanted. */
        String pending() throws Exception;
    }

    static <T> T get(org.apache.kafka.common.KafkaFuture<T> f) throws Exception {
        return f.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    }

    static Properties props(String clientId) {
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrap);
        p.put("client.id", "java-" + clientId + "-" + run);
        p.put("key.serializer", StringSerializer.class.getName());
        p.put("value.serializer", StringSerializer.class.getName());
        p.put("key.deserializer", StringDeserializer.class.getName());
        p.put("value.deserializer", StringDeserializer.class.getName());
        return p;
    }

    static Admin admin(String clientId) {
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrap);
        p.put("client.id", "java-" + clientId + "-" + run);
        return Admin.create(p);
    }

    static void createTopic(Admin admin, String topic, int partitions) throws Exception {
        get(admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all());
        // A broker learns of a new topic's leaders from the controller a moment after it answers.
        await(topic + " to have " + partitions + " partitions with leaders", () -> {
            TopicDescription d;
            try {
                d = get(admin.describeTopics(List.of(topic)).allTopicNames()).get(topic);
            } catch (ExecutionException e) {
                return e.getCause().toString();
            }
            long led = d.partitions().stream().filter(p -> p.leader() != null && !p.leader().isEmpty()).count();
            return led == partitions ? null : led + " of " + d.partitions().size() + " led";
        });
    }

    // ------------------------------------------------------------------------------------ admin

    static String admin() throws Exception {
        String a = "java-admin-a-" + run;
        String b = "java-admin-b-" + run;
        String group = "java-admin-group-" + run;
        try (Admin admin = admin("admin")) {
            // The cluster: one node, on the port of the bootstrap address.
            DescribeClusterResult cluster = admin.describeCluster();
            Collection<Node> nodes = get(cluster.nodes());
            String clusterId = get(cluster.clusterId());
            Node controller = get(cluster.controller());
            expectEqual("describeCluster's node count", 1, nodes.size());
            Node node = nodes.iterator().next();
            expectEqual("the node's address", bootstrap, node.host() + ":" + node.port());
            expect(clusterId != null && !clusterId.isEmpty(), () -> "describeCluster's cluster id is '" + clusterId + "'");
            expect(controller != null && controller.id() == node.id(),
                () -> "describeCluster's controller is " + controller + ", not the node " + node);

            // Two topics, one with configs; the result carries what was created.
            Map<String, String> configs = Map.of("retention.ms", "3600000", "max.message.bytes", "200000");
            CreateTopicsResult created = admin.createTopics(List.of(
                new NewTopic(a, 3, (short) 1).configs(configs), new NewTopic(b, 1, (short) 1)));
            get(created.all());
            expectEqual("createTopics' partitions of " + a, 3, get(created.numPartitions(a)));
            expectEqual("createTopics' replication factor of " + a, 1, get(created.replicationFactor(a)));
            Config createdConfig = get(created.config(a));
            for (var e : configs.entrySet()) {
                ConfigEntry entry = createdConfig.get(e.getKey());
                expect(entry != null && e.getValue().equals(entry.value()),
                    () -> "createTopics' config " + e.getKey() + " of " + a + " is " + entry + ", not " + e.getValue());
            }
            expect(get(created.topicId(a)) != null, () -> "createTopics gave " + a + " no topic id");
            try {
                get(admin.createTopics(List.of(new NewTopic(a, 1, (short) 1))).all());
                throw new Mismatch("creating " + a + " again did not fail");
            } catch (ExecutionException e) {
                expect(e.getCause() instanceof TopicExistsException,
                    () -> "creating " + a + " again failed with " + e.getCause() + ", not TopicExistsException");
            }
            await("both topics described with their leaders", () -> {
                Map<String, TopicDescription> d;
                try {
                    d = get(admin.describeTopics(List.of(a, b)).allTopicNames());
                } catch (ExecutionException e) {
                    return e.getCause().toString();
                }
                return nullIfEmpty(partitionsLed(d.get(a), 3, node) + partitionsLed(d.get(b), 1, node));
            });

            // Partitions added: 3 -> 5.
            get(admin.createPartitions(Map.of(a, NewPartitions.increaseTo(5))).all());
            await(a + " described with 5 partitions", () ->
                nullIfEmpty(partitionsLed(get(admin.describeTopics(List.of(a)).allTopicNames()).get(a), 5, node)));

            // Configs: as created, then altered incrementally.
            ConfigResource ra = new ConfigResource(ConfigResource.Type.TOPIC, a);
            Config described = get(admin.describeConfigs(List.of(ra)).all()).get(ra);
            expectConfig(described, "retention.ms", "3600000", ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG);
            expectConfig(described, "max.message.bytes", "200000", ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG);
            expectConfig(described, "cleanup.policy", "delete", ConfigEntry.ConfigSource.DEFAULT_CONFIG);
            get(admin.incrementalAlterConfigs(Map.of(ra, List.of(
                new AlterConfigOp(new ConfigEntry("retention.ms", "7200000"), AlterConfigOp.OpType.SET),
                new AlterConfigOp(new ConfigEntry("max.message.bytes", ""), AlterConfigOp.OpType.DELETE),
                new AlterConfigOp(new ConfigEntry("cleanup.policy", "compact"), AlterConfigOp.OpType.APPEND)))).all());
            await(a + "'s configs altered", () -> {
                Config c = get(admin.describeConfigs(List.of(ra)).all()).get(ra);
                try {
                    expectConfig(c, "retention.ms", "7200000", ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG);
                    expectConfig(c, "max.message.bytes", "1048588", ConfigEntry.ConfigSource.DEFAULT_CONFIG);
                    expectConfig(c, "cleanup.policy", "delete,compact", ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG);
                    return null;
                } catch (Mismatch m) {
                    return m.getMessage();
                }
            });

            // Listed, then b deleted and gone.
            Set<String> ours = ours(get(admin.listTopics().names()));
            expectEqual("listTopics' topics of this run", new java.util.TreeSet<>(Set.of(a, b)), ours);
            get(admin.deleteTopics(List.of(b)).all());
            await(b + " gone from listTopics", () -> {
                Set<String> now = ours(get(admin.listTopics().names()));
                return now.equals(Set.of(a)) ? null : "listed " + now;
            });
            try {
                get(admin.describeTopics(List.of(b)).allTopicNames());
                throw new Mismatch("describing the deleted " + b + " did not fail");
            } catch (ExecutionException e) {
                expect(e.getCause() instanceof UnknownTopicOrPartitionException,
                    () -> "describing the deleted " + b + " failed with " + e.getCause() + ", not UnknownTopicOrPartitionException");
            }

            // ACLs: created, described, deleted one by one.
            AclBinding read = new AclBinding(new ResourcePattern(ResourceType.TOPIC, a, PatternType.LITERAL),
                new AccessControlEntry("User:alice", "*", AclOperation.READ, AclPermissionType.ALLOW));
            AclBinding groups = new AclBinding(new ResourcePattern(ResourceType.GROUP, group, PatternType.PREFIXED),
                new AccessControlEntry("User:bob", "127.0.0.1", AclOperation.DESCRIBE, AclPermissionType.DENY));
            get(admin.createAcls(List.of(read, groups)).all());
            AclBindingFilter oursFilter = new AclBindingFilter(
                new ResourcePatternFilter(ResourceType.ANY, null, PatternType.ANY), AccessControlEntryFilter.ANY);
            await("describeAcls to show both ACLs", () -> {
                Set<AclBinding> now = oursAcls(get(admin.describeAcls(oursFilter).values()));
                return now.equals(Set.of(read, groups)) ? null : "described " + now;
            });
            Collection<AclBinding> deleted = get(admin.deleteAcls(List.of(
                new AclBindingFilter(read.pattern().toFilter(), AccessControlEntryFilter.ANY))).all());
            expectEqual("deleteAcls' deleted ACLs", List.of(read), new ArrayList<>(deleted));
            await("describeAcls to show the group's ACL alone", () -> {
                Set<AclBinding> now = oursAcls(get(admin.describeAcls(oursFilter).values()));
                return now.equals(Set.of(groups)) ? null : "described " + now;
            });
            Collection<AclBinding> deletedToo = get(admin.deleteAcls(List.of(new AclBindingFilter(
                new ResourcePatternFilter(ResourceType.GROUP, group, PatternType.MATCH),
                new AccessControlEntryFilter("User:bob", null, AclOperation.ANY, AclPermissionType.ANY)))).all());
            expectEqual("deleteAcls' deleted ACLs (matching the group's name)", List.of(groups), new ArrayList<>(deletedToo));
            get(admin.deleteTopics(List.of(a)).all());
        }
        return "cluster, 2 topics with configs, partitions 3->5, configs altered, 1 deleted, 2 ACLs";
    }

    static String nullIfEmpty(String s) {
        return s.isEmpty() ? null : s;
    }

    /** "" when the topic has `n` partitions 0..n-1, each led by `node` with it as replica and in sync; else what differs. */
    static String partitionsLed(TopicDescription d, int n, Node node) {
        if (d == null) return "not described; ";
        if (d.partitions().size() != n) return d.name() + " has " + d.partitions().size() + " partitions; ";
        for (int i = 0; i < n; i++) {
            TopicPartitionInfo p = d.partitions().get(i);
            if (p.partition() != i || !node.equals(p.leader()) || !p.replicas().equals(List.of(node))
                    || !p.isr().equals(List.of(node))) {
                return d.name() + "'s partition " + i + " is " + p + "; ";
            }
        }
        if (d.isInternal()) return d.name() + " is internal; ";
        return d.topicId() == null || d.topicId().equals(org.apache.kafka.common.Uuid.ZERO_UUID)
            ? d.name() + " has no topic id; " : "";
    }

    static void expectConfig(Config c, String name, String value, ConfigEntry.ConfigSource source) {
        ConfigEntry e = c.get(name);
        expect(e != null, () -> "no config " + name + " described");
        expect(value.equals(e.value()) && e.source() == source,
            () -> "config " + name + " is " + e.value() + " (" + e.source() + "), not " + value + " (" + source + ")");
    }

    static Set<String> ours(Set<String> topics) {
        return topics.stream().filter(t -> t.startsWith("java-admin-") && t.endsWith("-" + run))
            .collect(Collectors.toCollection(java.util.TreeSet::new));
    }

    static Set<AclBinding> oursAcls(Collection<AclBinding> acls) {
        return acls.stream().filter(b -> b.pattern().name().endsWith("-" + run)).collect(Collectors.toSet());
    }

    // ------------------------------------------------------------------------------------ idempotent

    /** A record as sent and as it must be read back. */
    record Rec(int partition, long offset, String key, String value, String header, long timestamp) {
        @Override
        public String toString() {
            return "p" + partition + "@" + offset + " " + key + "=" + value;
        }
    }

    static String idempotent() throws Exception {
        String topic = "java-idempotent-" + run;
        long base = System.currentTimeMillis() - 60_000;
        Map<Integer, List<Rec>> want = new TreeMap<>(Map.of(0, new ArrayList<>(), 1, new ArrayList<>()));
        try (Admin admin = admin("idempotent-admin")) {
            createTopic(admin, topic, 2);
        }
        int n = 0;
        for (String codec : CODECS) {
            Properties p = props("idempotent-" + codec);
            p.put("enable.idempotence", "true");
            p.put("acks", "all");
            p.put("compression.type", codec);
            p.put("linger.ms", "20");
            List<Future<RecordMetadata>> sent = new ArrayList<>();
            List<Rec> sentRecs = new ArrayList<>();
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
                for (int i = 0; i < 40; i++, n++) {
                    int partition = i % 2;
                    Rec r = new Rec(partition, want.get(partition).size(), codec + "-" + i,
                        codec + "-value-" + i + "-" + "x".repeat(i * 7), codec, base + n);
                    ProducerRecord<String, String> pr = new ProducerRecord<>(topic, partition, r.timestamp(), r.key(), r.value());
                    pr.headers().add("codec", codec.getBytes());
                    sent.add(producer.send(pr));
                    sentRecs.add(r);
                    want.get(partition).add(r);
                }
                producer.flush();
            }
            for (int i = 0; i < sent.size(); i++) {
                RecordMetadata m = sent.get(i).get(WAIT.toSeconds(), TimeUnit.SECONDS);
                Rec r = sentRecs.get(i);
                expectEqual(codec + " record " + i + "'s partition and offset", r.partition() + "@" + r.offset(),
                    m.partition() + "@" + m.offset());
                expectEqual(codec + " record " + i + "'s timestamp", r.timestamp(), m.timestamp());
            }
        }
        Map<Integer, List<Rec>> got = readAll(topic, 2, "read_uncommitted", Map.of(0, 100L, 1, 100L));
        expectRecords("the assigned consumer", want, got);
        return n + " records, " + CODECS.length + " codecs, read back exactly";
    }

    /**
     * What an assigned consumer reads of partitions 0..n-1 of `topic` from the beginning until its
     * position reaches `end` on each, which must also be the partition's end offset.
     */
    static Map<Integer, List<Rec>> readAll(String topic, int partitions, String isolation, Map<Integer, Long> end)
            throws Exception {
        Properties p = props("reader-" + isolation);
        p.put("isolation.level", isolation);
        p.put("enable.auto.commit", "false");
        Map<Integer, List<Rec>> got = new TreeMap<>();
        List<TopicPartition> tps = new ArrayList<>();
        for (int i = 0; i < partitions; i++) {
            tps.add(new TopicPartition(topic, i));
            got.put(i, new ArrayList<>());
        }
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(p)) {
            consumer.assign(tps);
            consumer.seekToBeginning(tps);
            await(isolation + " consumer to reach " + end, () -> {
                for (ConsumerRecord<String, String> r : consumer.poll(POLL)) got.get(r.partition()).add(rec(r));
                Map<Integer, Long> at = new TreeMap<>();
                for (TopicPartition tp : tps) at.put(tp.partition(), consumer.position(tp));
                return at.equals(end) ? null : "at " + at + " having read " + counts(got);
            });
            // A little longer, so that a record it must not read would show.
            for (int i = 0; i < 3; i++) {
                for (ConsumerRecord<String, String> r : consumer.poll(POLL)) got.get(r.partition()).add(rec(r));
            }
            Map<Integer, Long> ends = new TreeMap<>();
            consumer.endOffsets(tps, WAIT).forEach((tp, o) -> ends.put(tp.partition(), o));
            expectEqual(isolation + " end offsets", end, ends);
        }
        return got;
    }

    static Rec rec(ConsumerRecord<String, String> r) {
        Header h = r.headers().lastHeader("codec");
        expect(r.timestampType() == TimestampType.CREATE_TIME,
            () -> "record p" + r.partition() + "@" + r.offset() + " has timestamp type " + r.timestampType());
        return new Rec(r.partition(), r.offset(), r.key(), r.value(), h == null ? null : new String(h.value()), r.timestamp());
    }

    static Map<Integer, Integer> counts(Map<Integer, List<Rec>> m) {
        Map<Integer, Integer> c = new TreeMap<>();
        m.forEach((k, v) -> c.put(k, v.size()));
        return c;
    }

    /** The records read are exactly those wanted, in order per partition: names the first difference. */
    static void expectRecords(String who, Map<Integer, List<Rec>> want, Map<Integer, List<Rec>> got) {
        for (var e : want.entrySet()) {
            List<Rec> w = e.getValue();
            List<Rec> g = got.getOrDefault(e.getKey(), List.of());
            for (int i = 0; i < Math.max(w.size(), g.size()); i++) {
                Rec wi = i < w.size() ? w.get(i) : null;
                Rec gi = i < g.size() ? g.get(i) : null;
                if (!Objects.equals(wi, gi)) {
                    String what = wi == null ? "an extra record " + gi
                        : gi == null ? "nothing where " + wi + " was expected (missing)"
                        : gi + " (header " + gi.header() + ", timestamp " + gi.timestamp() + ") where " + wi
                            + " (header " + wi.header() + ", timestamp " + wi.timestamp() + ") was expected";
                    throw new Mismatch(who + " read, as record " + i + " of partition " + e.getKey() + ", " + what
                        + "; " + g.size() + " read, " + w.size() + " expected");
                }
            }
        }
        Set<Integer> extra = new HashSet<>(got.keySet());
        extra.removeAll(want.keySet());
        extra.removeIf(k -> got.get(k).isEmpty());
        expect(extra.isEmpty(), () -> who + " read records of partitions " + extra + " it should not have");
    }

    // ------------------------------------------------------------------------------------ transactional

    static String transactional() throws Exception {
        String topic = "java-txn-" + run;
        String group = "java-txn-group-" + run;
        String txnId = "java-txn-" + run;
        TopicPartition tp0 = new TopicPartition(topic, 0);
        TopicPartition tp1 = new TopicPartition(topic, 1);
        try (Admin admin = admin("txn-admin")) {
            createTopic(admin, topic, 2);
            Map<Integer, List<Rec>> committed = new TreeMap<>(Map.of(0, new ArrayList<>(), 1, new ArrayList<>()));
            Map<Integer, List<Rec>> all = new TreeMap<>(Map.of(0, new ArrayList<>(), 1, new ArrayList<>()));
            long[] next = {0, 0};
            // The offsets go to the group of a consumer that has joined it (a KIP-848 member), as
            // in a consume-transform-produce loop: TxnOffsetCommit carries its member id and epoch.
            Properties mp = props("txn-member");
            mp.put("group.id", group);
            mp.put("group.protocol", "consumer");
            mp.put("enable.auto.commit", "false");
            mp.put("isolation.level", "read_committed");
            Properties p = props("txn-producer");
            p.put("transactional.id", txnId);
            try (KafkaConsumer<String, String> member = new KafkaConsumer<>(mp);
                 KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
                member.subscribe(List.of(topic));
                await("the group's member to hold both partitions", () -> {
                    member.poll(POLL);
                    return member.assignment().equals(Set.of(tp0, tp1)) ? null : "holds " + member.assignment();
                });
                ConsumerGroupMetadata metadata = member.groupMetadata();
                expect(metadata.generationId() > 0 && !metadata.memberId().isEmpty(),
                    () -> "the member's group metadata is " + metadata);
                producer.initTransactions();
                String[] labels = {"commit-1", "abort", "commit-2"};
                long[][] offsets = {{11, 12}, {99, 98}, {21, 22}};
                for (int t = 0; t < labels.length; t++) {
                    boolean commit = !labels[t].equals("abort");
                    producer.beginTransaction();
                    for (int i = 0; i < 10; i++) {
                        int partition = i % 2;
                        ProducerRecord<String, String> pr = new ProducerRecord<>(topic, partition, labels[t] + "-" + i, "v-" + i);
                        Rec r = new Rec(partition, next[partition]++, pr.key(), pr.value(), null, 0);
                        producer.send(pr);
                        all.get(partition).add(r);
                        if (commit) committed.get(partition).add(r);
                    }
                    producer.sendOffsetsToTransaction(Map.of(
                            tp0, new OffsetAndMetadata(offsets[t][0], labels[t]),
                            tp1, new OffsetAndMetadata(offsets[t][1], labels[t])),
                        metadata);
                    if (commit) {
                        producer.commitTransaction();
                    } else {
                        // Sent first, so that the aborted records are in the log, and marked.
                        producer.flush();
                        producer.abortTransaction();
                    }
                    next[0]++; // the transaction's marker, one per partition
                    next[1]++;
                }
            }
            // Five records of each transaction and its marker on each partition.
            Map<Integer, Long> end = Map.of(0, next[0], 1, next[1]);
            expectEqual("the log end after three transactions", Map.of(0, 18L, 1, 18L), end);
            expectRecords("the read_committed consumer", withoutTimestamps(committed),
                withoutTimestamps(readAll(topic, 2, "read_committed", end)));
            expectRecords("the read_uncommitted consumer", withoutTimestamps(all),
                withoutTimestamps(readAll(topic, 2, "read_uncommitted", end)));
            Map<TopicPartition, OffsetAndMetadata> want = Map.of(
                tp0, new OffsetAndMetadata(21, "commit-2"), tp1, new OffsetAndMetadata(22, "commit-2"));
            await(group + "'s offsets to be the last committed transaction's " + offsetsOf(want), () -> {
                Map<TopicPartition, OffsetAndMetadata> got =
                    get(admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata());
                return offsetsOf(got).equals(offsetsOf(want)) ? null : "listed " + offsetsOf(got);
            });
            // The transaction as the admin API describes and lists it: complete, holding nothing.
            await(txnId + " described as CompleteCommit", () -> {
                TransactionDescription d = get(admin.describeTransactions(List.of(txnId)).description(txnId));
                return d.state() == TransactionState.COMPLETE_COMMIT && d.topicPartitions().isEmpty()
                    && d.transactionTimeoutMs() == 60_000 ? null : d.toString();
            });
            long producerId = get(admin.describeTransactions(List.of(txnId)).description(txnId)).producerId();
            List<TransactionListing> listed = get(admin.listTransactions().all()).stream()
                .filter(l -> l.transactionalId().equals(txnId)).toList();
            expectEqual("listTransactions' listing of " + txnId,
                List.of(new TransactionListing(txnId, producerId, TransactionState.COMPLETE_COMMIT)), listed);
        }
        return "20 committed of 30 read_committed, 30 read_uncommitted, group offsets 21 and 22, CompleteCommit";
    }

    static Map<Integer, List<Rec>> withoutTimestamps(Map<Integer, List<Rec>> m) {
        Map<Integer, List<Rec>> out = new TreeMap<>();
        m.forEach((k, v) -> out.put(k, v.stream()
            .map(r -> new Rec(r.partition(), r.offset(), r.key(), r.value(), r.header(), 0)).toList()));
        return out;
    }

    /** partition -> "offset/metadata", for comparing offsets without their leader epoch. */
    static Map<String, String> offsetsOf(Map<TopicPartition, OffsetAndMetadata> m) {
        Map<String, String> out = new TreeMap<>();
        m.forEach((tp, o) -> out.put(tp.toString(), o == null ? "null" : o.offset() + "/" + o.metadata()));
        return out;
    }

    // ------------------------------------------------------------------------------------ groups

    static String group(String protocol) throws Exception {
        String topic = "java-" + protocol + "-" + run;
        String group = "java-" + protocol + "-group-" + run;
        int partitions = 4;
        int perPartition = 10;
        List<Set<Integer>> held = new ArrayList<>();
        try (Admin admin = admin(protocol + "-admin")) {
            createTopic(admin, topic, partitions);
            List<KafkaConsumer<String, String>> members = new ArrayList<>();
            try {
                for (int m = 0; m < 2; m++) {
                    Properties p = props(protocol + "-member-" + m);
                    p.put("group.id", group);
                    p.put("group.protocol", protocol);
                    p.put("auto.offset.reset", "earliest");
                    p.put("enable.auto.commit", "false");
                    KafkaConsumer<String, String> c = new KafkaConsumer<>(p);
                    members.add(c);
                    c.subscribe(List.of(topic));
                }
                // Both members hold two partitions each before anything is produced, so that each
                // record is read by the member that holds its partition.
                List<Map<Integer, List<Rec>>> got = List.of(new TreeMap<>(), new TreeMap<>());
                String[] last = {""};
                await("two members holding two partitions each", () -> {
                    List<Set<Integer>> now = new ArrayList<>();
                    for (int m = 0; m < 2; m++) {
                        for (ConsumerRecord<String, String> r : members.get(m).poll(POLL)) {
                            throw new Mismatch("member " + m + " read " + rec(r) + " before anything was produced");
                        }
                        now.add(members.get(m).assignment().stream().map(TopicPartition::partition)
                            .collect(Collectors.toCollection(java.util.TreeSet::new)));
                    }
                    if (!now.toString().equals(last[0])) trace(protocol, "members hold " + (last[0] = now.toString()));
                    Set<Integer> union = new HashSet<>(now.get(0));
                    union.addAll(now.get(1));
                    return now.get(0).size() == 2 && now.get(1).size() == 2 && union.size() == 4 ? null : "held " + now;
                });
                for (KafkaConsumer<String, String> c : members) {
                    held.add(c.assignment().stream().map(TopicPartition::partition)
                        .collect(Collectors.toCollection(java.util.TreeSet::new)));
                }
                Map<Integer, List<Rec>> want = new TreeMap<>();
                Properties pp = props(protocol + "-producer");
                pp.put("acks", "all");
                try (KafkaProducer<String, String> producer = new KafkaProducer<>(pp)) {
                    List<Future<RecordMetadata>> sent = new ArrayList<>();
                    for (int i = 0; i < partitions * perPartition; i++) {
                        int partition = i % partitions;
                        List<Rec> w = want.computeIfAbsent(partition, k -> new ArrayList<>());
                        Rec r = new Rec(partition, w.size(), "k-" + i, protocol + "-" + i, null, 0);
                        w.add(r);
                        sent.add(producer.send(new ProducerRecord<>(topic, partition, r.key(), r.value())));
                    }
                    producer.flush();
                    for (Future<RecordMetadata> f : sent) f.get(WAIT.toSeconds(), TimeUnit.SECONDS);
                }
                Map<Integer, Long> end = new TreeMap<>();
                want.forEach((k, v) -> end.put(k, (long) v.size()));
                await("the members to read every record", () -> {
                    int read = 0;
                    for (int m = 0; m < 2; m++) {
                        for (ConsumerRecord<String, String> r : members.get(m).poll(POLL)) {
                            got.get(m).computeIfAbsent(r.partition(), k -> new ArrayList<>()).add(rec(r));
                        }
                        read += got.get(m).values().stream().mapToInt(List::size).sum();
                    }
                    return read >= partitions * perPartition ? null : "read " + read + ": " + counts(got.get(0)) + " and " + counts(got.get(1));
                });
                for (int i = 0; i < 3; i++) {
                    for (int m = 0; m < 2; m++) {
                        for (ConsumerRecord<String, String> r : members.get(m).poll(POLL)) {
                            got.get(m).computeIfAbsent(r.partition(), k -> new ArrayList<>()).add(rec(r));
                        }
                    }
                }
                for (int m = 0; m < 2; m++) {
                    Map<Integer, List<Rec>> mine = new TreeMap<>();
                    for (int partition : held.get(m)) mine.put(partition, withoutTimestamps(want).get(partition));
                    expectRecords("member " + m + " (holding " + held.get(m) + ")", mine, withoutTimestamps(got.get(m)));
                    expectEqual("member " + m + "'s assignment after reading", held.get(m),
                        members.get(m).assignment().stream().map(TopicPartition::partition).collect(Collectors.toSet()));
                    members.get(m).commitSync(WAIT);
                }
                Map<String, String> wantOffsets = new TreeMap<>();
                end.forEach((partition, o) -> wantOffsets.put(topic + "-" + partition, o + "/"));
                expectEqual(group + "'s committed offsets", wantOffsets,
                    offsetsOf(get(admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata())));
                ConsumerGroupDescription d = get(admin.describeConsumerGroups(List.of(group)).describedGroups().get(group));
                expectEqual(group + "'s type", protocol.equals("classic") ? GroupType.CLASSIC : GroupType.CONSUMER, d.type());
                expectEqual(group + "'s state", GroupState.STABLE, d.groupState());
                // Kafka's default assignors: a classic consumer's first (Java's
                // partition.assignment.strategy, range), the broker's first for KIP-848
                // (group.consumer.assignors, uniform).
                expectEqual(group + "'s assignor", protocol.equals("classic") ? "range" : "uniform", d.partitionAssignor());
                Map<String, Set<Integer>> described = new TreeMap<>();
                for (MemberDescription m : d.members()) {
                    described.put(m.clientId(), m.assignment().topicPartitions().stream().map(TopicPartition::partition)
                        .collect(Collectors.toCollection(java.util.TreeSet::new)));
                }
                Map<String, Set<Integer>> expected = new TreeMap<>();
                for (int m = 0; m < 2; m++) expected.put("java-" + protocol + "-member-" + m + "-" + run, held.get(m));
                expectEqual(group + "'s members (client id: assignment) as described", expected, described);
            } finally {
                for (KafkaConsumer<String, String> c : members) c.close(CloseOptions.timeout(WAIT));
            }
            await(group + " to be empty once both members left", () -> {
                ConsumerGroupDescription d = get(admin.describeConsumerGroups(List.of(group)).describedGroups().get(group));
                return d.groupState() == GroupState.EMPTY && d.members().isEmpty()
                    ? null : d.groupState() + " with " + d.members().size() + " members";
            });
        }
        return "2 members holding " + held.get(0) + " and " + held.get(1) + ", " + partitions * perPartition
            + " records read once, committed, left";
    }
}
