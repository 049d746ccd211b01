// The Go contender of scripts/bench-peers.sh: franz-go's kmsg.
//
// It builds the workloads of benches/common/mod.rs itself, then answers the
// driver's commands on stdin, one line each (the protocol is described in
// benches/peers/README.md):
//
//	hello                                  -> hello go <versions>
//	check                                  -> check <workload> <contender> <op> <len> <sha256> <allocs/op> <bytes/op> ... end
//	calibrate <workload> <contender> <op> <ns> -> <iterations that take about ns>
//	warmup <ms>                            -> ok (every contender in turn, for that long)
//	bench <workload> <contender> <op> <n>  -> <wall ns for n operations>
//	quit
//
// Contenders: "kmsg" encode (AppendTo into a reused slice) and decode
// (ReadFrom into a fresh message), "kmsg/reused" decode (ReadFrom into the
// same message every time: kmsg reuses the top-level slice's capacity),
// "kmsg/unsafe" decode (UnsafeReadFrom: strings alias the input, the nearest
// kmsg has to a borrowed view), and "memcpy/go" (copy of the same byte count).
package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/twmb/franz-go/pkg/kmsg"
)

// Keeps results alive so that no operation is optimised away.
var sink int

const (
	topics     = 1000
	partitions = 12
)

var requestConfigs = [][2]string{
	{"cleanup.policy", "compact"},
	{"retention.ms", "604800000"},
	{"min.insync.replicas", "2"},
}

var responseConfigs = [][2]string{
	{"cleanup.policy", "compact"},
	{"retention.ms", "604800000"},
	{"min.insync.replicas", "2"},
	{"segment.bytes", "1073741824"},
	{"max.message.bytes", "1048588"},
}

func topicName(i int) string { return fmt.Sprintf("topic-%05d", i) }

func strp(s string) *string { return &s }

// The seed's smallest CreateTopicsRequest (30 bytes at v7).
func small() *kmsg.CreateTopicsRequest {
	r := kmsg.NewPtrCreateTopicsRequest()
	t := kmsg.NewCreateTopicsRequestTopic()
	t.Topic = ""
	t.NumPartitions = 0
	t.ReplicationFactor = 0
	a := kmsg.NewCreateTopicsRequestTopicReplicaAssignment()
	a.Partition = 0
	a.Replicas = []int32{0}
	t.ReplicaAssignment = []kmsg.CreateTopicsRequestTopicReplicaAssignment{a}
	c := kmsg.NewCreateTopicsRequestTopicConfig()
	c.Name = ""
	c.Value = strp("")
	t.Configs = []kmsg.CreateTopicsRequestTopicConfig{c}
	r.Topics = []kmsg.CreateTopicsRequestTopic{t}
	r.TimeoutMillis = 0
	r.ValidateOnly = false
	return r
}

// 1000 topics, 12 partitions, RF 3, explicit assignments, 3 configs.
func large() *kmsg.CreateTopicsRequest {
	r := kmsg.NewPtrCreateTopicsRequest()
	for i := 0; i < topics; i++ {
		t := kmsg.NewCreateTopicsRequestTopic()
		t.Topic = topicName(i)
		t.NumPartitions = partitions
		t.ReplicationFactor = 3
		for p := int32(0); p < partitions; p++ {
			a := kmsg.NewCreateTopicsRequestTopicReplicaAssignment()
			a.Partition = p
			a.Replicas = []int32{p % 6, (p + 1) % 6, (p + 2) % 6}
			t.ReplicaAssignment = append(t.ReplicaAssignment, a)
		}
		for _, kv := range requestConfigs {
			c := kmsg.NewCreateTopicsRequestTopicConfig()
			c.Name = kv[0]
			c.Value = strp(kv[1])
			t.Configs = append(t.Configs, c)
		}
		r.Topics = append(r.Topics, t)
	}
	r.TimeoutMillis = 30000
	r.ValidateOnly = false
	return r
}

