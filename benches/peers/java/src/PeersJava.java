// The Java contender of scripts/bench-peers.sh: Apache Kafka's own generated message classes
// (kafka-clients), the codec every Java client and the broker use.
//
// It builds the workloads of benches/common/mod.rs itself, then answers the driver's commands on
// stdin, one line each (benches/peers/README.md):
//
//   hello                                      -> hello java <facts>
//   check                                      -> check <workload> <contender> <op> <len> <sha256> <allocs/op> <bytes/op> ... end
//   calibrate <workload> <contender> <op> <ns> -> <iterations that take about ns>
//   warmup <ms>                                -> ok (every contender in turn, for that long)
//   bench <workload> <contender> <op> <n>      -> <wall ns for n operations>
//   quit
//
// Contenders: "kafka-java" encode (addSize with a fresh ObjectSerializationCache, then write into a
// cleared, reused heap ByteBuffer: what Kafka's SendBuilder does) and decode (the generated
// Readable constructor over a duplicate of the body), and "memcpy/java" (System.arraycopy of the
// same byte count). Allocation counts are not available in Java (-1); bytes per operation come
// from the thread's allocation counter.
//
// "kafka-java" json-write (the generated <Name>JsonConverter.write, then Jackson's compact printer,
// as Kafka's request log prints) and json-read (Jackson's tree of the text, then the converter's
// read), on the workloads that have them.
//
// A plain harness, not JMH: JMH owns its loop and the schedule of its iterations (and forks a JVM
// per trial), so it cannot time one batch when the driver asks and then wait while the Rust and
// Go processes time theirs. What JMH would take care of is done here by hand: results feed a sink
// field that is read at the end of each batch (nothing is dead code), every contender runs through
// its own lambda (monomorphic loops), and `warmup` runs them all, interleaved as they are timed,
// for long enough that C2 has compiled the loops before the first timed round (the driver also
// throws away its first rounds).
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.message.CreateTopicsRequestDataJsonConverter;
import org.apache.kafka.common.message.FetchResponseData;
import org.apache.kafka.common.message.FetchResponseDataJsonConverter;
import org.apache.kafka.common.message.MetadataResponseData;
import org.apache.kafka.common.message.MetadataResponseDataJsonConverter;
import org.apache.kafka.common.message.ProduceRequestData;
import org.apache.kafka.common.message.ProduceRequestDataJsonConverter;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.message.CreateAclsRequestData;
import org.apache.kafka.common.message.CreateTopicsRequestData;
import org.apache.kafka.common.message.CreateTopicsResponseData;
import org.apache.kafka.common.protocol.ApiMessage;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.MessageSizeAccumulator;
import org.apache.kafka.common.protocol.ObjectSerializationCache;
import org.apache.kafka.common.protocol.Readable;
import org.apache.kafka.common.utils.internals.AppInfoParser;

public final class PeersJava {
    static long sink;
    static Object keep;

    static final int TOPICS = 1000;
    static final int PARTITIONS = 12;
    static final String[][] REQUEST_CONFIGS = {
        {"cleanup.policy", "compact"}, {"retention.ms", "604800000"}, {"min.insync.replicas", "2"},
    };
    static final String[][] RESPONSE_CONFIGS = {
        {"cleanup.policy", "compact"}, {"retention.ms", "604800000"}, {"min.insync.replicas", "2"},
        {"segment.bytes", "1073741824"}, {"max.message.bytes", "1048588"},
    };

    static String topicName(int i) {
        return String.format("topic-%05d", i);
    }

    /** The seed's smallest CreateTopicsRequest (30 bytes at v7). */
    static CreateTopicsRequestData small() {
        CreateTopicsRequestData.CreatableReplicaAssignmentCollection assignments =
            new CreateTopicsRequestData.CreatableReplicaAssignmentCollection();
        assignments.add(new CreateTopicsRequestData.CreatableReplicaAssignment()
            .setPartitionIndex(0).setBrokerIds(new ArrayList<>(List.of(0))));
        CreateTopicsRequestData.CreatableTopicConfigCollection configs =
            new CreateTopicsRequestData.CreatableTopicConfigCollection();
        configs.add(new CreateTopicsRequestData.CreatableTopicConfig().setName("").setValue(""));
        CreateTopicsRequestData.CreatableTopicCollection topics = new CreateTopicsRequestData.CreatableTopicCollection();
        topics.add(new CreateTopicsRequestData.CreatableTopic().setName("").setNumPartitions(0)
            .setReplicationFactor((short) 0).setAssignments(assignments).setConfigs(configs));
        return new CreateTopicsRequestData().setTopics(topics).setTimeoutMs(0).setValidateOnly(false);
    }

