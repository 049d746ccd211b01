// kafkajs's SASL session against kafka-fake (scripts/fake-clients.sh kafkajs-sasl), the same as
// sasl_session.py's for kafka-python and confluent-kafka: for each of PLAIN and SCRAM-SHA-512,
// alice (a super user) creates a topic of two partitions, produces 100 records and reads them all
// back in a consumer group; bob (no ACL) is not shown the topic; a wrong password is refused with
// kafkajs's SASL authentication error; with SCRAM-SHA-512, a producer (client id reauth-kafkajs)
// sends a record, waits 3.5 s and sends another, so that against `--sasl-max-reauth-ms 3000` its
// connection re-authenticates in between (fake-clients.sh checks kafka-fake's log).
//
//   NODE_PATH=.cache/live-clients/node/node_modules node sasl_session.js BOOTSTRAP
//
// Every wait is bounded; exits 1 when a check fails.
const { Kafka, logLevel } = require("kafkajs");

const RECORDS = 100;

function kafka(bootstrap, mechanism, username, password) {
  return new Kafka({
    clientId: "sasl-kafkajs",
    brokers: [bootstrap],
    sasl: { mechanism: mechanism.toLowerCase(), username, password },
    retry: { retries: 2 },
    logLevel: logLevel.NOTHING,
  });
}

function within(ms, what, promise) {
  return Promise.race([
    promise,
    new Promise((_, reject) => setTimeout(() => reject(new Error(`${what}: not done in ${ms} ms`)), ms)),
  ]);
}

async function session(bootstrap, mechanism) {
  const topic = `sasl-kafkajs-${mechanism.toLowerCase()}`;
  const alice = kafka(bootstrap, mechanism, "alice", "alice-secret");
  const admin = alice.admin();
  await admin.connect();
  await admin.createTopics({ topics: [{ topic, numPartitions: 2, replicationFactor: 1 }], waitForLeaders: true, timeout: 30000 });
  await admin.disconnect();
  const producer = alice.producer();
  await producer.connect();
  await producer.send({
    topic,
    acks: -1,
    messages: Array.from({ length: RECORDS }, (_, i) => ({ value: `r-${i}`, partition: i % 2 })),
  });
  await producer.disconnect();
  const got = { 0: [], 1: [] };
  const consumer = alice.consumer({ groupId: `${topic}-group` });
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  await within(20000, "consuming", new Promise((resolve) => {
    consumer.run({
      eachMessage: async ({ partition, message }) => {
        got[partition].push(message.value.toString());
        if (got[0].length + got[1].length === RECORDS) resolve();
      },
    });
  }));
  await consumer.disconnect();
  const want = (p) => Array.from({ length: RECORDS }, (_, i) => `r-${i}`).filter((_, i) => i % 2 === p);
  const problems = [];
  if (JSON.stringify(got[0]) !== JSON.stringify(want(0)) || JSON.stringify(got[1]) !== JSON.stringify(want(1))) {
    problems.push(`got ${got[0].length + got[1].length} records, not the ${RECORDS} produced, in order`);
  }
  const bob = kafka(bootstrap, mechanism, "bob", "bob-secret").admin();
  await bob.connect();
  const shown = await bob.listTopics();
  await bob.disconnect();
  if (shown.includes(topic)) problems.push("bob (no ACL) was shown alice's topic");
  let refused = null;
  const wrong = kafka(bootstrap, mechanism, "alice", "guess").admin();
  try {
    await within(10000, "the wrong password", wrong.connect());
    await wrong.disconnect();
  } catch (e) {
    if (/SASL/i.test(e.name) || /Authentication failed/.test(e.message)) refused = `${e.name}: ${e.message}`;
  }
  if (refused === null) problems.push("a wrong password was not refused");
  if (mechanism === "SCRAM-SHA-512") {
    const reauth = new Kafka({
      clientId: "reauth-kafkajs",
      brokers: [bootstrap],
      sasl: { mechanism: "scram-sha-512", username: "alice", password: "alice-secret" },
      logLevel: logLevel.NOTHING,
    }).producer();
    await reauth.connect();
    let acknowledged = 0;
    for (const [value, pause] of [["before", 3500], ["after", 0]]) {
      await reauth.send({ topic, acks: -1, messages: [{ value, partition: 0 }] });
      acknowledged += 1;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
    await reauth.disconnect();
    if (acknowledged !== 2) problems.push(`${acknowledged} of the 2 records sent 3.5 s apart acknowledged`);
  }
  for (const p of problems) console.log(`kafkajs ${mechanism}: ${p}`);
  if (problems.length === 0) {
    console.log(`kafkajs ${mechanism}: ${RECORDS} records produced and read back in a group as User:alice, ` +
      `not shown to User:bob, a wrong password refused (${refused})`);
  }
  return problems.length === 0;
}

async function main() {
  const bootstrap = process.argv[2];
  let ok = true;
  for (const mechanism of ["PLAIN", "SCRAM-SHA-512"]) ok = (await session(bootstrap, mechanism)) && ok;
  process.exit(ok ? 0 : 1);
}

main().catch((e) => {
  console.log(`kafkajs: ${e.name}: ${e.message}`);
  process.exit(1);
});
