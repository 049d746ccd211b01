// Apache Kafka 3.9's record classes (kafka-clients) as the oracle for
// kafka-wire's legacy message sets (magic 0 and 1). Kafka 4's clients cannot
// write them (KIP-724), hence a separate oracle, compiled against
// kafka-clients 3.9.x, whose classes live in org.apache.kafka.common.record
// (4.x moved them to ...record.internal, so RecordsOracle.java cannot be
// compiled against both). Run through scripts/java-records.sh with
// KAFKA_VERSION=3.9.1.
//
//   legacy-write <sets.bin> <expected.tsv>
//       Writes legacy message sets with MemoryRecordsBuilder: magic 0 and 1,
//       every legacy codec (none, gzip, snappy, lz4), magic 1 with create time
//       and log append time; null keys and values, empty values, offset gaps,
//       no-timestamp records, and large values (several lz4 blocks and xerial
//       chunks). One set per builder, one after another in the file; the TSV
//       holds each set's builder parameters and what Java reads back.
//
//   legacy-read <sets.bin> <dump.tsv> <rewritten.bin>
//       Reads legacy entries another writer produced: checks every entry's
//       CRC-32 and every record's (ensureValid), dumps what they hold, and
//       writes each entry again with MemoryRecordsBuilder from its magic,
//       codec, timestamp type and records.
//
// TSV lines (tab-separated; bytes in lowercase hex, '-' for null):
//   S name magic codec timestampType baseOffset logAppendTime entries
//       (legacy-write only: a set, the builder's parameters, its entry count)
//   L magic codec timestampType lastOffset baseOffset checksum sizeInBytes maxTimestamp
//       (one entry: a RecordBatch to Java)
//   R offset timestamp key value

import java.io.*;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;

import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.record.*;
import org.apache.kafka.common.record.Record;
import org.apache.kafka.common.utils.ByteBufferOutputStream;

public class LegacyRecordsOracle {
    static final HexFormat HEX = HexFormat.of();
    static final long T0 = 1_700_000_000_000L;

    public static void main(String[] args) throws Exception {
        if (args.length == 3 && args[0].equals("legacy-write")) {
            write(Paths.get(args[1]), Paths.get(args[2]));
        } else if (args.length == 4 && args[0].equals("legacy-read")) {
            read(Paths.get(args[1]), Paths.get(args[2]), Paths.get(args[3]));
        } else {
            System.err.println("usage: LegacyRecordsOracle legacy-write <sets.bin> <expected.tsv>");
            System.err.println("       LegacyRecordsOracle legacy-read <sets.bin> <dump.tsv> <rewritten.bin>");
            System.exit(2);
        }
    }

