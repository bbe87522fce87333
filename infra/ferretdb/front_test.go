package main

// Tests against a real PostgreSQL, with FerretDB and our front running in this process:
//
//	PINHIVE_TEST_POSTGRESQL_URL=postgres://pinhive@127.0.0.1:25432/ferretdb go test -v -count=1 .
//
// Without the variable they are skipped. TestWriteLocking also prints the figures of docs/decisions/ferretdb-concurrent-updates.md
// (PINHIVE_BENCH_CLIENTS, PINHIVE_BENCH_OPS, PINHIVE_BENCH_ROUNDS change the load).

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/FerretDB/FerretDB/ferretdb"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"
)

var (
	ferretOnce   sync.Once
	ferretSocket string
)

// testPG returns the PostgreSQL URL and starts FerretDB on a Unix socket once per process.
func testPG(t *testing.T) string {
	u := os.Getenv("PINHIVE_TEST_POSTGRESQL_URL")
	if u == "" {
		t.Skip("PINHIVE_TEST_POSTGRESQL_URL is not set")
	}
	if !strings.Contains(u, "pool_max_conns") { // the pool the stack gives FerretDB (writeslots.go)
		sep := "?"
		if strings.Contains(u, "?") {
			sep = "&"
		}
		u += sep + "pool_max_conns=" + strconv.Itoa(poolMaxConns)
	}
	ferretOnce.Do(func() {
		dir, err := os.MkdirTemp("", "phf")
		if err != nil {
			t.Fatal(err)
		}
		ferretSocket = filepath.Join(dir, "ferretdb.sock")
		f, err := ferretdb.New(&ferretdb.Config{
			Listener:      ferretdb.ListenerConfig{Unix: ferretSocket},
			Logger:        slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError})),
			Handler:       "postgresql",
			PostgreSQLURL: u,
		})
		if err != nil {
			t.Fatal(err)
		}
		go f.Run(context.Background()) //nolint:errcheck // lives as long as the test process
	})
	return u
}

// startFront runs a front with the given lock on a free port and returns a client of it.
func startFront(t *testing.T, lock func(*command) func(), comp *companions) *mongo.Client {
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	return serveFront(t, &front{backend: ferretSocket, logger: logger, lock: lock, companions: comp})
}

// serveFront runs fr on a free port and returns a client of it.
func serveFront(t *testing.T, fr *front) *mongo.Client {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go fr.serve(ln)
	client, err := mongo.Connect(context.Background(), options.Client().
		ApplyURI("mongodb://"+ln.Addr().String()+"/?directConnection=true").SetMaxPoolSize(64))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Disconnect(context.Background()) })
	return client
}

// testCompanions: companions on the test cluster (FerretDB started), closed with the test.
func testCompanions(t *testing.T, level slog.Level) (*companions, *slog.Logger) {
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
	comp, err := newCompanions(context.Background(), testPG(t), logger)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(comp.close)
	return comp, logger
}

// freshDatabase: a database of the test, dropped before and after it, its companions forgotten.
func freshDatabase(t *testing.T, client *mongo.Client, comp *companions, name string) *mongo.Database {
	db := client.Database(name)
	_ = db.Drop(context.Background())
	comp.forgetDatabase(name)
	t.Cleanup(func() { _ = db.Drop(context.Background()) })
	return db
}

