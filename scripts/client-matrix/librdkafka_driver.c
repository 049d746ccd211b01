/* The client-matrix scenario through librdkafka's C admin API (Debian's librdkafka-dev).
 *
 * usage: librdkafka_driver BOOTSTRAP CLIENT_ID PREFIX
 * Prints one JSON line per step: {"step", "api", "ok", "detail"}.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <librdkafka/rdkafka.h>

#define TIMEOUT_MS 10000

static int failed = 0;

static void print_json_string(const char *s) {
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c < 0x20)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

/* Reports a step: ok when `got` is `want`. */
static void report(const char *step, const char *api, rd_kafka_resp_err_t want, rd_kafka_resp_err_t got,
                   const char *detail) {
    char text[512];
    int ok = want == got;
    snprintf(text, sizeof text, "%s: %s%s%s", rd_kafka_err2name(got), rd_kafka_err2str(got),
             detail && *detail ? "; " : "", detail ? detail : "");
    failed += !ok;
    printf("{\"step\": ");
    print_json_string(step);
    printf(", \"api\": ");
    print_json_string(api);
    printf(", \"ok\": %s, \"detail\": ", ok ? "true" : "false");
    print_json_string(text);
    printf("}\n");
    fflush(stdout);
}

/* The next event of `type` on `q`, or NULL after the timeout. */
static rd_kafka_event_t *wait_for(rd_kafka_queue_t *q, rd_kafka_event_type_t type) {
    rd_kafka_event_t *ev;
    while ((ev = rd_kafka_queue_poll(q, TIMEOUT_MS + 5000))) {
        if (rd_kafka_event_type(ev) == type)
            return ev;
        rd_kafka_event_destroy(ev);
    }
    return NULL;
}

static rd_kafka_resp_err_t topic_result(rd_kafka_event_t *ev, const rd_kafka_topic_result_t **(*get)(const rd_kafka_event_t *, size_t *)) {
    size_t n = 0;
    const rd_kafka_topic_result_t **results;
    if (!ev)
        return RD_KAFKA_RESP_ERR__TIMED_OUT;
    if (rd_kafka_event_error(ev))
        return rd_kafka_event_error(ev);
    results = get(ev, &n);
    return n == 1 ? rd_kafka_topic_result_error(results[0]) : RD_KAFKA_RESP_ERR__BAD_MSG;
}

static const rd_kafka_topic_result_t **create_topics_results(const rd_kafka_event_t *ev, size_t *n) {
    return rd_kafka_CreateTopics_result_topics(rd_kafka_event_CreateTopics_result((rd_kafka_event_t *)ev), n);
}
static const rd_kafka_topic_result_t **delete_topics_results(const rd_kafka_event_t *ev, size_t *n) {
    return rd_kafka_DeleteTopics_result_topics(rd_kafka_event_DeleteTopics_result((rd_kafka_event_t *)ev), n);
}
static const rd_kafka_topic_result_t **create_partitions_results(const rd_kafka_event_t *ev, size_t *n) {
    return rd_kafka_CreatePartitions_result_topics(rd_kafka_event_CreatePartitions_result((rd_kafka_event_t *)ev), n);
}

static rd_kafka_AdminOptions_t *options(rd_kafka_t *rk) {
    char errstr[256];
    rd_kafka_AdminOptions_t *o = rd_kafka_AdminOptions_new(rk, RD_KAFKA_ADMIN_OP_ANY);
    rd_kafka_AdminOptions_set_request_timeout(o, TIMEOUT_MS, errstr, sizeof errstr);
    return o;
}

static void create_topic(rd_kafka_t *rk, rd_kafka_queue_t *q, const char *step, const char *name, int parts,
                         int rf, rd_kafka_resp_err_t want) {
    char errstr[256];
    rd_kafka_NewTopic_t *t = rd_kafka_NewTopic_new(name, parts, rf, errstr, sizeof errstr);
    rd_kafka_AdminOptions_t *o = options(rk);
    rd_kafka_event_t *ev;
    rd_kafka_CreateTopics(rk, &t, 1, o, q);
    ev = wait_for(q, RD_KAFKA_EVENT_CREATETOPICS_RESULT);
    report(step, "CreateTopics", want, topic_result(ev, create_topics_results), NULL);
    if (ev)
        rd_kafka_event_destroy(ev);
    rd_kafka_AdminOptions_destroy(o);
    rd_kafka_NewTopic_destroy(t);
}