    static MemoryRecordsBuilder builder(int magic, String codec, TimestampType t, long baseOffset, long logAppendTime) {
        return new MemoryRecordsBuilder(new ByteBufferOutputStream(1024), (byte) magic, Compression.of(codec).build(), t,
                baseOffset, logAppendTime, RecordBatch.NO_PRODUCER_ID, RecordBatch.NO_PRODUCER_EPOCH,
                RecordBatch.NO_SEQUENCE, false, false, RecordBatch.NO_PARTITION_LEADER_EPOCH, Integer.MAX_VALUE);
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static byte[] bytes(MemoryRecords records) {
        ByteBuffer b = records.buffer();
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
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

    // ------------------------------------------------------------------ write

    static void write(Path bin, Path tsv) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(tsv))) {
            String[] codecs = {"none", "gzip", "snappy", "lz4"};
            for (int magic : new int[]{0, 1}) {
                TimestampType[] types = magic == 0 ? new TimestampType[]{TimestampType.NO_TIMESTAMP_TYPE}
                        : new TimestampType[]{TimestampType.CREATE_TIME, TimestampType.LOG_APPEND_TIME};
                for (String c : codecs) {
                    for (TimestampType t : types) {
                        long lat = t == TimestampType.LOG_APPEND_TIME ? T0 + 99_999 : RecordBatch.NO_TIMESTAMP;
                        String tag = "magic" + magic + "-" + c + "-" + t.name;
                        // The small set: three records, null keys and values.
                        MemoryRecordsBuilder b = builder(magic, c, t, 0, lat);
                        long ts = magic == 0 ? RecordBatch.NO_TIMESTAMP : T0;
                        b.append(ts, utf8("k"), utf8("v"));
                        b.append(magic == 0 ? ts : ts + 5, null, utf8("no key"));
                        b.append(magic == 0 ? ts : ts - 2, utf8("tombstone"), null);
                        add(w, all, "small-" + tag, magic, c, t, 0, lat, b.build());

                        // A mix: offset gaps, nulls, empty values, sizes, no timestamps.
                        Random rnd = new Random(tag.hashCode());
                        long base = 1000 + magic * 1000;
                        b = builder(magic, c, t, base, lat);
                        long offset = base;
                        for (int i = 0; i < 60; i++) {
                            byte[] key = rnd.nextInt(5) == 0 ? null : utf8("key-" + rnd.nextInt(1000));
                            byte[] value = switch (rnd.nextInt(6)) {
                                case 0 -> null;
                                case 1 -> new byte[0];
                                case 2 -> noise(rnd.nextInt(300), rnd.nextLong());
                                default -> text(rnd.nextInt(2000));
                            };
                            long stamp = magic == 0 || rnd.nextInt(8) == 0 ? RecordBatch.NO_TIMESTAMP
                                    : T0 + rnd.nextInt(1_000_000);
                            b.appendWithOffset(offset, stamp, key, value);
                            offset += 1 + (rnd.nextInt(4) == 0 ? rnd.nextInt(5) : 0);
                        }
                        add(w, all, "mixed-" + tag, magic, c, t, base, lat, b.build());
                    }
                    if (!c.equals("none")) {
                        // Large values: several lz4 blocks, xerial chunks, deflate blocks.
                        TimestampType t = types[0];
                        MemoryRecordsBuilder b = builder(magic, c, t, 50, RecordBatch.NO_TIMESTAMP);
                        long ts = magic == 0 ? RecordBatch.NO_TIMESTAMP : T0;
                        b.append(ts, utf8("text"), text(200_000));
                        b.append(ts, utf8("noise"), noise(100_000, 7));
                        add(w, all, "large-magic" + magic + "-" + c, magic, c, t, 50, RecordBatch.NO_TIMESTAMP, b.build());
                    }
                }
            }
        }
        Files.write(bin, all.toByteArray());
    }

    static void add(PrintWriter w, ByteArrayOutputStream all, String name, int magic, String codec, TimestampType t,
                    long baseOffset, long lat, MemoryRecords records) {
        List<MutableRecordBatch> batches = new ArrayList<>();
        for (MutableRecordBatch batch : records.batches()) batches.add(batch);
        w.printf("S\t%s\t%d\t%s\t%s\t%d\t%d\t%d%n", name, magic, codec, t.name, baseOffset, lat, batches.size());
        for (MutableRecordBatch batch : batches) dump(w, batch);
        byte[] b = bytes(records);
        all.write(b, 0, b.length);
    }

    // ------------------------------------------------------------------ read

    static void read(Path bin, Path tsv, Path rewritten) throws IOException {
        MemoryRecords records = MemoryRecords.readableRecords(ByteBuffer.wrap(Files.readAllBytes(bin)));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(tsv))) {
            for (MutableRecordBatch batch : records.batches()) {
                if (batch.magic() > 1) throw new IllegalStateException("magic " + batch.magic());
                batch.ensureValid();
                dump(w, batch);
                long lat = batch.timestampType() == TimestampType.LOG_APPEND_TIME ? batch.maxTimestamp()
                        : RecordBatch.NO_TIMESTAMP;
                MemoryRecordsBuilder b = builder(batch.magic(), batch.compressionType().name, batch.timestampType(),
                        batch.baseOffset(), lat);
                for (Record r : batch) {
                    r.ensureValid();
                    b.appendWithOffset(r.offset(), r.timestamp(), r.key(), r.value());
                }
                byte[] again = bytes(b.build());
                out.write(again, 0, again.length);
            }
        }
        if (records.validBytes() != records.sizeInBytes()) {
            throw new IllegalStateException((records.sizeInBytes() - records.validBytes()) + " bytes after the last entry");
        }
        Files.write(rewritten, out.toByteArray());
    }

    // ------------------------------------------------------------------ dump

    static String hex(ByteBuffer b) {
        if (b == null) return "-";
        byte[] bytes = new byte[b.remaining()];
        b.duplicate().get(bytes);
        return HEX.formatHex(bytes);
    }

    static void dump(PrintWriter w, RecordBatch batch) {
        batch.ensureValid();
        w.printf("L\t%d\t%s\t%s\t%d\t%d\t%d\t%d\t%d%n", batch.magic(), batch.compressionType().name,
                batch.timestampType().name, batch.lastOffset(), batch.baseOffset(), batch.checksum(),
                batch.sizeInBytes(), batch.maxTimestamp());
        for (Record r : batch) {
            if (r.headers().length != 0) throw new IllegalStateException("headers in a legacy record");
            w.printf("R\t%d\t%d\t%s\t%s%n", r.offset(), r.timestamp(), hex(r.key()), hex(r.value()));
        }
    }
}