func TestCompanionIndexes(t *testing.T) {
	ctx := context.Background()
	comp, _ := testCompanions(t, slog.LevelInfo)
	client := startFront(t, newWriteLocks(true).lock, comp)
	db := freshDatabase(t, client, comp, "pinhive_test_companions")

	// companion lists the companion indexes of a collection as "name: definition".
	companionsOf := func(coll string) []string {
		rows, err := comp.pool.Query(ctx, `SELECT i.indexname || ': ' || i.indexdef FROM pg_indexes i
			JOIN `+`"pinhive_test_companions"._ferretdb_database_metadata m ON m._jsonb->>'table' = i.tablename
			WHERE i.schemaname = $1 AND m._jsonb->>'_id' = $2 AND starts_with(i.indexname, $3) ORDER BY 1`,
			db.Name(), coll, companionPrefix)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for rows.Next() {
			var s string
			if err := rows.Scan(&s); err != nil {
				t.Fatal(err)
			}
			out = append(out, s)
		}
		return out
	}
	has := func(list []string, part string) bool {
		return slices.ContainsFunc(list, func(s string) bool { return strings.Contains(s, part) })
	}

	// createIndexes: the companions exist as soon as it returns.
	users := db.Collection("users")
	for _, m := range []mongo.IndexModel{
		{Keys: bson.D{{Key: "username", Value: 1}}, Options: options.Index().SetUnique(true)},
		{Keys: bson.D{{Key: "b", Value: -1}, {Key: "a", Value: 1}}},
		{Keys: bson.D{{Key: "x.y", Value: 1}}}, // dotted: not pushed down, so no companion
		{Keys: bson.D{{Key: "it's", Value: 1}}},
	} {
		if _, err := users.Indexes().CreateOne(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	got := companionsOf("users")
	t.Logf("companions:\n%s", strings.Join(got, "\n"))
	for _, want := range []string{
		"USING gin (((_jsonb -> '_id'::text)) jsonb_path_ops)",
		"USING gin (((_jsonb -> 'username'::text)) jsonb_path_ops)",
		"USING gin (((_jsonb -> 'a'::text)) jsonb_path_ops, ((_jsonb -> 'b'::text)) jsonb_path_ops)",
		"USING gin (((_jsonb -> 'it''s'::text)) jsonb_path_ops)",
	} {
		if !has(got, want) {
			t.Errorf("missing companion %s", want)
		}
	}
	if len(got) != 4 {
		t.Errorf("want 4 companions, got %d", len(got))
	}
	for _, c := range got {
		if !strings.Contains(c, "WITH (fastupdate=off)") {
			t.Errorf("companion without fastupdate=off: %s", c)
		}
		// One field other than _id: only documents that have it; _id and compound keys: all.
		single := strings.Contains(c, "'username'") || strings.Contains(c, "'it''s'")
		if partial := strings.HasSuffix(c, "IS NOT NULL)"); partial != single {
			t.Errorf("companion partial=%v: %s", partial, c)
		}
	}

	// 20,000 documents; FerretDB's query for {username} must use the companion.
	docs := make([]any, 20000)
	for i := range docs {
		docs[i] = bson.D{{Key: "username", Value: "u" + strconv.Itoa(i)}, {Key: "n", Value: i}}
	}
	if _, err := users.InsertMany(ctx, docs); err != nil {
		t.Fatal(err)
	}
	if _, err := comp.pool.Exec(ctx, `ANALYZE "pinhive_test_companions".`+tableOf(t, comp, db.Name(), "users")); err != nil {
		t.Fatal(err)
	}
	for _, filter := range []bson.D{{{Key: "username", Value: "u12345"}}, {{Key: "n", Value: 12345}}} {
		var res bson.M
		err := db.RunCommand(ctx, bson.D{{Key: "explain", Value: bson.D{{Key: "find", Value: "users"}, {Key: "filter", Value: filter}}}}).Decode(&res)
		if err != nil {
			t.Fatal(err)
		}
		plan := res["queryPlanner"].(bson.M)["Plan"].(bson.M)
		index := findIndexScan(plan)
		t.Logf("explain %v: pushdown=%v top node %q, index scan %q", filter, res["filterPushdown"], plan["Node Type"], index)
		if indexed := filter[0].Key == "username"; indexed != strings.HasPrefix(index, companionPrefix) {
			t.Errorf("filter %v: index scan %q", filter, index)
		}
		if os.Getenv("PINHIVE_TEST_SHOW_EXPLAIN") != "" {
			b, _ := bson.MarshalExtJSONIndent(res, false, false, "", "  ")
			t.Logf("%s", b)
		}
	}
	start := time.Now()
	var one bson.M
	if err := users.FindOne(ctx, bson.D{{Key: "username", Value: "u19999"}}).Decode(&one); err != nil {
		t.Fatal(err)
	}
	t.Logf("findOne {username} on 20,000 documents: %v", time.Since(start))

	// dropIndexes: the companion goes with the FerretDB index.
	if _, err := users.Indexes().DropOne(ctx, "username_1"); err != nil {
		t.Fatal(err)
	}
	if got := companionsOf("users"); has(got, "'username'") || len(got) != 3 {
		t.Errorf("after dropIndexes: %v", got)
	}

	// A collection created by an insert gets its _id companion in the background.
	if _, err := db.Collection("implicit").InsertOne(ctx, bson.D{{Key: "a", Value: 1}}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for len(companionsOf("implicit")) != 1 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if got := companionsOf("implicit"); len(got) != 1 || !has(got, "'_id'") {
		t.Errorf("implicit collection: %v", got)
	}

	// At start, syncAll recreates what is missing (data made by an older binary).
	if _, err := comp.pool.Exec(ctx, `DROP INDEX "pinhive_test_companions".`+
		strings.SplitN(companionsOf("implicit")[0], ":", 2)[0]); err != nil {
		t.Fatal(err)
	}
	comp.syncAll()
	if got := companionsOf("implicit"); len(got) != 1 {
		t.Errorf("after syncAll: %v", got)
	}

	// drop then an implicit re-create: the new table gets its companion again.
	if err := db.Collection("implicit").Drop(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Collection("implicit").InsertOne(ctx, bson.D{{Key: "a", Value: 1}}); err != nil {
		t.Fatal(err)
	}
	deadline = time.Now().Add(5 * time.Second)
	for len(companionsOf("implicit")) != 1 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if got := companionsOf("implicit"); len(got) != 1 {
		t.Errorf("after drop and insert: %v", got)
	}
}

func tableOf(t *testing.T, c *companions, db, coll string) string {
	var table string
	err := c.pool.QueryRow(context.Background(), `SELECT _jsonb->>'table' FROM "`+db+`"._ferretdb_database_metadata WHERE _jsonb->>'_id' = $1`, coll).Scan(&table)
	if err != nil {
		t.Fatal(err)
	}
	return `"` + table + `"`
}

// findIndexScan returns the "Index Name" of the first index scan node of a PostgreSQL JSON plan.
func findIndexScan(node bson.M) string {
	if name, ok := node["Index Name"].(string); ok {
		return name
	}
	children, _ := node["Plans"].(bson.A)
	for _, c := range children {
		if name := findIndexScan(c.(bson.M)); name != "" {
			return name
		}
	}
	return ""
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// TestWriteLocking counts $inc updates under each lock and measures their rate.
func TestWriteLocking(t *testing.T) {
	testPG(t)
	ctx := context.Background()
	clients, ops, rounds := envInt("PINHIVE_BENCH_CLIENTS", 16), envInt("PINHIVE_BENCH_OPS", 500), envInt("PINHIVE_BENCH_ROUNDS", 3)

	locks := []struct {
		name string
		lock func(*command) func()
		safe bool
	}{
		{"none", func(*command) func() { return nil }, false},
		{"global", globalLock(), true},
		{"collection", newWriteLocks(false).lock, true},
		{"document", newWriteLocks(true).lock, true},
	}
	type workload struct {
		name   string
		colls  int
		docs   int // per collection
		target func(c int) (coll, doc int, byID bool)
	}
	workloads := []workload{
		{"1 doc, filter {_id}", 1, 1, func(int) (int, int, bool) { return 0, 0, true }},
		{"8 docs in 1 coll, filter {_id}", 1, 8, func(c int) (int, int, bool) { return 0, c % 8, true }},
		{"8 docs in 2 colls, filter {_id}", 2, 4, func(c int) (int, int, bool) { return c % 2, c / 2 % 4, true }},
		{"8 docs in 2 colls, half {_id} half {k}", 2, 4, func(c int) (int, int, bool) { return c % 2, c / 2 % 4, c%4 < 2 }},
	}

	// One front and client per lock, made once; each (round, workload) runs every lock in a
	// rotating order, so load from elsewhere on the machine hits them alike.
	fronts := make([]*mongo.Database, len(locks))
	for i, l := range locks {
		fronts[i] = startFront(t, l.lock, nil).Database("pinhive_test_locks")
	}
	defer fronts[0].Drop(ctx)
	rates := map[string][]float64{}
	for round := 0; round < rounds; round++ {
		for _, w := range workloads {
			for j := range locks {
				i := (j + round) % len(locks)
				l, db := locks[i], fronts[i]
				rate, lost, total := runIncrements(t, db, clients, ops, w.colls, w.docs, w.target)
				key := l.name + "|" + w.name
				rates[key] = append(rates[key], rate)
				t.Logf("round %d %-10s %-40s %6.0f updates/s, lost %d of %d", round+1, l.name, w.name, rate, lost, total)
				if l.safe && lost != 0 {
					t.Errorf("%s lock lost %d of %d updates (%s)", l.name, lost, total, w.name)
				}
			}
		}
	}
	var table strings.Builder
	fmt.Fprintf(&table, "median updates/s of %d rounds, %d clients x %d updates:\n", rounds, clients, ops)
	for _, w := range workloads {
		fmt.Fprintf(&table, "%-40s", w.name)
		for _, l := range locks {
			r := rates[l.name+"|"+w.name]
			slices.Sort(r)
			fmt.Fprintf(&table, " %10s %6.0f", l.name, r[len(r)/2])
		}
		table.WriteString("\n")
	}
	t.Log(table.String())
}

// globalLock is the front's previous policy: one lock for every write.
func globalLock() func(*command) func() {
	var m sync.Mutex
	return func(*command) func() { m.Lock(); return m.Unlock }
}

// runIncrements resets colls x docs documents {_id: "d<j>", k: "d<j>", n: 0} in collections
// c<i>, has each client send ops {$inc: {n: 1}} to its target, and returns the rate and the
// updates that went missing.
func runIncrements(t *testing.T, db *mongo.Database, clients, ops, colls, docs int,
	target func(c int) (coll, doc int, byID bool),
) (rate float64, lost, total int32) {
	ctx := context.Background()
	_ = db.Drop(ctx)
	for c := 0; c < colls; c++ {
		for d := 0; d < docs; d++ {
			id := fmt.Sprintf("d%d", d)
			doc := bson.D{{Key: "_id", Value: id}, {Key: "k", Value: id}, {Key: "n", Value: 0}}
			if _, err := db.Collection(fmt.Sprint("c", c)).InsertOne(ctx, doc); err != nil {
				t.Fatal(err)
			}
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, clients)
	start := time.Now()
	for c := 0; c < clients; c++ {
		wg.Add(1)
		go func(c int) {
			defer wg.Done()
			coll, doc, byID := target(c)
			filter := bson.D{{Key: "k", Value: fmt.Sprintf("d%d", doc)}}
			if byID {
				filter = bson.D{{Key: "_id", Value: fmt.Sprintf("d%d", doc)}}
			}
			update := bson.D{{Key: "$inc", Value: bson.D{{Key: "n", Value: 1}}}}
			for i := 0; i < ops; i++ {
				if _, err := db.Collection(fmt.Sprint("c", coll)).UpdateOne(ctx, filter, update); err != nil {
					errs <- err
					return
				}
			}
		}(c)
	}
	wg.Wait()
	elapsed := time.Since(start)
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}

	// Every document must hold exactly the number of updates sent to it.
	want := map[string]int32{}
	for c := 0; c < clients; c++ {
		coll, doc, _ := target(c)
		want[fmt.Sprintf("c%d/d%d", coll, doc)] += int32(ops)
	}
	for key, n := range want {
		coll, id, _ := strings.Cut(key, "/")
		var doc struct{ N int32 }
		if err := db.Collection(coll).FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&doc); err != nil {
			t.Fatal(err)
		}
		total += n
		lost += n - doc.N
	}
	return float64(total) / elapsed.Seconds(), lost, total
}
