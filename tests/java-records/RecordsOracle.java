// Apache Kafka's own record classes (kafka-clients) as the oracle for
// kafka-wire's records codec. Run through scripts/java-records.sh.
//
//   write <batches.bin> <expected.tsv>
//       Writes record batches with MemoryRecordsBuilder (every compression,
//       headers with null values, null keys and values, both timestamp types,
//       idempotent, transactional and control batches, a delete horizon,
//       offset gaps, large and many records, and two legacy message sets) into
//       one record set, and what they hold, as Java reads it back, into the TSV.
//
//   bench <results.tsv>
//       Times MemoryRecordsBuilder (encode) and MemoryRecords with ensureValid
//       (decode) on the workloads of benches/records.rs, every codec; writes
//       "workload codec op nanoseconds" lines.
//
//   read <batches.bin> <dump.tsv> <rewritten.bin>
//       Reads batches another writer produced: checks each CRC (ensureValid),
//       dumps what they hold into the TSV, and writes each again with
//       MemoryRecordsBuilder from the same header fields and records (all but
//       log-append-time batches, whose record timestamps Java does not expose).
//
// TSV lines (tab-separated; bytes in lowercase hex, '-' for null):
//   B name baseOffset magic compression timestampType transactional control
//     producerId producerEpoch baseSequence partitionLeaderEpoch lastOffsetDelta
//     baseTimestamp maxTimestamp recordCount crc sizeInBytes deleteHorizon
//   L name magic sizeInBytes                (a legacy, magic 0 or 1, entry)
//   R offset timestamp key value headerCount [headerKey headerValue]...
//   C controlTypeId coordinatorEpoch        (after a control record; '-' if no marker)

import java.io.*;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;

import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.record.internal.*;
import org.apache.kafka.common.record.internal.Record;
import org.apache.kafka.common.utils.internals.ByteBufferOutputStream;

public class RecordsOracle {
    static final HexFormat HEX = HexFormat.of();

    public static void main(String[] args) throws Exception {
        if (args.length == 3 && args[0].equals("write")) {
            write(Paths.get(args[1]), Paths.get(args[2]));
        } else if (args.length == 2 && args[0].equals("bench")) {
            bench(Paths.get(args[1]));
        } else if (args.length == 4 && args[0].equals("read")) {
            read(Paths.get(args[1]), Paths.get(args[2]), Paths.get(args[3]));
        } else {
            System.err.println("usage: RecordsOracle write <batches.bin> <expected.tsv>");
            System.err.println("       RecordsOracle read <batches.bin> <dump.tsv> <rewritten.bin>");
            System.err.println("       RecordsOracle bench <results.tsv>");
            System.exit(2);
        }
    }

    // ------------------------------------------------------------------ write

    static final List<String> names = new ArrayList<>();
    static final ByteArrayOutputStream all = new ByteArrayOutputStream();

    static void add(String name, MemoryRecords records) {
        int n = 0;
        for (RecordBatch ignored : records.batches()) n++;
        if (n != 1) throw new IllegalStateException(name + ": " + n + " batches");
        names.add(name);
        ByteBuffer b = records.buffer();
        byte[] bytes = new byte[b.remaining()];
        b.duplicate().get(bytes);
        all.write(bytes, 0, bytes.length);
    }

    static Compression codec(String name) {
        return Compression.of(name).build();
    }

    static MemoryRecordsBuilder builder(int magic, Compression c, TimestampType t, long baseOffset,
                                        long logAppendTime, long pid, short epoch, int seq,
                                        boolean txn, boolean control, int leaderEpoch, long deleteHorizon) {
        return new MemoryRecordsBuilder(new ByteBufferOutputStream(1024), (byte) magic, c, t, baseOffset,
                logAppendTime, pid, epoch, seq, txn, control, leaderEpoch, Integer.MAX_VALUE, deleteHorizon);
    }