static void create_partitions(rd_kafka_t *rk, rd_kafka_queue_t *q, const char *step, const char *name, int count,
                              rd_kafka_resp_err_t want) {
    char errstr[256];
    rd_kafka_NewPartitions_t *p = rd_kafka_NewPartitions_new(name, count, errstr, sizeof errstr);
    rd_kafka_AdminOptions_t *o = options(rk);
    rd_kafka_event_t *ev;
    rd_kafka_CreatePartitions(rk, &p, 1, o, q);
    ev = wait_for(q, RD_KAFKA_EVENT_CREATEPARTITIONS_RESULT);
    report(step, "CreatePartitions", want, topic_result(ev, create_partitions_results), NULL);
    if (ev)
        rd_kafka_event_destroy(ev);
    rd_kafka_AdminOptions_destroy(o);
    rd_kafka_NewPartitions_destroy(p);
}

static void delete_topic(rd_kafka_t *rk, rd_kafka_queue_t *q, const char *step, const char *name,
                         rd_kafka_resp_err_t want) {
    rd_kafka_DeleteTopic_t *t = rd_kafka_DeleteTopic_new(name);
    rd_kafka_AdminOptions_t *o = options(rk);
    rd_kafka_event_t *ev;
    rd_kafka_DeleteTopics(rk, &t, 1, o, q);
    ev = wait_for(q, RD_KAFKA_EVENT_DELETETOPICS_RESULT);
    report(step, "DeleteTopics", want, topic_result(ev, delete_topics_results), NULL);
    if (ev)
        rd_kafka_event_destroy(ev);
    rd_kafka_AdminOptions_destroy(o);
    rd_kafka_DeleteTopic_destroy(t);
}

/* Metadata for all topics (name NULL) or one; the partition count of `name`, -1 when absent. */
static rd_kafka_resp_err_t metadata(rd_kafka_t *rk, const char *name, int *partitions) {
    const struct rd_kafka_metadata *md;
    rd_kafka_topic_t *rkt = name ? rd_kafka_topic_new(rk, name, NULL) : NULL;
    rd_kafka_resp_err_t err = rd_kafka_metadata(rk, name == NULL, rkt, &md, TIMEOUT_MS);
    *partitions = -1;
    if (!err) {
        for (int i = 0; i < md->topic_cnt; i++)
            if (name && !strcmp(md->topics[i].topic, name) && !md->topics[i].err)
                *partitions = md->topics[i].partition_cnt;
        rd_kafka_metadata_destroy(md);
    }
    if (rkt)
        rd_kafka_topic_destroy(rkt);
    return err;
}

static rd_kafka_resp_err_t error_of(const rd_kafka_error_t *e) {
    return e ? rd_kafka_error_code(e) : RD_KAFKA_RESP_ERR_NO_ERROR;
}