// 1000 ACL creations.
func acls() *kmsg.CreateACLsRequest {
	r := kmsg.NewPtrCreateACLsRequest()
	for i := 0; i < topics; i++ {
		c := kmsg.NewCreateACLsRequestCreation()
		c.ResourceType = 2
		c.ResourceName = topicName(i)
		c.ResourcePatternType = 3
		c.Principal = "User:alice"
		c.Host = "*"
		c.Operation = 2
		c.PermissionType = 3
		r.Creations = append(r.Creations, c)
	}
	return r
}

// splitmix64: the seeded topic ids of benches/common/mod.rs.
func topicIDs(n int) [][16]byte {
	state := uint64(0x5eed_0000_0000_0005)
	next := func() uint64 {
		state += 0x9e37_79b9_7f4a_7c15
		z := state
		z = (z ^ (z >> 30)) * 0xbf58_476d_1ce4_e5b9
		z = (z ^ (z >> 27)) * 0x94d0_49bb_1331_11eb
		return z ^ (z >> 31)
	}
	ids := make([][16]byte, n)
	for i := range ids {
		binary.BigEndian.PutUint64(ids[i][:8], next())
		binary.BigEndian.PutUint64(ids[i][8:], next())
	}
	return ids
}

// 1000 results: name, id, error 0, null message, 12 partitions, RF 3, 5 configs.
func response() *kmsg.CreateTopicsResponse {
	r := kmsg.NewPtrCreateTopicsResponse()
	r.ThrottleMillis = 0
	for i, id := range topicIDs(topics) {
		t := kmsg.NewCreateTopicsResponseTopic()
		t.Topic = topicName(i)
		t.TopicID = id
		t.ErrorCode = 0
		t.ErrorMessage = nil
		t.ConfigErrorCode = 0
		t.NumPartitions = partitions
		t.ReplicationFactor = 3
		t.Configs = []kmsg.CreateTopicsResponseTopicConfig{}
		for _, kv := range responseConfigs {
			c := kmsg.NewCreateTopicsResponseTopicConfig()
			c.Name = kv[0]
			c.Value = strp(kv[1])
			c.ReadOnly = false
			c.Source = 5
			c.IsSensitive = false
			t.Configs = append(t.Configs, c)
		}
		r.Topics = append(r.Topics, t)
	}
	return r
}

// The kmsg methods every workload's message has.
type message interface {
	SetVersion(int16)
	AppendTo([]byte) []byte
	ReadFrom([]byte) error
	UnsafeReadFrom([]byte) error
}

type contender struct {
	workload, name, op string
	run                func(n int)
	// The bytes the check hashes: what encode wrote, the re-encoding of
	// what decode read, or memcpy's copy.
	output func() []byte
}

func addWorkload(cs []contender, name string, version int16, inst message, fresh func() message) []contender {
	inst.SetVersion(version)
	body := inst.AppendTo(nil)
	buf := make([]byte, 0, len(body))
	reencode := func(m message) []byte {
		m.SetVersion(version)
		return m.AppendTo(nil)
	}
	decodeInto := func(m message, unsafe bool) {
		m.SetVersion(version)
		var err error
		if unsafe {
			err = m.UnsafeReadFrom(body)
		} else {
			err = m.ReadFrom(body)
		}
		if err != nil {
			panic(fmt.Sprintf("%s: kmsg decode: %v", name, err))
		}
	}
	reused := fresh()
	dst := make([]byte, len(body))
	return append(cs,
		contender{name, "kmsg", "encode",
			func(n int) {
				for i := 0; i < n; i++ {
					buf = inst.AppendTo(buf[:0])
					sink += len(buf)
				}
			},
			func() []byte { return inst.AppendTo(nil) }},
		contender{name, "kmsg", "decode",
			func(n int) {
				for i := 0; i < n; i++ {
					m := fresh()
					decodeInto(m, false)
					sink++
				}
			},
			func() []byte { m := fresh(); decodeInto(m, false); return reencode(m) }},
		contender{name, "kmsg/reused", "decode",
			func(n int) {
				for i := 0; i < n; i++ {
					decodeInto(reused, false)
					sink++
				}
			},
			func() []byte { decodeInto(reused, false); return reencode(reused) }},
		contender{name, "kmsg/unsafe", "decode",
			func(n int) {
				for i := 0; i < n; i++ {
					m := fresh()
					decodeInto(m, true)
					sink++
				}
			},
			func() []byte { m := fresh(); decodeInto(m, true); return reencode(m) }},
		contender{name, "memcpy/go", "memcpy",
			func(n int) {
				for i := 0; i < n; i++ {
					copy(dst, body)
					sink += int(dst[len(dst)-1])
				}
			},
			func() []byte { copy(dst, body); return append([]byte(nil), dst...) }},
	)
}

