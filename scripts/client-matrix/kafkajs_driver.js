// The client-matrix scenario through kafkajs's admin client.
//
// usage: node kafkajs_driver.js BOOTSTRAP CLIENT_ID PREFIX
// Prints one JSON line per step: {"step", "api", "ok", "detail"}.
'use strict'
const {
  Kafka, logLevel, AclResourceTypes, AclOperationTypes, AclPermissionTypes, ResourcePatternTypes,
} = require('kafkajs')

const [bootstrap, clientId, prefix] = process.argv.slice(2)
let failed = 0

// The Kafka error names anywhere in an error kafkajs threw (it wraps them).
function errorTypes (e, seen = new Set()) {
  if (!e || typeof e !== 'object' || seen.has(e)) return []
  seen.add(e)
  const own = e.type ? [e.type] : []
  const nested = [e.originalError, e.cause, ...(e.errors || [])].flatMap((n) => errorTypes(n, seen))
  return own.concat(nested)
}

// Runs fn; ok when it resolves (expect undefined) or rejects with Kafka error `expect`.
async function step (name, api, fn, expect) {
  let ok, detail
  try {
    const value = await fn()
    ok = expect === undefined
    detail = ok ? `returned ${JSON.stringify(value)}` : `expected ${expect}, got success`
  } catch (e) {
    const types = errorTypes(e)
    ok = expect !== undefined && types.includes(expect)
    detail = `${e.name}: ${e.message} [${types.join(',')}]`
  }
  failed += ok ? 0 : 1
  console.log(JSON.stringify({ step: name, api, ok, detail: String(detail).slice(0, 300) }))
}

function expectCount (value, n, what) {
  if (value !== n) throw new Error(`${value} ${what}, expected ${n}`)
  return value
}

async function main () {
  const kafka = new Kafka({
    clientId,
    brokers: [bootstrap],
    logLevel: logLevel.NOTHING,
    connectionTimeout: 5000,
    requestTimeout: 10000,
    retry: { retries: 1, initialRetryTime: 100 },
  })
  const admin = kafka.admin()
  await admin.connect()
  const a = `${prefix}-a`
  const topic = (name, numPartitions, replicationFactor) => ({ topic: name, numPartitions, replicationFactor })
  await step('list topics', 'Metadata', () => admin.listTopics())
  await step('create topic', 'CreateTopics', async () => {
    if (!(await admin.createTopics({ topics: [topic(a, 3, 1)], timeout: 10000 }))) throw new Error('not created')
    return true
  })
  // kafkajs reports TOPIC_ALREADY_EXISTS by resolving to false.
  await step('create existing topic', 'CreateTopics', async () => {
    if (await admin.createTopics({ topics: [topic(a, 3, 1)], timeout: 10000 })) throw new Error('created twice')
    return false
  })
  await step('create with replication 3', 'CreateTopics',
    () => admin.createTopics({ topics: [topic(`${prefix}-rf3`, 1, 3)], timeout: 10000 }), 'INVALID_REPLICATION_FACTOR')
  await step('describe topic', 'Metadata', async () => {
    const { topics } = await admin.fetchTopicMetadata({ topics: [a] })
    return expectCount(topics[0].partitions.length, 3, 'partitions')
  })
  await step('add partitions', 'CreatePartitions',
    () => admin.createPartitions({ topicPartitions: [{ topic: a, count: 5 }] }))
  await step('shrink partitions', 'CreatePartitions',
    () => admin.createPartitions({ topicPartitions: [{ topic: a, count: 2 }] }), 'INVALID_PARTITIONS')
  const binding = {
    resourceType: AclResourceTypes.TOPIC,
    resourceName: a,
    resourcePatternType: ResourcePatternTypes.LITERAL,
    principal: 'User:alice',
    host: '*',
  }
  const filter = { ...binding, operation: AclOperationTypes.ANY, permissionType: AclPermissionTypes.ANY }
  await step('create acl', 'CreateAcls', () => admin.createAcls({
    acl: [{ ...binding, operation: AclOperationTypes.READ, permissionType: AclPermissionTypes.ALLOW }],
  }))
  await step('describe acls', 'DescribeAcls', async () => {
    const { resources } = await admin.describeAcls(filter)
    return expectCount(resources.flatMap((r) => r.acls).length, 1, 'bindings')
  })
  await step('delete acls', 'DeleteAcls', async () => {
    const { filterResponses } = await admin.deleteAcls({ filters: [filter] })
    return expectCount(filterResponses[0].matchingAcls.length, 1, 'bindings')
  })
  await step('delete topic', 'DeleteTopics', () => admin.deleteTopics({ topics: [a], timeout: 10000 }))
  await step('delete missing topic', 'DeleteTopics',
    () => admin.deleteTopics({ topics: [`${prefix}-missing`], timeout: 10000 }), 'UNKNOWN_TOPIC_OR_PARTITION')
  await admin.disconnect()
}

main().then(
  () => process.exit(failed ? 1 : 0),
  (e) => { console.log(JSON.stringify({ step: 'connect', api: 'ApiVersions', ok: false, detail: String(e) })); process.exit(1) },
)