    /** 1000 topics, 12 partitions, RF 3, explicit assignments, 3 configs. */
    static CreateTopicsRequestData large() {
        CreateTopicsRequestData.CreatableTopicCollection topics = new CreateTopicsRequestData.CreatableTopicCollection();
        for (int i = 0; i < TOPICS; i++) {
            CreateTopicsRequestData.CreatableReplicaAssignmentCollection assignments =
                new CreateTopicsRequestData.CreatableReplicaAssignmentCollection();
            for (int p = 0; p < PARTITIONS; p++) {
                List<Integer> ids = new ArrayList<>();
                for (int r = 0; r < 3; r++) ids.add((p + r) % 6);
                assignments.add(new CreateTopicsRequestData.CreatableReplicaAssignment()
                    .setPartitionIndex(p).setBrokerIds(ids));
            }
            CreateTopicsRequestData.CreatableTopicConfigCollection configs =
                new CreateTopicsRequestData.CreatableTopicConfigCollection();
            for (String[] kv : REQUEST_CONFIGS) {
                configs.add(new CreateTopicsRequestData.CreatableTopicConfig().setName(kv[0]).setValue(kv[1]));
            }
            topics.add(new CreateTopicsRequestData.CreatableTopic().setName(topicName(i))
                .setNumPartitions(PARTITIONS).setReplicationFactor((short) 3)
                .setAssignments(assignments).setConfigs(configs));
        }
        return new CreateTopicsRequestData().setTopics(topics).setTimeoutMs(30000).setValidateOnly(false);
    }

    /** 1000 ACL creations. */
    static CreateAclsRequestData acls() {
        List<CreateAclsRequestData.AclCreation> creations = new ArrayList<>();
        for (int i = 0; i < TOPICS; i++) {
            creations.add(new CreateAclsRequestData.AclCreation().setResourceType((byte) 2)
                .setResourceName(topicName(i)).setResourcePatternType((byte) 3).setPrincipal("User:alice")
                .setHost("*").setOperation((byte) 2).setPermissionType((byte) 3));
        }
        return new CreateAclsRequestData().setCreations(creations);
    }

    /** splitmix64: the seeded topic ids of benches/common/mod.rs (big-endian halves). */
    static long splitmixState;

