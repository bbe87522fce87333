package main

import (
	"context"
	"log/slog"
	"strings"
	"testing"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"
)

// TestStandIns: FerretDB's non-unique btree index becomes an empty stand-in of the same name as
// soon as createIndexes returns; a unique one keeps enforcing uniqueness; lookups still use the
// companion; the stand-in stays empty as documents come; FerretDB lists and drops it as its own.
func TestStandIns(t *testing.T) {
	ctx := context.Background()
	comp, _ := testCompanions(t, slog.LevelWarn)
	client := startFront(t, newWriteLocks(true).lock, comp)
	db := freshDatabase(t, client, comp, "pinhive_test_standins")

	items := db.Collection("items")
	if _, err := items.Indexes().CreateMany(ctx, []mongo.IndexModel{
		{Keys: bson.D{{Key: "code", Value: 1}}, Options: options.Index().SetUnique(true)},
		{Keys: bson.D{{Key: "bucket", Value: 1}}},
	}); err != nil {
		t.Fatal(err)
	}

	// FerretDB's own PostgreSQL index of each, by its catalogue: "definition" and its size after inserts.
	pgIndex := func(name string) (def string, bytes int64) {
		err := comp.pool.QueryRow(ctx, `SELECT i.indexdef, pg_relation_size(format('%I.%I', i.schemaname, i.indexname))
			FROM pg_indexes i JOIN "pinhive_test_standins"._ferretdb_database_metadata m ON m._jsonb->>'table' = i.tablename,
			jsonb_array_elements(m._jsonb->'indexes') x
			WHERE i.schemaname = $1 AND m._jsonb->>'_id' = 'items' AND x->>'name' = $2 AND i.indexname = x->>'pgindex'`,
			db.Name(), name).Scan(&def, &bytes)
		if err != nil {
			t.Fatalf("index %s: %v", name, err)
		}
		return def, bytes
	}
	if def, _ := pgIndex("bucket_1"); !strings.HasSuffix(def, "USING btree ((true)) WHERE false") {
		t.Errorf("non-unique index not a stand-in: %s", def)
	}
	for _, name := range []string{"code_1", "_id_"} {
		if def, _ := pgIndex(name); !strings.HasPrefix(def, "CREATE UNIQUE INDEX") || strings.Contains(def, "WHERE false") {
			t.Errorf("unique index %s changed: %s", name, def)
		}
	}

	docs := make([]any, 5000)
	for i := range docs {
		docs[i] = bson.D{{Key: "code", Value: i}, {Key: "bucket", Value: i % 50}}
	}
	if _, err := items.InsertMany(ctx, docs); err != nil {
		t.Fatal(err)
	}
	if _, err := items.InsertOne(ctx, bson.D{{Key: "code", Value: 7}, {Key: "bucket", Value: 1}}); !mongo.IsDuplicateKeyError(err) {
		t.Errorf("a second code 7 was not refused: %v", err)
	}
	_, standInBytes := pgIndex("bucket_1")
	_, uniqueBytes := pgIndex("code_1")
	t.Logf("after 5,000 documents: stand-in %d bytes, the unique index %d bytes", standInBytes, uniqueBytes)
	if standInBytes > 8192 || uniqueBytes <= 8192 {
		t.Errorf("stand-in %d bytes (want one page at most), unique index %d bytes", standInBytes, uniqueBytes)
	}
	if n, err := items.CountDocuments(ctx, bson.D{{Key: "bucket", Value: 3}}); err != nil || n != 100 {
		t.Errorf("bucket 3: %d documents, %v", n, err)
	}
	if _, err := comp.pool.Exec(ctx, `ANALYZE "pinhive_test_standins".`+tableOf(t, comp, db.Name(), "items")); err != nil {
		t.Fatal(err)
	}
	var res bson.M
	if err := db.RunCommand(ctx, bson.D{{Key: "explain", Value: bson.D{{Key: "find", Value: "items"}, {Key: "filter", Value: bson.D{{Key: "bucket", Value: 3}}}}}}).Decode(&res); err != nil {
		t.Fatal(err)
	}
	if index := findIndexScan(res["queryPlanner"].(bson.M)["Plan"].(bson.M)); !strings.HasPrefix(index, companionPrefix) {
		t.Errorf("{bucket} is read through %q, not its companion", index)
	}

	// A second sync (a restart) leaves the stand-in as it is; FerretDB lists and drops it.
	comp.syncNow(db.Name(), "items")
	cur, err := items.Indexes().List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var listed []bson.M
	if err = cur.All(ctx, &listed); err != nil || len(listed) != 3 {
		t.Fatalf("listIndexes: %v, %v", listed, err)
	}
	if _, err := items.Indexes().DropOne(ctx, "bucket_1"); err != nil {
		t.Fatalf("dropIndexes of the stand-in's index: %v", err)
	}
	var left int
	if err := comp.pool.QueryRow(ctx, `SELECT count(*) FROM pg_indexes WHERE schemaname = $1 AND indexdef LIKE '%WHERE false'`, db.Name()).Scan(&left); err != nil || left != 0 {
		t.Errorf("stand-ins left after dropIndexes: %d, %v", left, err)
	}
}