    static MemoryRecordsBuilder plain(Compression c) {
        return builder(2, c, TimestampType.CREATE_TIME, 0, RecordBatch.NO_TIMESTAMP, -1, (short) -1, -1,
                false, false, -1, RecordBatch.NO_TIMESTAMP);
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static Header h(String k, String v) {
        return new RecordHeader(k, v == null ? null : utf8(v));
    }

    static final Header[] NONE = new Header[0];

    /** A deterministic mix of records: nulls, headers, sizes, timestamps. */
    static void mixed(MemoryRecordsBuilder b, int count, long t0, Random rnd) {
        for (int i = 0; i < count; i++) {
            byte[] key = i % 7 == 3 ? null : utf8("key-" + i);
            byte[] value;
            if (i % 11 == 5) value = null;
            else {
                value = new byte[rnd.nextInt(300)];
                for (int j = 0; j < value.length; j++) value[j] = (byte) ("abcdefghij".charAt((i + j) % 10) + (j % 3));
            }
            Header[] headers = switch (i % 4) {
                case 0 -> NONE;
                case 1 -> new Header[]{h("trace", "t-" + i)};
                case 2 -> new Header[]{h("a", null), h("b", ""), h("c", "x".repeat(i % 50))};
                default -> new Header[]{h("unicode-\u00e9\u4e2d", "v\u00fc")};
            };
            b.append(t0 + i * 13L - (i % 5) * 7L, key, value, headers);
        }
    }

    static byte[] noise(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    static byte[] text(int n) {
        byte[] b = new byte[n];
        String words = "the quick brown fox jumps over the lazy dog; kafka records compress well. ";
        for (int i = 0; i < n; i++) b[i] = (byte) words.charAt((i * 7 + i / 97) % words.length());
        return b;
    }

    static void write(Path bin, Path tsv) throws IOException {
        long t0 = 1_700_000_000_000L;
        String[] codecs = {"none", "gzip", "snappy", "lz4", "zstd"};

        // The hand-checked small batch: three records, nulls and headers; and
        // the same records with each codec (kafka-wire/tests/fixtures).
        for (String c : codecs) {
            MemoryRecordsBuilder small = plain(codec(c));
            small.append(t0, utf8("k"), utf8("v"), new Header[]{h("h", "1"), h("n", null)});
            small.append(t0 + 5, null, utf8("no key"), NONE);
            small.append(t0 - 2, utf8("tombstone"), null, NONE);
            add("small-" + c, small.build());
        }

        for (String c : codecs) {
            MemoryRecordsBuilder b = plain(codec(c));
            mixed(b, 300, t0, new Random(c.hashCode()));
            add("mixed-" + c, b.build());
        }
        for (String c : codecs) {
            // One large record of text and one of noise: several lz4 blocks and
            // xerial chunks, gzip's stored blocks, zstd with a window.
            MemoryRecordsBuilder b = plain(codec(c));
            b.append(t0, utf8("text"), text(700_000), NONE);
            b.append(t0 + 1, utf8("noise"), noise(300_000, 7), new Header[]{h("big", "x".repeat(5000))});
            add("large-" + c, b.build());
        }
        for (String c : new String[]{"none", "lz4", "zstd"}) {
            MemoryRecordsBuilder b = plain(codec(c));
            for (int i = 0; i < 10_000; i++) b.append(t0 + i, null, utf8(Integer.toString(i)), NONE);
            add("many-" + c, b.build());
        }
        for (String c : new String[]{"none", "gzip"}) {
            MemoryRecordsBuilder b = builder(2, codec(c), TimestampType.LOG_APPEND_TIME, 42, t0 + 99_999,
                    -1, (short) -1, -1, false, false, 3, RecordBatch.NO_TIMESTAMP);
            mixed(b, 20, t0, new Random(1));
            add("log-append-time-" + c, b.build());
        }
        for (String c : new String[]{"none", "snappy"}) {
            MemoryRecordsBuilder b = builder(2, codec(c), TimestampType.CREATE_TIME, 1000, RecordBatch.NO_TIMESTAMP,
                    123_456_789L, (short) 5, 77, false, false, 9, RecordBatch.NO_TIMESTAMP);
            mixed(b, 15, t0, new Random(2));
            add("idempotent-" + c, b.build());
        }
        for (String c : new String[]{"none", "zstd"}) {
            MemoryRecordsBuilder b = builder(2, codec(c), TimestampType.CREATE_TIME, 2000, RecordBatch.NO_TIMESTAMP,
                    987_654_321L, (short) 2, 0, true, false, 11, RecordBatch.NO_TIMESTAMP);
            mixed(b, 10, t0, new Random(3));
            add("transactional-" + c, b.build());
        }
        add("control-commit", MemoryRecords.withEndTransactionMarker(2010, t0 + 500, 11, 987_654_321L, (short) 2,
                new EndTransactionMarker(ControlRecordType.COMMIT, 4)));
        add("control-abort", MemoryRecords.withEndTransactionMarker(2011, t0 + 501, 11, 987_654_321L, (short) 2,
                new EndTransactionMarker(ControlRecordType.ABORT, 5)));
        {
            MemoryRecordsBuilder b = builder(2, Compression.NONE, TimestampType.CREATE_TIME, 5000, RecordBatch.NO_TIMESTAMP,
                    -1, (short) -1, -1, false, false, -1, t0 + 86_400_000L);
            mixed(b, 8, t0, new Random(4));
            add("delete-horizon", b.build());
        }
        {
            MemoryRecordsBuilder b = plain(Compression.NONE);
            b.append(RecordBatch.NO_TIMESTAMP, utf8("no"), utf8("time"), NONE);
            b.append(RecordBatch.NO_TIMESTAMP, (byte[]) null, (byte[]) null, NONE);
            add("no-timestamp", b.build());
        }
        {
            MemoryRecordsBuilder b = builder(2, Compression.NONE, TimestampType.CREATE_TIME, 100, RecordBatch.NO_TIMESTAMP,
                    -1, (short) -1, -1, false, false, -1, RecordBatch.NO_TIMESTAMP);
            b.appendWithOffset(100, t0, utf8("a"), utf8("1"));
            b.appendWithOffset(105, t0 + 1, utf8("b"), utf8("2"));
            b.appendWithOffset(200, t0 + 2, utf8("c"), utf8("3"));
            add("offset-gaps", b.build());
        }
        for (int magic : new int[]{0, 1}) {
            MemoryRecordsBuilder b = builder(magic, Compression.NONE, magic == 0 ? TimestampType.NO_TIMESTAMP_TYPE
                    : TimestampType.CREATE_TIME, 7000 + magic, RecordBatch.NO_TIMESTAMP, -1, (short) -1, -1, false, false,
                    -1, RecordBatch.NO_TIMESTAMP);
            b.append(magic == 0 ? RecordBatch.NO_TIMESTAMP : t0, utf8("legacy"), utf8("magic " + magic));
            add("legacy-magic" + magic, b.build());
        }
        // A batch after the legacy ones, to show that reading goes on.
        MemoryRecordsBuilder last = plain(codec("lz4"));
        mixed(last, 5, t0, new Random(5));
        add("after-legacy-lz4", last.build());

        byte[] bytes = all.toByteArray();
        Files.write(bin, bytes);
        dump(MemoryRecords.readableRecords(ByteBuffer.wrap(bytes)), names, tsv);
    }

    // ------------------------------------------------------------------ read

    static void read(Path bin, Path tsv, Path rewritten) throws IOException {
        MemoryRecords records = MemoryRecords.readableRecords(ByteBuffer.wrap(Files.readAllBytes(bin)));
        List<String> labels = new ArrayList<>();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int i = 0;
        for (MutableRecordBatch batch : records.batches()) {
            batch.ensureValid();
            labels.add("#" + i++);
            MemoryRecords again = rewrite(batch);
            if (again == null) continue;
            ByteBuffer b = again.buffer();
            byte[] bytes = new byte[b.remaining()];
            b.duplicate().get(bytes);
            out.write(bytes, 0, bytes.length);
        }
        if (records.validBytes() != records.sizeInBytes()) {
            throw new IllegalStateException((records.sizeInBytes() - records.validBytes()) + " bytes after the last batch");
        }
        dump(records, labels, tsv);
        Files.write(rewritten, out.toByteArray());
    }

    /**
     * The batch written again by MemoryRecordsBuilder from its header fields and
     * records; null for a log-append-time batch, whose records read back with the
     * batch's time, so that their own timestamp deltas are lost.
     */
    static MemoryRecords rewrite(RecordBatch batch) {
        DefaultRecordBatch d = (DefaultRecordBatch) batch;
        if (d.timestampType() == TimestampType.LOG_APPEND_TIME) return null;
        MemoryRecordsBuilder b = builder(2, Compression.of(d.compressionType()).build(), d.timestampType(), d.baseOffset(),
                RecordBatch.NO_TIMESTAMP, d.producerId(), d.producerEpoch(), d.baseSequence(), d.isTransactional(),
                d.isControlBatch(), d.partitionLeaderEpoch(), d.deleteHorizonMs().orElse(RecordBatch.NO_TIMESTAMP));
        for (Record r : d) {
            SimpleRecord s = new SimpleRecord(r.timestamp(), r.key(), r.value(), r.headers());
            if (d.isControlBatch()) b.appendControlRecordWithOffset(r.offset(), s);
            else b.appendWithOffset(r.offset(), s);
        }
        return b.build();
    }

    // ------------------------------------------------------------------ bench

    static final String[] WORDS = {"kafka", "record", "batch", "offset", "topic", "partition", "leader", "epoch",
            "producer", "consumer", "commit", "fetch", "zstd", "lz4", "snappy", "gzip"};

    /** The workload of benches/records.rs: the same LCG, words, keys and headers. */
    static List<SimpleRecord> workload(int count, int valueLen) {
        List<SimpleRecord> out = new ArrayList<>();
        long x = 42;
        for (int i = 0; i < count; i++) {
            ByteArrayOutputStream value = new ByteArrayOutputStream();
            while (value.size() < valueLen) {
                x = x * 6364136223846793005L + 1442695040888963407L;
                byte[] w = utf8(WORDS[(int) (x >>> 60)]);
                value.write(w, 0, w.length);
                value.write(' ');
            }
            byte[] v = Arrays.copyOf(value.toByteArray(), valueLen);
            Header[] headers = {new RecordHeader("trace-id", utf8(String.format("%016x", x)))};
            out.add(new SimpleRecord(1_700_000_000_000L + i, utf8(String.format("key-%06d", i)), v, headers));
        }
        return out;
    }

    static MemoryRecords encode(List<SimpleRecord> records, Compression c, int capacity) {
        MemoryRecordsBuilder b = new MemoryRecordsBuilder(new ByteBufferOutputStream(capacity), (byte) 2, c,
                TimestampType.CREATE_TIME, 0, RecordBatch.NO_TIMESTAMP, -1, (short) -1, -1, false, false, -1,
                Integer.MAX_VALUE, RecordBatch.NO_TIMESTAMP);
        for (SimpleRecord r : records) b.append(r);
        return b.build();
    }

    static long decode(MemoryRecords records) {
        long n = 0;
        for (MutableRecordBatch batch : MemoryRecords.readableRecords(records.buffer().duplicate()).batches()) {
            batch.ensureValid();
            for (Record r : batch) {
                n += (r.hasKey() ? r.keySize() : 0) + (r.hasValue() ? r.valueSize() : 0);
                for (Header h : r.headers()) n += h.key().length() + (h.value() == null ? 0 : h.value().length);
            }
        }
        return n;
    }

    static long sink;

    /** Median nanoseconds per call of `op` over rounds of about 0.3 s, after 1.5 s of warm-up. */
    static double time(Runnable op) {
        long end = System.nanoTime() + 1_500_000_000L;
        long calls = 0;
        while (System.nanoTime() < end) { op.run(); calls++; }
        long per = Math.max(1, calls / 5);
        double[] rounds = new double[7];
        for (int i = 0; i < rounds.length; i++) {
            long t0 = System.nanoTime();
            for (long j = 0; j < per; j++) op.run();
            rounds[i] = (System.nanoTime() - t0) / (double) per;
        }
        Arrays.sort(rounds);
        return rounds[rounds.length / 2];
    }

    static void bench(Path out) throws IOException {
        String[] codecs = {"none", "gzip", "snappy", "lz4", "zstd"};
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(out))) {
            for (Object[] wl : new Object[][]{{"small", 1000, 100}, {"large", 100, 10_000}}) {
                List<SimpleRecord> records = workload((int) wl[1], (int) wl[2]);
                int uncompressed = encode(records, Compression.NONE, 1024).sizeInBytes();
                for (String name : codecs) {
                    Compression c = codec(name);
                    MemoryRecords batch = encode(records, c, uncompressed);
                    double enc = time(() -> sink += encode(records, c, uncompressed).sizeInBytes());
                    double dec = time(() -> sink += decode(batch));
                    w.printf("%s\t%s\tencode\t%.0f%n%s\t%s\tdecode\t%.0f%n", wl[0], name, enc, wl[0], name, dec);
                    System.err.printf("java %s/%s: batch %d B, encode %.1f us, decode %.1f us%n",
                            wl[0], name, batch.sizeInBytes(), enc / 1e3, dec / 1e3);
                }
            }
        }
    }