    static long splitmix() {
        splitmixState += 0x9e3779b97f4a7c15L;
        long z = splitmixState;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** 1000 results: name, id, error 0, null message, 12 partitions, RF 3, 5 configs. */
    static CreateTopicsResponseData response() {
        splitmixState = 0x5eed000000000005L;
        CreateTopicsResponseData.CreatableTopicResultCollection results =
            new CreateTopicsResponseData.CreatableTopicResultCollection();
        for (int i = 0; i < TOPICS; i++) {
            long msb = splitmix();
            long lsb = splitmix();
            List<CreateTopicsResponseData.CreatableTopicConfigs> configs = new ArrayList<>();
            for (String[] kv : RESPONSE_CONFIGS) {
                configs.add(new CreateTopicsResponseData.CreatableTopicConfigs().setName(kv[0]).setValue(kv[1])
                    .setReadOnly(false).setConfigSource((byte) 5).setIsSensitive(false));
            }
            results.add(new CreateTopicsResponseData.CreatableTopicResult().setName(topicName(i))
                .setTopicId(new Uuid(msb, lsb)).setErrorCode((short) 0).setErrorMessage(null)
                .setTopicConfigErrorCode((short) 0).setNumPartitions(PARTITIONS)
                .setReplicationFactor((short) 3).setConfigs(configs));
        }
        return new CreateTopicsResponseData().setThrottleTimeMs(0).setTopics(results);
    }

    /** Topic ids from splitmix64 seeded with {@code seed}, as benches/common/mod.rs draws them. */
    static Uuid[] seededIds(long seed, int n) {
        splitmixState = seed;
        Uuid[] ids = new Uuid[n];
        for (int i = 0; i < n; i++) {
            long msb = splitmix();
            long lsb = splitmix();
            ids[i] = new Uuid(msb, lsb);
        }
        return ids;
    }

    /** benches/common/mod.rs metadata_ours: 3 brokers, 10 topics of 100 partitions. */
    static MetadataResponseData metadata() {
        MetadataResponseData.MetadataResponseBrokerCollection brokers = new MetadataResponseData.MetadataResponseBrokerCollection();
        for (int b = 0; b < 3; b++) {
            brokers.add(new MetadataResponseData.MetadataResponseBroker().setNodeId(b).setHost("broker-" + b).setPort(9092).setRack(null));
        }
        Uuid[] ids = seededIds(0x5eed000000000006L, 10);
        MetadataResponseData.MetadataResponseTopicCollection topics = new MetadataResponseData.MetadataResponseTopicCollection();
        for (int t = 0; t < 10; t++) {
            List<MetadataResponseData.MetadataResponsePartition> partitions = new ArrayList<>();
            for (int p = 0; p < 100; p++) {
                List<Integer> replicas = List.of(p % 3, (p + 1) % 3, (p + 2) % 3);
                partitions.add(new MetadataResponseData.MetadataResponsePartition().setErrorCode((short) 0).setPartitionIndex(p)
                    .setLeaderId(p % 3).setLeaderEpoch(0).setReplicaNodes(new ArrayList<>(replicas))
                    .setIsrNodes(new ArrayList<>(replicas)).setOfflineReplicas(new ArrayList<>()));
            }
            topics.add(new MetadataResponseData.MetadataResponseTopic().setErrorCode((short) 0).setName(topicName(t))
                .setTopicId(ids[t]).setIsInternal(false).setPartitions(partitions)
                .setTopicAuthorizedOperations(Integer.MIN_VALUE));
        }
        return new MetadataResponseData().setThrottleTimeMs(0).setBrokers(brokers).setClusterId("kafka-wire-cluster")
            .setControllerId(0).setTopics(topics);
    }

    /** benches/common/mod.rs fetch_records: 4 KiB of opaque bytes. */
    static byte[] fetchRecords() {
        byte[] b = new byte[4096];
        for (int i = 0; i < b.length; i++) b[i] = (byte) ((i * 31 + 7) % 251);
        return b;
    }

    /** benches/common/mod.rs fetch_ours: 10 topics of 10 partitions, 4 KiB of records each. */
    static FetchResponseData fetch() {
        Uuid[] ids = seededIds(0x5eed000000000007L, 10);
        byte[] records = fetchRecords();
        List<FetchResponseData.FetchableTopicResponse> responses = new ArrayList<>();
        for (int t = 0; t < 10; t++) {
            List<FetchResponseData.PartitionData> partitions = new ArrayList<>();
            for (int p = 0; p < 10; p++) {
                partitions.add(new FetchResponseData.PartitionData().setPartitionIndex(p).setErrorCode((short) 0)
                    .setHighWatermark(1000).setLastStableOffset(1000).setLogStartOffset(0)
                    .setAbortedTransactions(new ArrayList<>()).setPreferredReadReplica(-1)
                    .setRecords(MemoryRecords.readableRecords(ByteBuffer.wrap(records))));
            }
            responses.add(new FetchResponseData.FetchableTopicResponse().setTopicId(ids[t]).setPartitions(partitions));
        }
        return new FetchResponseData().setThrottleTimeMs(0).setErrorCode((short) 0).setSessionId(0).setResponses(responses);
    }

    /** benches/common/mod.rs produce_ours: 10 topics of 10 partitions, 4 KiB of records each, acks -1. */
    static ProduceRequestData produce() {
        byte[] records = fetchRecords();
        ProduceRequestData.TopicProduceDataCollection topics = new ProduceRequestData.TopicProduceDataCollection();
        for (int t = 0; t < 10; t++) {
            List<ProduceRequestData.PartitionProduceData> partitions = new ArrayList<>();
            for (int p = 0; p < 10; p++) {
                partitions.add(new ProduceRequestData.PartitionProduceData().setIndex(p)
                    .setRecords(MemoryRecords.readableRecords(ByteBuffer.wrap(records))));
            }
            topics.add(new ProduceRequestData.TopicProduceData().setName(topicName(t)).setPartitionData(partitions));
        }
        return new ProduceRequestData().setTransactionalId(null).setAcks((short) -1).setTimeoutMs(30000)
            .setTopicData(topics);
    }

    interface JsonWriter {
        JsonNode write(ApiMessage m, short version);
    }

    interface JsonReader {
        ApiMessage read(JsonNode node, short version);
    }

    static final ObjectMapper MAPPER = new ObjectMapper();

    /** The JSON contenders of a workload: write (converter, then Jackson's text) and read (Jackson's tree, then the converter). */
    static void addJson(List<Contender> cs, String w, short version, ApiMessage inst, JsonWriter writer, JsonReader reader) {
        final byte[] text;
        try {
            text = MAPPER.writeValueAsBytes(writer.write(inst, version));
        } catch (Exception e) {
            throw new AssertionError(w + ": " + e);
        }
        cs.add(new Contender(w, "kafka-java", "json-write", n -> {
            try {
                for (long i = 0; i < n; i++) keep = MAPPER.writeValueAsBytes(writer.write(inst, version));
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }, () -> {
            try {
                return MAPPER.writeValueAsBytes(writer.write(inst, version));
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }));
        cs.add(new Contender(w, "kafka-java", "json-read", n -> {
            try {
                for (long i = 0; i < n; i++) keep = reader.read(MAPPER.readTree(text), version);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }, () -> {
            try {
                return encode(reader.read(MAPPER.readTree(text), version), version);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }));
    }

    interface Runner {
        void run(long n);
    }

    interface Output {
        byte[] get();
    }

    interface Decoder {
        ApiMessage decode(Readable r, short version);
    }

    record Contender(String workload, String name, String op, Runner run, Output output) {}

    static byte[] encode(ApiMessage m, short version) {
        ObjectSerializationCache cache = new ObjectSerializationCache();
        MessageSizeAccumulator size = new MessageSizeAccumulator();
        m.addSize(size, cache, version);
        ByteBuffer b = ByteBuffer.allocate(size.totalSize());
        m.write(new ByteBufferAccessor(b), cache, version);
        if (b.position() != size.totalSize()) throw new AssertionError("addSize is not what write wrote");
        return b.array();
    }

    static void add(List<Contender> cs, String w, short version, ApiMessage inst, Decoder decoder) {
        byte[] bytes = encode(inst, version);
        // A writable heap buffer, like the one NetworkReceive reads a response or request into (a
        // read-only view has no array(), and some of Kafka's readers then take a slower path).
        ByteBuffer body = ByteBuffer.wrap(bytes);
        ByteBuffer out = ByteBuffer.allocate(bytes.length);
        byte[] dst = new byte[bytes.length];
        cs.add(new Contender(w, "kafka-java", "encode", n -> {
            long s = 0;
            for (long i = 0; i < n; i++) {
                ObjectSerializationCache cache = new ObjectSerializationCache();
                MessageSizeAccumulator size = new MessageSizeAccumulator();
                inst.addSize(size, cache, version);
                out.clear();
                inst.write(new ByteBufferAccessor(out), cache, version);
                s += size.totalSize();
            }
            sink += s;
        }, () -> encode(inst, version)));
        cs.add(new Contender(w, "kafka-java", "decode", n -> {
            for (long i = 0; i < n; i++) {
                // Stored where the JIT must assume it is read: the decoded graph escapes.
                keep = decoder.decode(new ByteBufferAccessor(body.duplicate()), version);
            }
        }, () -> {
            ByteBuffer b = body.duplicate();
            ApiMessage m = decoder.decode(new ByteBufferAccessor(b), version);
            if (b.remaining() != 0) throw new AssertionError(w + ": Java decode left bytes");
            if (!m.equals(inst)) throw new AssertionError(w + ": Java decode differs from the instance");
            return encode(m, version);
        }));
        cs.add(new Contender(w, "memcpy/java", "memcpy", n -> {
            for (long i = 0; i < n; i++) {
                System.arraycopy(bytes, 0, dst, 0, bytes.length);
                sink += dst[bytes.length - 1];
            }
        }, () -> {
            System.arraycopy(bytes, 0, dst, 0, bytes.length);
            return dst.clone();
        }));
    }

    static List<Contender> contenders() {
        List<Contender> cs = new ArrayList<>();
        Decoder req = CreateTopicsRequestData::new;
        add(cs, "small_v7", (short) 7, small(), req);
        add(cs, "large_v7", (short) 7, large(), req);
        add(cs, "large_v4", (short) 4, large(), req);
        add(cs, "acls_v3", (short) 3, acls(), CreateAclsRequestData::new);
        add(cs, "response_v7", (short) 7, response(), CreateTopicsResponseData::new);
        addJson(cs, "large_v7", (short) 7, large(),
            (m, v) -> CreateTopicsRequestDataJsonConverter.write((CreateTopicsRequestData) m, v),
            CreateTopicsRequestDataJsonConverter::read);
        add(cs, "metadata_v12", (short) 12, metadata(), MetadataResponseData::new);
        addJson(cs, "metadata_v12", (short) 12, metadata(),
            (m, v) -> MetadataResponseDataJsonConverter.write((MetadataResponseData) m, v),
            MetadataResponseDataJsonConverter::read);
        add(cs, "fetch_v16", (short) 16, fetch(), FetchResponseData::new);
        addJson(cs, "fetch_v16", (short) 16, fetch(),
            (m, v) -> FetchResponseDataJsonConverter.write((FetchResponseData) m, v),
            FetchResponseDataJsonConverter::read);
        add(cs, "produce_v9", (short) 9, produce(), ProduceRequestData::new);
        addJson(cs, "produce_v9", (short) 9, produce(),
            (m, v) -> ProduceRequestDataJsonConverter.write((ProduceRequestData) m, v),
            ProduceRequestDataJsonConverter::read);
        return cs;
    }

    static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /**
     * Wall-clock ns for n operations. (The driver measures the process's CPU time around the
     * command, GC and compiler threads included, from /proc.)
     */
    static long time(Contender c, long n) {
        long t0 = System.nanoTime();
        c.run().run(n);
        return System.nanoTime() - t0;
    }

    /** Iterations that take about target ns (doubling from 1; at most 2^24 and 2 s of trying). */
    static long calibrate(Contender c, long target) {
        long began = System.nanoTime();
        long n = 1;
        while (true) {
            long wall = time(c, n);
            if (wall >= target / 4 || n >= (1L << 24) || System.nanoTime() - began > 2_000_000_000L) {
                double per = Math.max(1.0, (double) wall / n);
                return Math.max(1, (long) (target / per));
            }
            n *= 2;
        }
    }

    static String hex(byte[] b) {
        StringBuilder s = new StringBuilder();
        for (byte x : b) s.append(String.format("%02x", x));
        return s.toString();
    }

    public static void main(String[] args) throws Exception {
        List<Contender> cs = contenders();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        String line;
        while ((line = in.readLine()) != null) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 0 || f[0].isEmpty()) continue;
            switch (f[0]) {
                case "hello" -> out.println("hello java kafka-clients=" + AppInfoParser.getVersion()
                    + " java=" + System.getProperty("java.vm.version")
                    + " gc=" + ManagementFactory.getGarbageCollectorMXBeans().get(0).getName().replace(' ', '_')
                    + " max_heap_mb=" + Runtime.getRuntime().maxMemory() / (1 << 20));
                case "check" -> {
                    MessageDigest sha = MessageDigest.getInstance("SHA-256");
                    for (Contender c : cs) {
                        byte[] b = c.output().get();
                        String h = hex(sha.digest(b));
                        c.run().run(1);
                        final int reps = 4;
                        long a0 = THREADS.getCurrentThreadAllocatedBytes();
                        c.run().run(reps);
                        long bytes = (THREADS.getCurrentThreadAllocatedBytes() - a0) / reps;
                        out.println("check " + c.workload() + " " + c.name() + " " + c.op() + " " + b.length + " "
                            + h + " -1 " + bytes);
                    }
                    out.println("end");
                }
                case "calibrate" -> out.println(calibrate(find(cs, f[1], f[2], f[3]), Long.parseLong(f[4])));
                case "warmup" -> {
                    long deadline = System.nanoTime() + Long.parseLong(f[1]) * 1_000_000L;
                    while (System.nanoTime() < deadline) {
                        for (Contender c : cs) c.run().run(1);
                    }
                    out.println("ok");
                }
                case "bench" -> {
                    out.println(time(find(cs, f[1], f[2], f[3]), Long.parseLong(f[4])));
                }
                case "quit" -> {
                    out.flush();
                    return;
                }
                default -> out.println("error unknown command " + f[0]);
            }
            out.flush();
        }
    }

    static Contender find(List<Contender> cs, String w, String name, String op) {
        for (Contender c : cs) {
            if (c.workload().equals(w) && c.name().equals(name) && c.op().equals(op)) return c;
        }
        throw new IllegalArgumentException("peers-java: no contender " + w + " " + name + " " + op);
    }
}