int main(int argc, char **argv) {
    char errstr[512], a[256], rf3[256], missing[256], detail[64];
    int parts;
    size_t n = 0;
    rd_kafka_conf_t *conf = rd_kafka_conf_new();
    rd_kafka_t *rk;
    rd_kafka_queue_t *q;
    rd_kafka_event_t *ev;
    rd_kafka_AdminOptions_t *o;
    rd_kafka_resp_err_t err;
    if (argc != 4) {
        fprintf(stderr, "usage: %s BOOTSTRAP CLIENT_ID PREFIX\n", argv[0]);
        return 2;
    }
    snprintf(a, sizeof a, "%s-a", argv[3]);
    snprintf(rf3, sizeof rf3, "%s-rf3", argv[3]);
    snprintf(missing, sizeof missing, "%s-missing", argv[3]);
    if (rd_kafka_conf_set(conf, "bootstrap.servers", argv[1], errstr, sizeof errstr) ||
        rd_kafka_conf_set(conf, "client.id", argv[2], errstr, sizeof errstr) ||
        rd_kafka_conf_set(conf, "log_level", "3", errstr, sizeof errstr)) {
        fprintf(stderr, "config: %s\n", errstr);
        return 2;
    }
    rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, errstr, sizeof errstr);
    if (!rk) {
        fprintf(stderr, "rd_kafka_new: %s\n", errstr);
        return 2;
    }
    q = rd_kafka_queue_new(rk);

    report("list topics", "Metadata", RD_KAFKA_RESP_ERR_NO_ERROR, metadata(rk, NULL, &parts), NULL);
    create_topic(rk, q, "create topic", a, 3, 1, RD_KAFKA_RESP_ERR_NO_ERROR);
    create_topic(rk, q, "create existing topic", a, 3, 1, RD_KAFKA_RESP_ERR_TOPIC_ALREADY_EXISTS);
    create_topic(rk, q, "create with replication 3", rf3, 1, 3, RD_KAFKA_RESP_ERR_INVALID_REPLICATION_FACTOR);
    err = metadata(rk, a, &parts);
    snprintf(detail, sizeof detail, "%d partitions", parts);
    report("describe topic", "Metadata", RD_KAFKA_RESP_ERR_NO_ERROR,
           err ? err : parts == 3 ? RD_KAFKA_RESP_ERR_NO_ERROR : RD_KAFKA_RESP_ERR__BAD_MSG, detail);
    create_partitions(rk, q, "add partitions", a, 5, RD_KAFKA_RESP_ERR_NO_ERROR);
    create_partitions(rk, q, "shrink partitions", a, 2, RD_KAFKA_RESP_ERR_INVALID_PARTITIONS);

    {
        rd_kafka_AclBinding_t *acl = rd_kafka_AclBinding_new(
            RD_KAFKA_RESOURCE_TOPIC, a, RD_KAFKA_RESOURCE_PATTERN_LITERAL, "User:alice", "*",
            RD_KAFKA_ACL_OPERATION_READ, RD_KAFKA_ACL_PERMISSION_TYPE_ALLOW, errstr, sizeof errstr);
        rd_kafka_AclBindingFilter_t *filter = rd_kafka_AclBindingFilter_new(
            RD_KAFKA_RESOURCE_TOPIC, a, RD_KAFKA_RESOURCE_PATTERN_LITERAL, "User:alice", "*",
            RD_KAFKA_ACL_OPERATION_ANY, RD_KAFKA_ACL_PERMISSION_TYPE_ANY, errstr, sizeof errstr);

        o = options(rk);
        rd_kafka_CreateAcls(rk, &acl, 1, o, q);
        ev = wait_for(q, RD_KAFKA_EVENT_CREATEACLS_RESULT);
        err = !ev ? RD_KAFKA_RESP_ERR__TIMED_OUT : rd_kafka_event_error(ev);
        if (!err) {
            const rd_kafka_acl_result_t **r =
                rd_kafka_CreateAcls_result_acls(rd_kafka_event_CreateAcls_result(ev), &n);
            err = n == 1 ? error_of(rd_kafka_acl_result_error(r[0])) : RD_KAFKA_RESP_ERR__BAD_MSG;
        }
        report("create acl", "CreateAcls", RD_KAFKA_RESP_ERR_NO_ERROR, err, NULL);
        if (ev)
            rd_kafka_event_destroy(ev);
        rd_kafka_AdminOptions_destroy(o);

        o = options(rk);
        rd_kafka_DescribeAcls(rk, filter, o, q);
        ev = wait_for(q, RD_KAFKA_EVENT_DESCRIBEACLS_RESULT);
        err = !ev ? RD_KAFKA_RESP_ERR__TIMED_OUT : rd_kafka_event_error(ev);
        n = 0;
        if (!err) {
            rd_kafka_DescribeAcls_result_acls(rd_kafka_event_DescribeAcls_result(ev), &n);
            err = n == 1 ? RD_KAFKA_RESP_ERR_NO_ERROR : RD_KAFKA_RESP_ERR__BAD_MSG;
        }
        snprintf(detail, sizeof detail, "%zu bindings", n);
        report("describe acls", "DescribeAcls", RD_KAFKA_RESP_ERR_NO_ERROR, err, detail);
        if (ev)
            rd_kafka_event_destroy(ev);
        rd_kafka_AdminOptions_destroy(o);

        o = options(rk);
        rd_kafka_DeleteAcls(rk, &filter, 1, o, q);
        ev = wait_for(q, RD_KAFKA_EVENT_DELETEACLS_RESULT);
        err = !ev ? RD_KAFKA_RESP_ERR__TIMED_OUT : rd_kafka_event_error(ev);
        n = 0;
        if (!err) {
            size_t m = 0;
            const rd_kafka_DeleteAcls_result_response_t **r =
                rd_kafka_DeleteAcls_result_responses(rd_kafka_event_DeleteAcls_result(ev), &m);
            err = m == 1 ? error_of(rd_kafka_DeleteAcls_result_response_error(r[0])) : RD_KAFKA_RESP_ERR__BAD_MSG;
            if (!err) {
                rd_kafka_DeleteAcls_result_response_matching_acls(r[0], &n);
                err = n == 1 ? RD_KAFKA_RESP_ERR_NO_ERROR : RD_KAFKA_RESP_ERR__BAD_MSG;
            }
        }
        snprintf(detail, sizeof detail, "%zu bindings", n);
        report("delete acls", "DeleteAcls", RD_KAFKA_RESP_ERR_NO_ERROR, err, detail);
        if (ev)
            rd_kafka_event_destroy(ev);
        rd_kafka_AdminOptions_destroy(o);
        rd_kafka_AclBinding_destroy(acl);
        rd_kafka_AclBinding_destroy(filter);
    }

    delete_topic(rk, q, "delete topic", a, RD_KAFKA_RESP_ERR_NO_ERROR);
    delete_topic(rk, q, "delete missing topic", missing, RD_KAFKA_RESP_ERR_UNKNOWN_TOPIC_OR_PART);
    rd_kafka_queue_destroy(q);
    rd_kafka_destroy(rk);
    return failed ? 1 : 0;
}
