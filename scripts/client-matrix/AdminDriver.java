// The client-matrix scenario through Java's AdminClient (kafka-clients).
//
// usage: java -cp 'libs/*:classes' AdminDriver BOOTSTRAP CLIENT_ID PREFIX
// Prints one JSON line per step: {"step", "api", "ok", "detail"}.

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AccessControlEntryFilter;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclBindingFilter;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.errors.InvalidPartitionsException;
import org.apache.kafka.common.errors.InvalidReplicationFactorException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourcePatternFilter;
import org.apache.kafka.common.resource.ResourceType;

public final class AdminDriver {
    private static final long TIMEOUT_S = 20;
    private static int failed = 0;

    interface Step {
        Object run() throws Exception;
    }

    private static String json(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') b.append('\\').append(c);
            else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
            else b.append(c);
        }
        return b.append('"').toString();
    }

    /** Runs the step; ok when it returns (expect null) or fails with an `expect` cause. */
    private static void step(String name, String api, Step step, Class<? extends Throwable> expect) {
        boolean ok;
        String detail;
        try {
            Object value = step.run();
            ok = expect == null;
            detail = ok ? "returned " + value : "expected " + expect.getSimpleName() + ", got success";
        } catch (Exception e) {
            Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
            ok = expect != null && expect.isInstance(cause);
            detail = cause.getClass().getSimpleName() + ": " + cause.getMessage();
        }
        if (!ok) failed++;
        if (detail.length() > 300) detail = detail.substring(0, 300);
        System.out.println("{\"step\": " + json(name) + ", \"api\": " + json(api) + ", \"ok\": " + ok
                + ", \"detail\": " + json(detail) + "}");
        System.out.flush();
    }

    private static <T> T get(org.apache.kafka.common.KafkaFuture<T> f) throws Exception {
        return f.get(TIMEOUT_S, TimeUnit.SECONDS);
    }

    private static int expectCount(Collection<?> c, int n, String what) {
        if (c.size() != n) throw new IllegalStateException(c.size() + " " + what + ", expected " + n + ": " + c);
        return c.size();
    }

    public static void main(String[] args) {
        String bootstrap = args[0], clientId = args[1], prefix = args[2];
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(AdminClientConfig.CLIENT_ID_CONFIG, clientId);
        props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "20000");
        String a = prefix + "-a";
        try (Admin admin = Admin.create(props)) {
            step("list topics", "Metadata", () -> get(admin.listTopics().names()), null);
            step("create topic", "CreateTopics",
                    () -> get(admin.createTopics(List.of(new NewTopic(a, 3, (short) 1))).all()), null);
            step("create existing topic", "CreateTopics",
                    () -> get(admin.createTopics(List.of(new NewTopic(a, 3, (short) 1))).all()),
                    TopicExistsException.class);
            step("create with replication 3", "CreateTopics",
                    () -> get(admin.createTopics(List.of(new NewTopic(prefix + "-rf3", 1, (short) 3))).all()),
                    InvalidReplicationFactorException.class);
            step("describe topic", "Metadata", () -> {
                TopicDescription d = get(admin.describeTopics(List.of(a)).allTopicNames()).get(a);
                return expectCount(d.partitions(), 3, "partitions");
            }, null);
            step("add partitions", "CreatePartitions",
                    () -> get(admin.createPartitions(Map.of(a, NewPartitions.increaseTo(5))).all()), null);
            step("shrink partitions", "CreatePartitions",
                    () -> get(admin.createPartitions(Map.of(a, NewPartitions.increaseTo(2))).all()),
                    InvalidPartitionsException.class);
            AclBinding acl = new AclBinding(new ResourcePattern(ResourceType.TOPIC, a, PatternType.LITERAL),
                    new AccessControlEntry("User:alice", "*", AclOperation.READ, AclPermissionType.ALLOW));
            AclBindingFilter filter = new AclBindingFilter(
                    new ResourcePatternFilter(ResourceType.TOPIC, a, PatternType.LITERAL),
                    new AccessControlEntryFilter("User:alice", "*", AclOperation.ANY, AclPermissionType.ANY));
            step("create acl", "CreateAcls", () -> get(admin.createAcls(List.of(acl)).all()), null);
            step("describe acls", "DescribeAcls",
                    () -> expectCount(get(admin.describeAcls(filter).values()), 1, "bindings"), null);
            step("delete acls", "DeleteAcls",
                    () -> expectCount(get(admin.deleteAcls(List.of(filter)).all()), 1, "bindings"), null);
            step("delete topic", "DeleteTopics", () -> get(admin.deleteTopics(List.of(a)).all()), null);
            step("delete missing topic", "DeleteTopics",
                    () -> get(admin.deleteTopics(List.of(prefix + "-missing")).all()),
                    UnknownTopicOrPartitionException.class);
        }
        System.exit(failed == 0 ? 0 : 1);
    }
}
