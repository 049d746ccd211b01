// Writes a segment of __remote_log_metadata as a broker with tiered storage writes it: the values
// are Kafka's own RemoteLogMetadataSerde's bytes of every kind of its records (a segment's
// metadata with and without custom metadata, its updates through every state, a partition's
// deletion through every state, a snapshot entry), one record a batch from offset 0.
// tests/live_internal_topics.rs dumps it with Kafka's DumpLogSegments --remote-log-metadata-decoder
// and with kafka-wire-dump.
//
//   java -cp 'libs/*:.' RemoteLogMetadataSegment DIR/00000000000000000000.log

import java.io.FileOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.kafka.common.TopicIdPartition;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.SimpleRecord;
import org.apache.kafka.server.log.remote.metadata.storage.RemoteLogSegmentMetadataSnapshot;
import org.apache.kafka.server.log.remote.metadata.storage.serialization.RemoteLogMetadataSerde;
import org.apache.kafka.server.log.remote.storage.RemoteLogMetadata;
import org.apache.kafka.server.log.remote.storage.RemoteLogSegmentId;
import org.apache.kafka.server.log.remote.storage.RemoteLogSegmentMetadata;
import org.apache.kafka.server.log.remote.storage.RemoteLogSegmentMetadata.CustomMetadata;
import org.apache.kafka.server.log.remote.storage.RemoteLogSegmentMetadataUpdate;
import org.apache.kafka.server.log.remote.storage.RemoteLogSegmentState;
import org.apache.kafka.server.log.remote.storage.RemotePartitionDeleteMetadata;
import org.apache.kafka.server.log.remote.storage.RemotePartitionDeleteState;

public final class RemoteLogMetadataSegment {
    public static void main(String[] args) throws Exception {
        long t = 1_700_000_000_000L;
        TopicIdPartition tp = new TopicIdPartition(Uuid.fromString("qPJhcvPxSAOCSQXxIdcEGg"), new TopicPartition("tiered", 3));
        RemoteLogSegmentId segment = new RemoteLogSegmentId(tp, Uuid.fromString("T2sNBbpzQgi-kYcvTPCSjQ"));
        RemoteLogSegmentId other = new RemoteLogSegmentId(tp, Uuid.fromString("AAAAAAAAAAAAAAAAAAAAAQ"));
        List<RemoteLogMetadata> all = new ArrayList<>();
        all.add(new RemoteLogSegmentMetadata(segment, 0, 199, t + 5, 1, t + 10, 4096, Map.of(0, 0L, 3, 120L)));
        all.add(new RemoteLogSegmentMetadata(other, 200, 299, t + 6, 2, t + 11, 1024, Optional.of(new CustomMetadata(new byte[] {1, 2, 3})),
            RemoteLogSegmentState.COPY_SEGMENT_STARTED, Map.of(3, 200L), false));
        for (RemoteLogSegmentState state : RemoteLogSegmentState.values()) {
            if (state == RemoteLogSegmentState.COPY_SEGMENT_STARTED) continue;
            all.add(new RemoteLogSegmentMetadataUpdate(segment, t + 20 + state.id(),
                state == RemoteLogSegmentState.COPY_SEGMENT_FINISHED ? Optional.of(new CustomMetadata(new byte[] {9})) : Optional.empty(),
                state, 1));
        }
        for (RemotePartitionDeleteState state : RemotePartitionDeleteState.values()) {
            all.add(new RemotePartitionDeleteMetadata(tp, state, t + 30 + state.id(), 0));
        }
        all.add(new RemoteLogSegmentMetadataSnapshot(segment.id(), 0, 199, t + 5, 1, t + 40, 4096, Optional.empty(),
            RemoteLogSegmentState.COPY_SEGMENT_FINISHED, Map.of(0, 0L), true));
        RemoteLogMetadataSerde serde = new RemoteLogMetadataSerde();
        try (FileOutputStream out = new FileOutputStream(args[0])) {
            long offset = 0;
            for (RemoteLogMetadata m : all) {
                MemoryRecords records = MemoryRecords.withRecords(offset++, Compression.NONE, new SimpleRecord(t, null, serde.serialize(m)));
                byte[] bytes = new byte[records.sizeInBytes()];
                records.buffer().duplicate().get(bytes);
                out.write(bytes);
            }
        }
        System.out.println("remote log metadata: " + all.size() + " records");
    }
}
