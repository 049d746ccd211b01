import java.io.File;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.record.internal.FileRecords;
import org.apache.kafka.common.record.internal.Record;
import org.apache.kafka.common.record.internal.RecordBatch;
import org.apache.kafka.image.MetadataDelta;
import org.apache.kafka.image.MetadataImage;
import org.apache.kafka.image.MetadataProvenance;
import org.apache.kafka.metadata.MetadataRecordSerde;
import org.apache.kafka.metadata.PartitionRegistration;
import org.apache.kafka.server.common.ApiMessageAndVersion;

/**
 * A `__cluster_metadata` directory replayed by Kafka's own code (the
 * MetadataDelta and MetadataImage that kafka-metadata-shell renders): the
 * latest snapshot, then the log's records from the snapshot's end on. Prints
 * the image's facts one per line, sorted, in the form the Rust test builds
 * from kafka-wire-dump's image.
 */
public class MetadataImageFacts {
    public static void main(String[] args) throws Exception {
        File dir = new File(args[0]);
        File[] snapshots = dir.listFiles((d, n) -> n.endsWith(".checkpoint"));
        File[] segments = dir.listFiles((d, n) -> n.endsWith(".log"));
        Arrays.sort(snapshots);
        Arrays.sort(segments);
        MetadataDelta delta = new MetadataDelta.Builder().setImage(MetadataImage.EMPTY).build();
        long from = 0;
        long last = -1;
        if (snapshots.length > 0) {
            File snapshot = snapshots[snapshots.length - 1];
            from = Long.parseLong(snapshot.getName().substring(0, 20));
            last = replay(delta, snapshot, -1, last);
        }
        for (File segment : segments) {
            last = replay(delta, segment, from, last);
        }
        MetadataImage image = delta.apply(new MetadataProvenance(last, 0, 0, true));
        TreeSet<String> facts = new TreeSet<>();
        image.features().metadataVersion().ifPresent(v -> facts.add("feature metadata.version " + v.featureLevel()));
        image.features().finalizedVersions().forEach((name, level) -> facts.add("feature " + name + " " + level));
        image.cluster().brokers().forEach((id, b) -> facts.add("broker " + id + " fenced=" + b.fenced()));
        image.topics().topicsById().values().forEach(t -> {
            facts.add("topic " + t.name() + " " + t.id() + " " + t.partitions().size());
            t.partitions().forEach((p, r) -> facts.add("partition " + t.name() + "-" + p + " " + partition(r)));
        });
        image.configs().resourceData().forEach((resource, config) -> {
            String name = resource.name().isEmpty() ? "<default>" : resource.name();
            config.data().forEach((k, v) -> facts.add("config " + resource.type() + "/" + name + "/" + k + " " + v));
        });
        image.acls().acls().forEach((id, acl) -> facts.add("acl " + id
                + " resourceType=" + acl.resourceType().code() + " resourceName=" + acl.resourceName()
                + " patternType=" + acl.patternType().code() + " principal=" + acl.principal()
                + " host=" + acl.host() + " operation=" + acl.operation().code()
                + " permissionType=" + acl.permissionType().code()));
        image.clientQuotas().entities().forEach((entity, quotas) -> {
            String name = new TreeMap<>(entity.entries()).entrySet().stream()
                    .map(e -> e.getKey() + "=" + (e.getValue() == null ? "<default>" : e.getValue()))
                    .collect(Collectors.joining(","));
            quotas.quotas().forEach((k, v) -> facts.add("quota " + name + " " + k + " " + v));
        });
        image.scram().mechanisms().forEach((mechanism, users) -> users.forEach((user, credential) ->
                facts.add("scram " + mechanism.mechanismName() + " " + user + " " + credential.iterations())));
        if (image.producerIds().nextProducerId() >= 0) {
            facts.add("nextProducerId " + image.producerIds().nextProducerId());
        }
        facts.forEach(System.out::println);
    }

    static String partition(PartitionRegistration r) {
        return "replicas=" + Arrays.toString(r.replicas).replace(" ", "")
                + " isr=" + Arrays.toString(r.isr).replace(" ", "")
                + " leader=" + r.leader + " leaderEpoch=" + r.leaderEpoch
                + " partitionEpoch=" + r.partitionEpoch;
    }

    /** Replays the data records of `file` at offsets from `from` on; returns the last offset. */
    static long replay(MetadataDelta delta, File file, long from, long last) throws Exception {
        try (FileRecords records = FileRecords.open(file, false)) {
            for (RecordBatch batch : records.batches()) {
                if (batch.isControlBatch()) {
                    continue;
                }
                for (Record record : batch) {
                    if (record.offset() < from) {
                        continue;
                    }
                    ApiMessageAndVersion message = MetadataRecordSerde.INSTANCE.read(
                            new ByteBufferAccessor(record.value()), record.valueSize());
                    delta.replay(message.message());
                    last = record.offset();
                }
            }
        }
        return last;
    }
}