func contenders() []contender {
	var cs []contender
	newReq := func() message { return kmsg.NewPtrCreateTopicsRequest() }
	cs = addWorkload(cs, "small_v7", 7, small(), newReq)
	cs = addWorkload(cs, "large_v7", 7, large(), newReq)
	cs = addWorkload(cs, "large_v4", 4, large(), newReq)
	cs = addWorkload(cs, "acls_v3", 3, acls(), func() message { return kmsg.NewPtrCreateACLsRequest() })
	cs = addWorkload(cs, "response_v7", 7, response(), func() message { return kmsg.NewPtrCreateTopicsResponse() })
	return cs
}

// Wall-clock nanoseconds for n operations. (The driver measures the
// process's CPU time around the command, from /proc.)
func timeBatch(c *contender, n int) int64 {
	t0 := time.Now()
	c.run(n)
	return time.Since(t0).Nanoseconds()
}

// Iterations that take about target ns (doubling, at most 2^24 and 2 s).
func calibrate(c *contender, target int64) int {
	n := 1
	start := time.Now()
	for {
		wall := timeBatch(c, n)
		if wall >= target/4 || n >= 1<<24 || time.Since(start) > 2*time.Second {
			per := float64(wall) / float64(n)
			if per <= 0 {
				per = 1
			}
			k := int(float64(target) / per)
			if k < 1 {
				k = 1
			}
			return k
		}
		n *= 2
	}
}

func versions() string {
	parts := []string{"go=" + runtime.Version(), "GOMAXPROCS=" + strconv.Itoa(runtime.GOMAXPROCS(0))}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == "github.com/twmb/franz-go/pkg/kmsg" {
				parts = append(parts, "kmsg="+d.Version)
			}
		}
	}
	if g := os.Getenv("GOGC"); g != "" {
		parts = append(parts, "GOGC="+g)
	}
	return strings.Join(parts, " ")
}

func main() {
	cs := contenders()
	find := func(w, name, op string) *contender {
		for i := range cs {
			if cs[i].workload == w && cs[i].name == name && cs[i].op == op {
				return &cs[i]
			}
		}
		fmt.Fprintf(os.Stderr, "peers-go: no contender %s %s %s\n", w, name, op)
		os.Exit(2)
		return nil
	}
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		f := strings.Fields(in.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "hello":
			fmt.Fprintf(out, "hello go %s\n", versions())
		case "check":
			for i := range cs {
				c := &cs[i]
				b := c.output()
				sum := sha256.Sum256(b)
				// Allocations per operation, after one operation to warm up.
				c.run(1)
				const reps = 4
				var m0, m1 runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&m0)
				c.run(reps)
				runtime.ReadMemStats(&m1)
				fmt.Fprintf(out, "check %s %s %s %d %s %d %d\n", c.workload, c.name, c.op, len(b),
					hex.EncodeToString(sum[:]), (m1.Mallocs-m0.Mallocs)/reps, (m1.TotalAlloc-m0.TotalAlloc)/reps)
			}
			fmt.Fprintln(out, "end")
		case "calibrate":
			ns, _ := strconv.ParseInt(f[4], 10, 64)
			fmt.Fprintln(out, calibrate(find(f[1], f[2], f[3]), ns))
		case "warmup":
			ms, _ := strconv.ParseInt(f[1], 10, 64)
			deadline := time.Now().Add(time.Duration(ms) * time.Millisecond)
			for time.Now().Before(deadline) {
				for i := range cs {
					cs[i].run(1)
				}
			}
			fmt.Fprintln(out, "ok")
		case "bench":
			n, _ := strconv.Atoi(f[4])
			fmt.Fprintln(out, timeBatch(find(f[1], f[2], f[3]), n))
		case "quit":
			return
		default:
			fmt.Fprintf(out, "error unknown command %q\n", f[0])
		}
		out.Flush()
	}
}