    // ------------------------------------------------------------------ dump

    static String hex(ByteBuffer b) {
        if (b == null) return "-";
        byte[] bytes = new byte[b.remaining()];
        b.duplicate().get(bytes);
        return HEX.formatHex(bytes);
    }

    static String hex(byte[] b) {
        return b == null ? "-" : HEX.formatHex(b);
    }

    static void dump(MemoryRecords records, List<String> labels, Path tsv) throws IOException {
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(tsv))) {
            int i = 0;
            for (MutableRecordBatch batch : records.batches()) {
                String name = labels.get(i++);
                if (batch.magic() < 2) {
                    w.printf("L\t%s\t%d\t%d%n", name, batch.magic(), batch.sizeInBytes());
                    continue;
                }
                batch.ensureValid();
                DefaultRecordBatch d = (DefaultRecordBatch) batch;
                w.printf("B\t%s\t%d\t%d\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s%n",
                        name, d.baseOffset(), d.magic(), d.compressionType().name, tsType(d.timestampType()),
                        d.isTransactional() ? 1 : 0, d.isControlBatch() ? 1 : 0, d.producerId(), d.producerEpoch(),
                        d.baseSequence(), d.partitionLeaderEpoch(), (int) (d.lastOffset() - d.baseOffset()),
                        d.baseTimestamp(), d.maxTimestamp(), d.countOrNull(), d.checksum(), d.sizeInBytes(),
                        d.deleteHorizonMs().isPresent() ? Long.toString(d.deleteHorizonMs().getAsLong()) : "-");
                for (Record r : d) {
                    StringBuilder sb = new StringBuilder();
                    sb.append("R\t").append(r.offset()).append('\t').append(r.timestamp()).append('\t')
                            .append(hex(r.key())).append('\t').append(hex(r.value())).append('\t').append(r.headers().length);
                    for (Header h : r.headers()) {
                        sb.append('\t').append(hex(h.key().getBytes(StandardCharsets.UTF_8))).append('\t').append(hex(h.value()));
                    }
                    w.println(sb);
                    if (d.isControlBatch()) {
                        ControlRecordType type = ControlRecordType.parse(r.key());
                        String epoch = "-";
                        if (type == ControlRecordType.COMMIT || type == ControlRecordType.ABORT) {
                            epoch = Integer.toString(EndTransactionMarker.deserialize(r).coordinatorEpoch());
                        }
                        w.printf("C\t%d\t%s%n", type.type(), epoch);
                    }
                }
            }
        }
    }

    static String tsType(TimestampType t) {
        return t == TimestampType.LOG_APPEND_TIME ? "LogAppendTime" : "CreateTime";
    }
}
